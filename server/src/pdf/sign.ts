/**
 * A PDF signed with a detached CMS signature (SubFilter adbe.pkcs7.detached), as Acrobat, Foxit and poppler's
 * pdfsig read it. @signpdf/placeholder-pdf-lib adds the signature field (on the last page) and the /Sig dictionary
 * with its /ByteRange and /Contents placeholders; @signpdf/signpdf writes the byte range and puts in the CMS that
 * pdf/cms.ts makes over the file's bytes outside /Contents. The drawn signature, when given, is the field's appearance.
 */
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { CmsPdfSigner, type CmsSigner } from './cms';

/** room for the CMS in hex digits (16 KB of DER): the signature, the signer's certificate and the chain */
const SIGNATURE_HEX_LENGTH = 32_768;

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

/**
 * A PDF literal string's content for any text (placeholder-pdf-lib writes it between parentheses as given):
 * printable ASCII with \, ( and ) escaped, otherwise UTF-16BE with its byte order mark, every byte as an octal escape.
 */
export function pdfLiteral(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.replace(/[\\()]/g, (c) => `\\${c}`);
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return [...Buffer.concat([Buffer.from([0xfe, 0xff]), utf16])].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
}

export async function signPdf(input: Uint8Array, o: PdfSignOptions): Promise<Buffer> {
  const doc = await PDFDocument.load(input);
  const pages = doc.getPages();
  const page = pages[pages.length - 1]!;
  const rect = o.image && o.rect ? o.rect : { x: 0, y: 0, width: 0, height: 0 };
  pdflibAddPlaceholder({
    pdfPage: page,
    reason: pdfLiteral(o.reason),
    name: pdfLiteral(o.name),
    location: pdfLiteral(o.location ?? ''),
    contactInfo: '',
    signingTime: o.signingTime,
    signatureLength: SIGNATURE_HEX_LENGTH,
    widgetRect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
  });
  if (o.image && o.rect) {
    // the widget just added is the page's last annotation: its appearance becomes the drawn signature
    const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
    const widget = annots.lookup(annots.size() - 1, PDFDict);
    const image = await doc.embedPng(o.image);
    const ctx = doc.context;
    const ops = `q ${rect.width} 0 0 ${rect.height} 0 0 cm /Im0 Do Q`;
    const ap = ctx.flateStream(ops, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, rect.width, rect.height], Resources: { XObject: { Im0: image.ref } } });
    widget.set(PDFName.of('AP'), ctx.obj({ N: ctx.register(ap) }));
  }
  // without object streams: a plain cross-reference table, which every reader takes for a signed file
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new CmsPdfSigner(o.signer, o.signingTime));
}
