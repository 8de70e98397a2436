/**
 * The two documents of a signing ticket, made with pdf-lib from the organisation's data: its organisation chart
 * (the organisation and its authorised signatory) and its account opening form. Bilingual (English and Chinese),
 * with the box where the signer's drawn signature is placed when the document is signed (SIGNATURE_BOX).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { BRAND, INK, MARGIN, MUTED, PAGE, embedCjkFont, setMeta, wrap } from '../../pdf/text';
import { Words } from '../documents';
import type { OrganisationRow } from './repository';

/** A country or region by its name in English and traditional Chinese (the organisation's code as the country picker names it). */
function place(code: string): string {
  const name = new Words('zh-TW').country(code);
  return code ? `${name.en} ${name.zh}` : '';
}

/** where the drawn signature goes on the last page (points) */
export const SIGNATURE_BOX = { x: 330, y: 110, width: 200, height: 70 };

export interface DocumentInput {
  org: Pick<OrganisationRow, 'name' | 'name_zh' | 'registration_number' | 'country' | 'signer_name' | 'signer_id_masked'>;
  /** yyyy-mm-dd, Hong Kong */
  date: string;
}

function header(page: PDFPage, font: PDFFont, title: string, subtitle: string): number {
  let y = PAGE.height - MARGIN.top;
  page.drawText(title, { x: MARGIN.x, y, size: 18, font, color: BRAND });
  y -= 22;
  page.drawText(subtitle, { x: MARGIN.x, y, size: 11, font, color: MUTED });
  return y - 30;
}

function row(page: PDFPage, font: PDFFont, y: number, label: string, value: string): number {
  page.drawText(label, { x: MARGIN.x, y, size: 10, font, color: MUTED });
  const lines = wrap(value || '-', font, 11, PAGE.width - MARGIN.x * 2 - 190);
  lines.forEach((line, i) => page.drawText(line, { x: MARGIN.x + 190, y: y - i * 15, size: 11, font, color: INK }));
  page.drawLine({ start: { x: MARGIN.x, y: y - 8 - (lines.length - 1) * 15 }, end: { x: PAGE.width - MARGIN.x, y: y - 8 - (lines.length - 1) * 15 }, thickness: 0.4, color: rgb(0.85, 0.86, 0.9) });
  return y - 26 - (lines.length - 1) * 15;
}

function signatureBox(page: PDFPage, font: PDFFont, date: string): void {
  const b = SIGNATURE_BOX;
  page.drawRectangle({ x: b.x, y: b.y, width: b.width, height: b.height, borderColor: MUTED, borderWidth: 0.6 });
  page.drawText('Authorised signatory 授權簽署人', { x: b.x, y: b.y - 14, size: 9, font, color: MUTED });
  page.drawText(`Date 日期: ${date}`, { x: MARGIN.x, y: b.y + 10, size: 10, font, color: INK });
}

async function start(title: string): Promise<{ doc: PDFDocument; font: PDFFont; page: PDFPage }> {
  const doc = await PDFDocument.create();
  setMeta(doc, { title, subject: title, lang: 'en', producer: 'Account opening' });
  const font = await embedCjkFont(doc);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  return { doc, font, page };
}

export async function organisationChart(input: DocumentInput): Promise<Uint8Array> {
  const { doc, font, page } = await start('Organisation chart');
  let y = header(page, font, 'Organisation chart 組織架構圖', `${input.org.name}${input.org.name_zh ? ` ${input.org.name_zh}` : ''}`);
  const box = (x: number, top: number, w: number, lines: string[]) => {
    const h = 18 + lines.length * 15;
    page.drawRectangle({ x, y: top - h, width: w, height: h, borderColor: BRAND, borderWidth: 1 });
    lines.forEach((l, i) => page.drawText(wrap(l, font, 10, w - 16)[0] ?? '', { x: x + 8, y: top - 18 - i * 15, size: 10, font, color: INK }));
    return top - h;
  };
  const w = 300;
  const x = (PAGE.width - w) / 2;
  const bottom = box(x, y, w, [input.org.name, input.org.name_zh, `Registration no. 登記號碼 ${input.org.registration_number}`, `Country 國家/地區 ${place(input.org.country)}`].filter(Boolean));
  page.drawLine({ start: { x: PAGE.width / 2, y: bottom }, end: { x: PAGE.width / 2, y: bottom - 40 }, thickness: 1, color: BRAND });
  y = box(x, bottom - 40, w, ['Authorised signatory 授權簽署人', input.org.signer_name, `ID 證件號碼 ${input.org.signer_id_masked}`]);
  wrap('The authorised signatory above acts for the organisation in opening and operating its securities account. 上述授權簽署人代表本機構開立及操作證券賬戶。', font, 10, PAGE.width - MARGIN.x * 2).forEach((l, i) =>
    page.drawText(l, { x: MARGIN.x, y: y - 40 - i * 15, size: 10, font, color: INK }),
  );
  signatureBox(page, font, input.date);
  return doc.save();
}

export async function openingForm(input: DocumentInput): Promise<Uint8Array> {
  const { doc, font, page } = await start('Corporate account opening form');
  let y = header(page, font, 'Corporate account opening form 機構開戶表格', 'Securities cash account 證券現金賬戶');
  y = row(page, font, y, 'Name of organisation 機構名稱', input.org.name);
  y = row(page, font, y, 'Chinese name 中文名稱', input.org.name_zh);
  y = row(page, font, y, 'Registration number 登記號碼', input.org.registration_number);
  y = row(page, font, y, 'Place of incorporation 註冊地', place(input.org.country));
  y = row(page, font, y, 'Authorised signatory 授權簽署人', input.org.signer_name);
  y = row(page, font, y, 'Signatory ID 簽署人證件號碼', input.org.signer_id_masked);
  const declaration =
    'We apply to open a securities account in the name of the organisation above. We confirm that the information in this form and its attachments is true and complete, and that the signatory is authorised to sign for the organisation. ' +
    '本機構申請以上述名稱開立證券賬戶，並確認本表格及附件資料真實完整，簽署人已獲授權代表本機構簽署。';
  wrap(declaration, font, 10, PAGE.width - MARGIN.x * 2).forEach((l, i) => page.drawText(l, { x: MARGIN.x, y: y - 10 - i * 15, size: 10, font, color: INK }));
  signatureBox(page, font, input.date);
  return doc.save();
}
