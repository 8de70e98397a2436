/**
 * The three documents of the certificate step, laid out from the application as it stands: the account opening
 * application form, the W-8BEN (the IRS form's parts I-III) and the CRS self-certification form. Names in Chinese and
 * English, addresses, tax rows, and the applicant's signature placed on each.
 */
import { PDFDocument } from 'pdf-lib';
import type { CaDocument } from '@core/domain';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta } from '../../pdf/text';

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export interface DocumentInput {
  appId: string;
  clientType: 'cn' | 'hk';
  data: Data;
  signature: Uint8Array | null;
  /** the date printed beside the signature (YYYY-MM-DD, Hong Kong) */
  date: string;
}

/** The applicant's identity as the steps saved it (IDCARD for cn, USERINFO + HK_IDCARD for hk). */
function identity(input: DocumentInput) {
  const d = input.data;
  const id = obj(input.clientType === 'cn' ? d.IDCARD : d.HK_IDCARD);
  const person = obj(input.clientType === 'cn' ? d.IDCARD : d.USERINFO);
  const contact = obj(input.clientType === 'cn' ? obj(d.IDCARD).contactInfo : obj(d.PROOFADDRESS).contactInfo);
  return {
    chineseName: str(person.chineseName),
    englishName: str(person.englishName) || `${str(person.lastName)} ${str(person.firstName)}`.trim(),
    birthday: str(person.birthday),
    gender: person.gender === 1 ? 'M' : person.gender === 2 ? 'F' : '',
    idNumber: str(id.idNumber),
    idCountry: str(id.idCountry),
    nationality: str(id.nationality) || (input.clientType === 'cn' ? 'CN' : ''),
    residential: [str(contact.residentialAddress), str(contact.residentialAddressCity), str(contact.residentialAddressCountry)].filter(Boolean).join(', '),
    mailing: [str(contact.mailingAddress), str(contact.mailingAddressCity), str(contact.mailingAddressCountry)].filter(Boolean).join(', '),
    email: str(person.email) || str(obj(d.BANKCARD).email),
  };
}

function taxRows(data: Data): Array<{ country: string; tin: string }> {
  return Object.entries(obj(obj(data.TAXINFO).taxInfo)).map(([country, tin]) => ({ country, tin: str(tin) }));
}

const TITLES: Record<CaDocument, { zh: string; en: string }> = {
  accountOpeningForm: { zh: '开户申请表', en: 'Account Opening Application Form' },
  w8ben: { zh: 'W-8BEN 表格（受益所有人外国身份证明）', en: 'Form W-8BEN — Certificate of Foreign Status of Beneficial Owner' },
  selfCertificationForm: { zh: '税务居民身份自我证明表格（个人）', en: 'Tax Residency Self-Certification Form (Individuals)' },
};

export async function renderDocument(key: CaDocument, input: DocumentInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await embedCjkFont(pdf);
  const title = TITLES[key];
  setMeta(pdf, { title: `${title.zh} ${title.en}`, subject: `${key} ${input.appId}`, lang: 'zh-CN', producer: 'ApplyDocument' });
  const w = new Writer(pdf, font);
  const who = identity(input);
  w.text(title.zh, { size: 17, color: BRAND });
  w.text(title.en, { size: 13, color: BRAND, gapAfter: 4 });
  w.text(`申请编号 Application: ${input.appId}`, { size: 9, color: MUTED });
  w.rule();
  const section = (zh: string, en: string) => {
    w.keep(60);
    w.text(`${zh}  ${en}`, { size: 12, color: BRAND, gapAfter: 2 });
  };

  if (key === 'accountOpeningForm') {
    const d = input.data;
    const job = obj(obj(d.JOBSTATUS).employmentInfo);
    const fin = obj(obj(d.FINANCE).financialInfo);
    const acct = obj(d.SELECTACCOUNT);
    section('个人资料', 'Personal information');
    w.field('中文姓名 Chinese name', who.chineseName);
    w.field('英文姓名 English name', who.englishName);
    w.field('性别 Gender', who.gender);
    w.field('出生日期 Date of birth', who.birthday);
    w.field('国籍 Nationality', who.nationality);
    w.field('证件号码 ID number', who.idNumber);
    w.field('电邮 E-mail', who.email);
    section('地址', 'Addresses');
    w.field('住址 Residential', who.residential);
    w.field('通讯地址 Mailing', who.mailing);
    section('职业及财务', 'Employment and finances');
    w.field('雇主 Employer', str(job.companyName));
    w.field('办公地址 Office', str(job.officeAddress));
    w.field('年收入 Annual income band', str(fin.annualIncome));
    w.field('资产净值 Net asset band', str(fin.netAsset));
    section('账户', 'Account');
    w.field('账户类型 Account type', acct.accountType === 1 ? '现金 Cash' : '保证金 Margin');
    w.field('市场 Markets (mask)', str(acct.marketOpen));
    w.text('', { size: 4, gapAfter: 4 });
    w.text('本人确认以上资料真实、完整及准确，并同意受客户协议约束。', { size: 10 });
    w.text('I confirm that the information above is true, complete and accurate, and agree to be bound by the Client Agreement.', { size: 9.5, color: MUTED, gapAfter: 6 });
  } else if (key === 'w8ben') {
    const w8 = obj(obj(input.data.TAXINFO).w8Info);
    const tins = taxRows(input.data);
    const foreign = tins.find((r) => r.country !== 'US');
    section('第一部分', 'Part I  Identification of Beneficial Owner');
    w.field('1 Name of individual', who.englishName);
    w.field('2 Country of citizenship', who.nationality);
    w.field('3 Permanent residence address', str(w8.residenceAddress) || who.residential);
    w.field('  Country', str(w8.country));
    w.field('4 Mailing address', who.mailing);
    w.field('5 U.S. taxpayer ID (SSN or ITIN)', '');
    w.field('6a Foreign tax identifying number', foreign ? `${foreign.tin} (${foreign.country})` : '');
    w.field('8 Date of birth', who.birthday);
    section('第二部分', 'Part II  Claim of Tax Treaty Benefits');
    w.field('9 Resident of', str(w8.country));
    section('第三部分', 'Part III  Certification');
    w.text('Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I am the individual that is the beneficial owner of all the income or proceeds to which this form relates, and I am not a U.S. person.', { size: 9.5, gapAfter: 6 });
  } else {
    section('个人资料', 'Account holder');
    w.field('姓名 Name', `${who.chineseName} ${who.englishName}`.trim());
    w.field('出生日期 Date of birth', who.birthday);
    w.field('现居地址 Current residence address', who.residential);
    section('税务居民身份', 'Jurisdictions of residence and TINs');
    const rows = taxRows(input.data);
    if (!rows.length) w.text('—', { size: 10 });
    for (const r of rows) w.field(`税务管辖区 ${r.country}`, r.tin || '—');
    w.text('', { size: 4, gapAfter: 4 });
    w.text('本人声明就本人所知所信，本表格内所填报的所有资料均属真实、正确和完备。如情况有所改变，本人将于 30 日内通知本公司。', { size: 10 });
    w.text('I declare that the information given in this form is, to the best of my knowledge and belief, true, correct and complete, and I will tell the Company of any change within 30 days.', { size: 9.5, color: MUTED, gapAfter: 6 });
  }

  if (input.signature) await w.image(input.signature, `签署 Signature — ${who.englishName} — ${input.date}`);
  else w.text(`签署 Signature: ______________________  ${input.date}`, { size: 10 });
  w.footers(`${title.en} · ${input.appId}`);
  return pdf.save({ useObjectStreams: true });
}
