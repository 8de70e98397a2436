/** The product's page settings: the limits of the opening, the contact and page addresses, the offers and forms shown. */
import { z } from 'zod';
// relative: the test set-up loads the settings without the path aliases (server/test/global-setup.ts)
import { DEFAULT_EVIDENCE_RULE, EVIDENCE_RULES } from '../../../src/core/domain/derivative-evidence';
import { int } from './fields';

/** Example receiving accounts (fictional: a deployment sets its own with DEPOSIT_ACCOUNTS). */
export const DEFAULT_DEPOSIT_ACCOUNTS = JSON.stringify([
  { currency: 'HKD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-001', swift: 'EXAMHKHH' },
  { currency: 'USD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-002', swift: 'EXAMHKHH' },
  { currency: 'CNH', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-003', swift: 'EXAMHKHH' },
]);

export const pagesEnv = {
  AREA_OPENING_LIMIT_TYPE: int(0, 0, 99),
  AREA_STATEMENT_LIMIT_TYPE: int(1, 0, 99),
  AREA_STATEMENT_SKIP_TYPE: z.enum(['0', '1']).default('0'),
  IP_DEFAULT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').default('HK'),
  IP_DEFAULT_REGION: z.string().max(16).default(''),
  MEMBER_PAGE_URL: z.string().min(1).default('/pages/account.html#/accountHome'),
  APP_DOWNLOAD_URL: z.string().min(1).default('https://www.example.com/app'),
  SERVICE_PHONE_MAINLAND: z.string().min(1).default('400 000 0000'),
  SERVICE_PHONE_HK: z.string().min(1).default('+852 0000 0000'),
  /** organisation signing: a signing link's life in hours (unset: SIGN_LIMITS.ticketHoursDefault; ops sign-ticket --hours overrides it per ticket) */
  SIGN_TICKET_HOURS: z.coerce.number().int().min(1).max(24 * 90).optional(),
  /** the derivatives questionnaire the investment page shows: full (version 2) or simple (version 1) */
  DERIVATIVE_FORM: z.enum(['full', 'simple']).default('full'),
  /** evidence files for the derivatives questionnaire's ticked boxes (issue 41): off, optional or required */
  DERIVATIVE_EVIDENCE: z.enum(EVIDENCE_RULES).default(DEFAULT_EVIDENCE_RULE),
  /** the broker's receiving accounts of the deposit page: a JSON list of {currency, bankName, accountName, accountNumber, swift} */
  DEPOSIT_ACCOUNTS: z
    .string()
    .default(DEFAULT_DEPOSIT_ACCOUNTS)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(
          z.object({
            currency: z.enum(['HKD', 'USD', 'CNH']),
            bankName: z.string().min(1).max(100),
            accountName: z.string().min(1).max(100),
            accountNumber: z.string().regex(/^[0-9 -]{4,40}$/),
            swift: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/),
          }),
        )
        .min(1),
    ),
  /** where the deposit button of the deposit bridge goes (the query pageFrom, name, langType, clientType is added) */
  DEPOSIT_PAGE_URL: z.string().min(1).default('/pages/openAccount.html#/deposit'),
  /** the stock transfer-in page of mainland clients (issue 13 builds ours) */
  TRANSFER_IN_URL: z.string().min(1).default('/pages/transferInStock.html'),
  /** the image of the broker's community QR code (the account home's "join community" card); the default is a sample */
  COMMUNITY_QR_URL: z.string().min(1).default('/pages/static/community-qr.svg'),
  /** the asset-transfer (stock transfer-in) protocol offered on /sign: on or off */
  ASSET_TRANSFER: z.enum(['on', 'off']).default('on'),
  /** agent or channel codes (comma list) whose applicants also tick the customer authorisation agreement on /risk */
  RISK_AUTH_CHANNELS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'codes of letters, digits, - and _'))),
};
