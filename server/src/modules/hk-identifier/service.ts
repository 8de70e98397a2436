/**
 * The HK investor identifier (HKIDR) consent of an account (issue 13): what will be sent (the client identification
 * data of the opening application, the document number masked), the consent's version, and the signature: one per
 * client, with a new BCAN, every account of the client marked signed (needSignHKIdentifier 2), audited. Signing needs
 * the account owner's session and the ticked box (the schema's `agreed: true`); the page shown must be the current
 * version (152203); a second signature is 152202. The channel is 'app' when the app's page ticket opened the page in
 * this session, else 'web'.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONSENT_CHANNEL,
  ErrorCode,
  HKIDR_CONSENT,
  HK_IDENTIFIER,
  consentKeys,
  identificationOf,
  needsHkIdentifier,
  type Lang,
  type Req,
  type Res,
} from '@core/domain';
import { audit } from '../../db/audit';
import { projectRoot } from '../../config';
import { AppError } from '../../errors';
import { openingApplication } from '../accounts';
import { mine, type AccountDeps, type Caller } from '../accounts';
import { openedByApp } from '../page-tickets';
import * as repo from './repository';

const texts = new Map<Lang, string>();

/** The consent's text in a language as the page shows it (locales hkIdentifier.consent.p1…, a blank line between). */
export function consentText(lang: Lang): string {
  let t = texts.get(lang);
  if (t === undefined) {
    const json = JSON.parse(readFileSync(join(projectRoot(), 'locales', `${lang}.json`), 'utf8')) as { hkIdentifier: { consent: Record<string, string> } };
    t = consentKeys()
      .map((k) => json.hkIdentifier.consent[k])
      .join('\n\n');
    texts.set(lang, t);
  }
  return t;
}

export const consentSha256 = (lang: Lang): string => createHash('sha256').update(consentText(lang)).digest('hex');

function consentView(c: repo.ConsentRow | undefined): Res<'hkIdentifierInfo'>['consent'] {
  if (!c) return null;
  return { version: c.version, lang: c.lang as Lang, signedAt: c.signed_at.toISOString(), bcan: c.bcan, channel: c.channel as 'app' | 'web' };
}

export async function info(deps: AccountDeps, who: Caller, req: Req<'hkIdentifierInfo'>): Promise<Res<'hkIdentifierInfo'>> {
  const a = await mine(deps.db, who.userId, req.subAcctId);
  const app = await openingApplication(deps.db, a.app_id);
  return {
    needSignHKIdentifier: a.need_sign_hk_identifier,
    consentVersion: HKIDR_CONSENT.version,
    identification: app ? identificationOf(app.client_type, app.data) : null,
    consent: consentView(await repo.consentOf(deps.db, a.clt_id)),
  };
}

export async function sign(deps: AccountDeps, who: Caller, req: Req<'hkIdentifierSign'>): Promise<Res<'hkIdentifierSign'>> {
  const at = new Date(deps.clock.now());
  const lang = req.lang as Lang;
  const textSha = consentSha256(lang);
  return deps.db.transaction(async (tx) => {
    const a = await mine(tx, who.userId, req.subAcctId, true);
    if (!needsHkIdentifier(a.need_sign_hk_identifier) || (await repo.consentOf(tx, a.clt_id))) throw new AppError(ErrorCode.HK_IDENTIFIER_SIGNED);
    if (req.version !== HKIDR_CONSENT.version) throw new AppError(ErrorCode.CONSENT_VERSION, { data: { version: HKIDR_CONSENT.version } });
    const channel = (await openedByApp(tx, who.sessionHash, a.sub_acct_id, 'hkIdentifier')) ? CONSENT_CHANNEL.APP : CONSENT_CHANNEL.WEB;
    const c = await repo.insertConsent(tx, { clt_id: a.clt_id, user_id: who.userId, sub_acct_id: a.sub_acct_id, version: req.version, lang, text_sha256: textSha, channel, signed_at: at });
    if (!c) throw new AppError(ErrorCode.HK_IDENTIFIER_SIGNED);
    const accounts = await repo.markClientSigned(tx, who.userId, a.clt_id, HK_IDENTIFIER.SIGNED);
    await audit(tx, {
      actor: `user:${who.userId}`,
      userId: who.userId,
      appId: a.app_id,
      action: 'account.hkIdentifier.sign',
      detail: { subAcctId: a.sub_acct_id, accounts, bcan: c.bcan, version: c.version, lang, channel },
      at,
    });
    return { needSignHKIdentifier: HK_IDENTIFIER.SIGNED, bcan: c.bcan, signedAt: at.toISOString() };
  });
}
