/**
 * A PDF signed with a detached CMS signature (SubFilter adbe.pkcs7.detached), as Acrobat, Foxit and poppler's
 * pdfsig read it: a signature field on the first page (visible when the drawn signature is given), a /Sig
 * dictionary whose /Contents holds the CMS over the file's bytes outside /Contents (/ByteRange).
 * The document is saved without object streams so the /Sig dictionary is plain text, then the byte range and
 * the signature are written into the placeholders.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFImage } from 'pdf-lib';
import { cmsDetachedSignature, type CmsSigner } from '../vendors/ca/x509';

/** bytes reserved for the CMS (hex doubles it): the signature, the signer's certificate and the chain */
const SIGNATURE_BYTES = 16_384;
/** a name long enough for the real byte range (4 numbers of up to 10 digits) to be written over it */
const BYTE_RANGE_MARKER = 'ByteRangePlaceholder' + '_'.repeat(40);

export interface PdfSignOptions {
  signer: CmsSigner;
  signingTime: Date;
  /** shown in the reader's signature panel */
  name: string;
  reason: string;
  location?: string;
  /** the drawn signature (PNG), placed at `rect` on the last page */
  image?: Uint8Array;
  rect?: { x: number; y: number; width: number; height: number };
}

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export async function signPdf(input: Uint8Array, o: PdfSignOptions): Promise<Buffer> {
  const doc = await PDFDocument.load(input);
  const pages = doc.getPages();
  const page = pages[pages.length - 1]!;
  const rect = o.image && o.rect ? o.rect : { x: 0, y: 0, width: 0, height: 0 };
  let image: PDFImage | undefined;
  if (o.image && o.rect) image = await doc.embedPng(o.image);

  const ctx = doc.context;
  const sig = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: PDFArray.withContext(ctx),
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
    M: PDFString.of(pdfDate(o.signingTime)),
    Name: PDFHexString.fromText(o.name),
    Reason: PDFHexString.fromText(o.reason),
    ...(o.location ? { Location: PDFHexString.fromText(o.location) } : {}),
  });
  // the byte range is written as text later: four placeholders of fixed width
  (sig as unknown as { set(k: PDFName, v: unknown): void }).set(PDFName.of('ByteRange'), PDFName.of(BYTE_RANGE_MARKER));
  const sigRef = ctx.register(sig);

  const widgetDict: Record<string, unknown> = {
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height].map((n) => PDFNumber.of(n)),
    V: sigRef,
    T: PDFHexString.fromText(`Signature ${Date.now() % 100000}`),
    F: 4,
    P: page.ref,
  };
  if (image && o.rect) {
    const ops = `q ${rect.width} 0 0 ${rect.height} 0 0 cm /Im0 Do Q`;
    const ap = ctx.flateStream(ops, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, rect.width, rect.height], Resources: { XObject: { Im0: image.ref } } });
    widgetDict.AP = ctx.obj({ N: ctx.register(ap) });
  }
  const widgetRef = ctx.register(ctx.obj(widgetDict as never));
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (annots) annots.push(widgetRef);
  else page.node.set(PDFName.of('Annots'), ctx.obj([widgetRef]));
  const acro = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (acro) {
    const fields = acro.lookupMaybe(PDFName.of('Fields'), PDFArray);
    if (fields) fields.push(widgetRef);
    else acro.set(PDFName.of('Fields'), ctx.obj([widgetRef]));
    acro.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  } else {
    doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [widgetRef], SigFlags: 3 }));
  }

  const saved = Buffer.from(await doc.save({ useObjectStreams: false }));
  return fillSignature(saved, o);
}

function fillSignature(pdf: Buffer, o: PdfSignOptions): Buffer {
  const text = pdf.toString('latin1');
  const marker = `/ByteRange /${BYTE_RANGE_MARKER}`;
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error('signPdf: byte range placeholder not found once');
  const contentsHex = '<' + '0'.repeat(SIGNATURE_BYTES * 2) + '>';
  const start = text.indexOf(contentsHex);
  if (start < 0) throw new Error('signPdf: contents placeholder not found');
  const end = start + contentsHex.length;
  const rangeText = `/ByteRange [0 ${start} ${end} ${text.length - end}]`;
  if (rangeText.length > marker.length) throw new Error('signPdf: byte range does not fit');
  const bytes = Buffer.from(text, 'latin1');
  bytes.write(rangeText.padEnd(marker.length, ' '), at, 'latin1');
  const signed = Buffer.concat([bytes.subarray(0, start), bytes.subarray(end)]);
  const cms = cmsDetachedSignature(signed, o.signer, o.signingTime);
  if (cms.length > SIGNATURE_BYTES) throw new Error('signPdf: signature larger than its placeholder');
  bytes.write('<' + cms.toString('hex').padEnd(SIGNATURE_BYTES * 2, '0') + '>', start, 'latin1');
  return bytes;
}
