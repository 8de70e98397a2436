/**
 * An organisation's signing from the operator's commands to the signature, over the API, as the signer's page makes
 * it (the multi-process test, the restore drill): the organisation registered, a ticket issued, the signer's ID number,
 * ID photo, certificate, board resolution and drawn signature. Resolves with the ticket's id (ops sign-export) and the
 * link's ticket (the signing page opens it at its result).
 */
import sharp from 'sharp';
import { CALLS } from '../../src/core/domain/calls-all';
import { makeIdFront, SAMPLE_FRONT } from '../../scripts/make-card-images';
import { ApiClient } from './api-client';
import { pdfFile } from './flows';

export const SIGNER = { name: 'CHAN Tai Man', nameZh: '陳大文', idNumber: 'K1234567(8)' };

export async function signAsOrganisation(
  base: string,
  ops: (...args: string[]) => Promise<string>,
  org: { reg: string; name: string; nameZh: string },
  /** sent with every call of the signer (e.g. a phone's User-Agent, which the signing's evidence records) */
  headers?: Record<string, string>,
): Promise<{ ticketId: string; ticket: string; signed: { fileId: string; fileName: string }[] }> {
  await ops('org-create', '--name', org.name, '--name-zh', org.nameZh, '--reg', org.reg, '--signer', SIGNER.name, '--signer-id', SIGNER.idNumber);
  const issued = await ops('sign-ticket', org.reg);
  const ticket = new URL(issued.split('\n')[0].trim(), base).searchParams.get('ticket');
  const ticketId = issued.match(/ticket (T\S+),/)?.[1];
  if (!ticket || !ticketId) throw new Error(`sign-ticket printed ${issued}`);
  const signer = new ApiClient(base, headers ? { headers } : {});
  const { token } = await signer.call<{ token: string }>('signApplyAuth', { ticket, idNumber: SIGNER.idNumber });
  const s = { token, idNumber: SIGNER.idNumber };
  const photo = await signer.uploadTo<{ fileId: string }>(CALLS.signFileUpload.path, new Uint8Array(await makeIdFront({ ...SAMPLE_FRONT, name: SIGNER.nameZh })), 'id.jpg', { ...s, fileName: 'id.jpg', purpose: 'idPhoto' });
  await signer.call('signCorpApplyAuth', { ...s, confirm: true, idPhotoFileId: photo.fileId });
  await signer.call('signCorpApplyCACert', s);
  const resolution = await signer.uploadTo<{ fileId: string }>(CALLS.signFileUpload.path, pdfFile('board resolution'), 'r.pdf', { ...s, fileName: 'board-resolution.pdf' });
  await signer.call('signApplyUpdate', { ...s, fileIds: [resolution.fileId] });
  const signature = await sharp(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#fff"/><path d="M20 70 C 60 10, 100 10, 140 70 S 220 90, 280 30" stroke="#000" stroke-width="5" fill="none"/></svg>'),
  )
    .png()
    .toBuffer();
  const done = await signer.call<{ signatureStatus: number; signed: { fileId: string; fileName: string }[] }>('signCorpApplyUpdate', { ...s, readAll: true, signature: signature.toString('base64') });
  if (done.signatureStatus !== 3 || !done.signed?.length) throw new Error(`signing answered ${JSON.stringify(done).slice(0, 200)}`);
  return { ticketId, ticket, signed: done.signed };
}
