/**
 * The signer's Certificate (issue 41): the organisation signer's certificate of completion once the documents are
 * signed: each signed document with the SHA-256 of the signed file the signer downloads (FileDownload), when, the place
 * and device of the signing, the identity check of the link, the drawn signature, and the certificate chains of the
 * signed documents and of the certificate itself. Made once per language and kept as a file of the ticket (kind
 * certificate, unique per file name: the first of two requests at once is kept and answered to both), made and signed
 * as the applicant's is (documents' makeCertificate); audited.
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode, SIGN_DOCUMENTS, SIGN_STEP_STATUS, type Lang, type Res } from '@core/domain';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { localeText } from '../../i18n';
import { sha256hex, ticketEvidence } from '../applications';
import { certText, chainSections, deviceText, groupedHex, hongKongTime, keepFirst, makeCertificate, placeText, type CertificateSection } from '../documents';
import * as repo from './repository';
import type { Signer } from './require-signer';
import { fileViewOf, type SignDeps } from './service';

export async function signerCertificate(deps: SignDeps, signer: Signer, lang: Lang): Promise<Res<'signCertificate'>> {
  const t = (await repo.findTicket(deps.db, signer.ticketId))!;
  if (t.signature_status !== SIGN_STEP_STATUS.success || !t.signed_at) throw new AppError(ErrorCode.SIGN_NOT_SIGNED);
  const fileName = `certificate-of-completion-${lang}.pdf`;
  const keptFile = async () => (await repo.ticketFiles(deps.db, t.id)).find((f) => f.kind === 'certificate' && f.file_name === fileName);
  const kept = await keptFile();
  if (kept) return fileViewOf(kept);

  const at = new Date(deps.clock.now());
  const files = await repo.ticketFiles(deps.db, t.id);
  const cert = await repo.signerCertificate(deps.db, t.id);
  const sections = await certificateSections(deps, signer, t, files, lang);
  if (cert?.cert_der) sections.push(...chainSections([cert.cert_der, ...(cert.cert_chain ?? [])], lang, 'sections.documentsSignedWith'));
  const org = [signer.org.name, signer.org.name_zh].filter(Boolean).join(' ');
  const bytes = await makeCertificate(deps.vendors.ca, {
    caName: deps.config.ca.name,
    subjectId: t.id,
    lang,
    at,
    intro: certText(lang, 'introOrg', { name: signer.org.signer_name, organisation: org, time: hongKongTime(at, lang) }),
    sections,
    reason: `Certificate of completion of signing link ${t.id}`,
  });
  const sha256 = sha256hex(bytes);
  return keepFirst({
    store: () => deps.storage.put(bytes),
    keep: (stored) =>
      deps.db.transaction(async (tx) => {
        const row = await repo.insertCertificateFile(tx, { id: newFileId(), ticket_id: t.id, file_name: fileName, mime: 'application/pdf', size: bytes.length, sha256, storage_key: stored.key }, at);
        if (row) await audit(tx, { actor: `sign:${t.id}`, action: 'orgSign.certificate.completion', detail: { ticketId: t.id, fileId: row.id, sha256: row.sha256, lang }, at });
        return row && fileViewOf(row);
      }),
    kept: async () => fileViewOf((await keptFile())!),
    discard: (stored) => deps.storage.remove(stored.key).catch(() => undefined),
  });
}

const newFileId = () => randomBytes(16).toString('base64url');

async function certificateSections(deps: SignDeps, signer: Signer, t: repo.TicketRow, files: repo.SignFileRow[], lang: Lang): Promise<CertificateSection[]> {
  const tx = (key: string, vars?: Record<string, string | number>) => certText(lang, key, vars);
  const evidence = await ticketEvidence(deps.db, t.id);
  const signerSection: CertificateSection = {
    heading: tx('sections.signer'),
    rows: [
      { label: tx('fields.organisation'), value: [signer.org.name, signer.org.name_zh].filter(Boolean).join(' ') },
      { label: tx('fields.registration'), value: signer.org.registration_number },
      { label: tx('fields.name'), value: signer.org.signer_name },
      { label: tx('fields.idNumber'), value: signer.org.signer_id_masked },
      { label: tx('fields.link'), value: t.id },
      { label: tx('fields.identityConfirmedAt'), value: t.identity_confirmed_at ? hongKongTime(t.identity_confirmed_at, lang) : tx('identityByBroker') },
    ],
  };
  const documents: CertificateSection = { heading: tx('sections.documents'), rows: [] };
  for (const kind of SIGN_DOCUMENTS) {
    const source = files.find((f) => f.kind === kind);
    const signed = source && files.filter((f) => f.kind === 'signed' && f.source_id === source.id).pop();
    if (!signed) continue;
    const bytes = await deps.storage.read(signed.storage_key);
    documents.rows.push(
      { label: tx('fields.document'), value: localeText(`orgSign.documents.${kind}`, lang) },
      { label: 'SHA-256', value: groupedHex(sha256hex(bytes)) },
      { label: tx('fields.signedAt'), value: hongKongTime(t.signed_at!, lang) },
    );
  }
  const png = t.signature_key ? new Uint8Array(await deps.storage.read(t.signature_key)) : null;
  const signature: CertificateSection = {
    heading: tx('sections.signature'),
    rows: [
      { label: tx('fields.signedAt'), value: hongKongTime(t.signed_at!, lang) },
      { label: tx('fields.place'), value: placeText(evidence, lang) },
      { label: tx('fields.device'), value: deviceText(evidence, lang) },
    ],
    image: png ? { png, caption: tx('signatureCaption', { name: signer.org.signer_name }) } : null,
  };
  return [signerSection, documents, signature];
}
