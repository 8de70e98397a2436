/**
 * The calls of server/src/modules/accounts: after opening (issue 13): user-centre ids, currency exchange, trading
 * password, account updates, margin upgrade, page tickets, HK investor identifier, improve-info.
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { LANGS } from '../calls';
import { ACCOUNT_PAGE_NAMES, CID_ID_TYPE, CONSENT_CHANNEL } from '../hk-identifier';
import { IMPROVE_ITEMS } from '../improve-info';
import { subAcctId, userView, type CallWires } from './shared';

/** an account update's modules (8 address, 512 W-8BEN) and actions (1 save, 2 discard): src/core/domain/account-update.ts */
const updateModule = z.union([z.literal(8), z.literal(512)]);
const updateAction = z.union([z.literal(1), z.literal(2)]);
const updateMasks = { updateId: z.string(), status: z.number(), module: z.number(), reUpdateModule: z.number(), rejectModule: z.number() };

export const accountsCalls = {
  hlInfoBySubId: {
    summary: "The user-centre ids of one of the caller's accounts",
    req: z.object({ subAcctId }),
    res: z.object({ uin: z.string(), cltId: z.string(), acctId: z.string(), subAcctId: z.string() }),
  },
  autoExchangeQuery: {
    summary: 'Whether automatic currency exchange is on for a cash account',
    req: z.object({ subAccountId: subAcctId }),
    /** 1 on, 0 off */
    res: z.object({ status: z.number() }),
  },
  autoExchangeChange: {
    summary: 'Switch automatic currency exchange of a cash account on or off',
    /** the ids of one of the caller's cash accounts, as HlInfoBySubId gave them; action 1 on, 2 off */
    req: z.object({ clientId: z.string().max(32), uin: z.string().max(32), accountId: z.string().max(32), subAccountId: subAcctId, action: z.union([z.literal(1), z.literal(2)]) }),
    res: z.object({ status: z.number() }),
  },
  tradePasswordStatus: {
    summary: "Whether an account's trading password is set or locked, and this session's verification",
    req: z.object({ subAcctId }),
    /** loginNeeded: no password set yet and this session's login is not recent enough to set one (isRecentLogin) */
    res: z.object({ set: z.boolean(), lockedUntil: z.string().nullable(), verifiedUntil: z.string().nullable(), loginNeeded: z.boolean() }),
  },
  tradePasswordSet: {
    summary: "Set an account's first trading password",
    req: z.object({ subAcctId, password: z.string().max(32) }),
    res: z.object({ verifiedUntil: z.string() }),
  },
  tradePasswordVerify: {
    summary: 'Verify the trading password before editing account information',
    /** the password typed on our screen, or (in the app) the ticket of the app's own trade-password check: one of them */
    req: z
      .object({ subAcctId, password: z.string().max(32).optional(), ticket: z.string().max(512).optional() })
      .refine((r) => (r.password === undefined) !== (r.ticket === undefined), { message: 'one of password or ticket', path: ['password'] }),
    res: z.object({ verifiedUntil: z.string() }),
  },
  clientApplys: {
    summary: "An account's current address and W-8BEN and its update in progress",
    req: z.object({ subAcctId }),
    res: z.object({
      /** what the account holds now: the address module's fields and the W-8BEN's {country, residenceAddress} */
      current: z.object({ address: z.record(z.string(), z.unknown()).nullable(), w8: z.record(z.string(), z.unknown()).nullable() }),
      /** the update in progress (or the last one decided), null when there has been none */
      update: z
        .object({
          ...updateMasks,
          isCreated: z.literal(true),
          rejectData: z.object({ message: z.string(), steps: z.array(z.string()) }).nullable(),
          /** the saved modules' data by module ("8", "512") */
          data: z.record(z.string(), z.unknown()),
        })
        .nullable(),
      /** the broker's request to update, if any */
      notice: z.object({ module: z.number(), message: z.string(), seen: z.boolean() }).nullable(),
    }),
  },
  clientApply: {
    summary: 'Start an account update with its first module',
    /** starts an update with its first module (isCreated false); action 1 saves `data`, 2 discards */
    req: z.object({ subAcctId, cltId: z.string().max(32), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientUpdate: {
    summary: 'Save or discard a module of the account update in progress',
    /** saves a module of the update in progress (isCreated true), or discards it (action 2) */
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientSubmit: {
    summary: 'Submit an account update for review',
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64) }),
    res: z.object({ status: z.number() }),
  },
  clientUpdateNotice: {
    summary: "Mark the broker's request to update as seen",
    /** the client has seen the broker's request to update */
    req: z.object({ subAcctId, cltId: z.string().max(32) }),
    res: z.object({ seen: z.boolean() }),
  },
  marginUpgradeQuery: {
    summary: 'What a cash account signs to upgrade to margin, and its latest request',
    req: z.object({ subAcctId }),
    /** the account type, the agreements this client signs to upgrade, why it cannot ask now (or null), its latest request */
    res: z.object({
      acctType: z.number(),
      agreements: z.array(z.string()),
      block: z.enum(['margin', 'pending', 'age']).nullable(),
      request: z.object({ requestId: z.string(), status: z.number(), message: z.string(), createdAt: z.string(), decidedAt: z.string().nullable() }).nullable(),
    }),
  },
  marginUpgradeApply: {
    summary: 'Ask to upgrade a cash account to margin',
    /** the agreements and statements the client confirmed (exactly the ones asked: domain/margin-upgrade.ts) */
    req: z.object({ subAcctId, agreements: z.array(z.string().max(40)).max(8), acknowledgements: z.array(z.string().max(40)).max(8) }),
    res: z.object({ requestId: z.string(), status: z.number() }),
  },
  pageTicketLogin: {
    summary: "Log in with the app's page ticket of an after-opening page",
    /** the ticket of the page's query and the page it opened (a ticket made for the other page is refused) */
    req: z.object({ ticket: z.string().min(10).max(1024), page: z.enum(ACCOUNT_PAGE_NAMES as [string, ...string[]]) }),
    /** the user the ticket logged in (as UserInfo) and the sub-account it names */
    res: z.object({ user: userView, subAcctId: z.string() }),
  },
  hkIdentifierInfo: {
    summary: "An account's HK investor identifier consent: to sign or signed, and the data sent",
    req: z.object({ subAcctId }),
    res: z.object({
      /** 1 to sign, 2 signed (extra.needSignHKIdentifier) */
      needSignHKIdentifier: z.number(),
      /** the consent version the page shows (its text: hkIdentifier.consent of the locales) */
      consentVersion: z.string(),
      /** the identification data to be sent with the BCAN (the document number masked); null when none is on file here */
      identification: z
        .object({
          englishName: z.string(),
          chineseName: z.string(),
          idType: z.enum([CID_ID_TYPE.HKID, CID_ID_TYPE.NATIONAL_ID, CID_ID_TYPE.PASSPORT]),
          idNumberMasked: z.string(),
          issuingCountry: z.string(),
        })
        .nullable(),
      /** the signed consent of the client, null before */
      consent: z
        .object({ version: z.string(), lang: z.enum(LANGS), signedAt: z.string(), bcan: z.string(), channel: z.enum([CONSENT_CHANNEL.APP, CONSENT_CHANNEL.WEB]) })
        .nullable(),
    }),
  },
  hkIdentifierSign: {
    summary: 'Sign the HK investor identifier (HKIDR) consent',
    /** the consent version the page showed, in the language it showed it, and the ticked box */
    req: z.object({ subAcctId, version: z.string().min(1).max(32), lang: z.enum(LANGS), agreed: z.literal(true) }),
    res: z.object({ needSignHKIdentifier: z.number(), bcan: z.string(), signedAt: z.string() }),
  },
  improveInfoDetail: {
    summary: "The broker's open request to complete information, with what is on file",
    req: z.object({ subAcctId }),
    res: z.object({
      /** the open request, or null when there is none */
      request: z
        .object({ requestId: z.string(), items: z.array(z.enum(IMPROVE_ITEMS)), message: z.string().nullable(), createdAt: z.string() })
        .nullable(),
      /** what the rules need (the same on the page and the service) */
      context: z.object({ clientType: z.enum(['cn', 'hk']), birthday: z.string().nullable(), employment: z.string().nullable() }),
      /** the answers on file from the opening, by item (the page starts from them) */
      prefill: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  },
  improveInfoSubmit: {
    summary: "Answer the broker's request to complete information",
    /** an answer for every item of the request (src/core/domain/improve-info.ts); files: the caller's uploads */
    req: z.object({ subAcctId, requestId: z.string().min(6).max(64), answers: z.record(z.string().max(32), z.unknown()) }),
    res: z.object({ status: z.number(), completedAt: z.string() }),
  },
} as const satisfies CallWires;
