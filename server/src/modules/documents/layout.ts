/**
 * The three documents of the certificate step, laid out from the application as it stands: the account opening
 * application form, the W-8BEN (the IRS form's parts I-III) and the CRS self-certification form.
 *
 * Bilingual as Hong Kong brokers file them: Chinese (simplified for mainland applicants, traditional for Hong Kong and
 * overseas ones) over English. Every coded answer is printed as the words the applicant chose it by (words.ts); the
 * W-8BEN's answers are in English only, as the IRS accepts it, with Chinese labels beside them. Sections with their
 * headings, label: value rows that wrap and never split across pages, the applicant's signature and its date.
 */
import { PDFDocument } from 'pdf-lib';
import { LONG_TERM, type CaDocument, type ClientType } from '@core/domain';
import {
  AML_CONFIRM_ITEMS,
  DERIVATIVE_PRODUCTS,
  DERIVATIVE_VERSION,
  DISCLOSURE_ITEMS,
  DISCLOSURE_YES,
  EXPERIENCE_FIELDS,
  INSTITUTION_TYPES,
  MARKET,
  PARTICIPATION_YEARS,
  TRAINING_SOURCES,
  hasCompany,
  hasMarket,
  isMargin,
  splitList,
} from '@core/domain/profile';
import { HK_DOC, PERMANENT, docTypeOf } from '@core/domain/hk-identity';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta, type Bilingual } from '../../pdf/text';
import { Words, chineseOf, same } from './words';

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const joinParts = (...parts: string[]) => parts.filter(Boolean).join(', ');

export interface RiskHeard {
  /** the track's language (RISK_LANG) */
  lang: string;
  name: string;
  license: string;
  confirmedAt: Date | null;
}

export interface DocumentInput {
  appId: string;
  clientType: ClientType;
  data: Data;
  signature: Uint8Array | null;
  /** the date printed beside the signature (YYYY-MM-DD, Hong Kong): the day it was drawn */
  date: string;
  /** the risk track the applicant heard and confirmed (RISK.disclosureId), when known */
  risk?: RiskHeard | null;
}

/** The applicant's identity and contact as the steps saved them (IDCARD + BANKCARD for cn; HK_IDCARD, USERINFO and PROOFADDRESS for hk). */
function applicant(input: DocumentInput) {
  const d = input.data;
  const cn = input.clientType === 'cn';
  const id = obj(cn ? d.IDCARD : d.HK_IDCARD);
  const person = obj(cn ? d.IDCARD : d.USERINFO);
  const contact = obj(cn ? obj(d.IDCARD).contactInfo : obj(d.PROOFADDRESS).contactInfo);
  const statements = obj(cn ? d.BANKCARD : d.USERINFO);
  return {
    cn,
    id,
    person,
    contact,
    statements,
    chineseName: str(person.chineseName),
    englishName: str(person.englishName) || `${str(person.lastName)} ${str(person.firstName)}`.trim(),
    birthday: str(person.birthday),
    gender: person.gender === 1 ? 'male' : person.gender === 2 ? 'female' : '',
    idNumber: str(id.idNumber),
    /** the mainland route is for holders of the mainland ID card: Chinese nationals */
    nationality: cn ? 'CN' : str(id.nationality),
    email: str(person.email) || str(statements.email),
  };
}

type Applicant = ReturnType<typeof applicant>;

/** An address and its city and country, the country by its name. */
function address(w: Words, street: unknown, city: unknown, country: unknown): Bilingual {
  const c = str(country);
  const name = c ? w.country(c) : same('');
  return { zh: joinParts(str(street), str(city), name.zh), en: joinParts(str(street), str(city), name.en) };
}

/** The tax rows in the applicant's order (frontInfo.RAW_taxInfo; the taxInfo map's keys come back sorted from the database). */
function taxRows(data: Data): Array<{ country: string; tin: string }> {
  const tax = obj(data.TAXINFO);
  const map = obj(tax.taxInfo);
  const listed = Array.isArray(obj(tax.frontInfo).RAW_taxInfo) ? (obj(tax.frontInfo).RAW_taxInfo as unknown[]).map((r) => str(obj(r).countryCode)) : [];
  const order = [...listed.filter((c) => c in map), ...Object.keys(map).filter((c) => !listed.includes(c))];
  return order.map((country) => ({ country, tin: str(map[country]) }));
}

/** A Writer with the document's helpers: sections and rows whose labels are `documents.fields.*`. */
function sheet(w: Words, out: Writer) {
  return {
    section: (key: string) => out.heading(w.doc(`sections.${key}`)),
    row: (field: string, value: Bilingual | string, vars: Record<string, string | number> = {}) => out.row(w.doc(`fields.${field}`, vars), value),
    /** a row only when the applicant gave the value */
    rowIf: (field: string, value: Bilingual | string) => {
      if (typeof value === 'string' ? value : value.zh || value.en) out.row(w.doc(`fields.${field}`), value);
    },
  };
}

// ------------------------------------------------------------------------------------------- account opening form

function personalSections(w: Words, out: Writer, a: Applicant, input: DocumentInput) {
  const s = sheet(w, out);
  const genderKey = a.cn ? 'idcard' : 'userinfo';
  s.section('personal');
  s.rowIf('chineseName', a.chineseName);
  s.row('englishName', a.englishName);
  s.row('gender', a.gender ? w.text(`${genderKey}.${a.gender}`) : '');
  s.row('birthday', a.birthday);
  const birthCountry = str(a.person.birthCountry);
  s.rowIf('birthPlace', birthCountry ? address(w, '', a.person.birthCity, birthCountry) : str(a.person.birthCity));
  s.row('nationality', a.nationality ? w.country(a.nationality) : '');

  s.section('identity');
  if (a.cn) {
    s.row('documentType', w.doc('values.mainlandIdCard'));
    s.row('idNumber', a.idNumber);
    s.row('issuingCountry', w.country('CN'));
    s.rowIf('authority', str(a.id.idAuthority));
    const [from, to] = str(a.id.idValidTime).split(',');
    if (from) s.row('validity', to === LONG_TERM ? { zh: `${from} – ${w.doc('values.longTerm').zh}`, en: `${from} – ${w.doc('values.longTerm').en}` } : `${from} – ${to ?? ''}`);
    s.rowIf('idAddress', str(a.id.idAddress));
  } else {
    const doc = docTypeOf(a.id.idType, a.id.idCountry);
    const docKey = doc === HK_DOC.HK_ID ? 'hkId' : doc === HK_DOC.MACAU_ID ? 'macauId' : doc === HK_DOC.PASSPORT ? 'passport' : '';
    s.row('documentType', docKey ? w.text(`hkid.docType.${docKey}`) : '');
    s.row('idNumber', a.idNumber);
    s.row('issuingCountry', str(a.id.idCountry) ? w.country(str(a.id.idCountry)) : '');
    s.row('permanentResident', w.text(`hkid.permanent.${a.id.permanentResident === PERMANENT.YES ? 'yes' : 'no'}`));
    const permanent = obj(obj(a.id.idExtraInfo).permanent);
    if (a.id.permanentResident === PERMANENT.NO && str(permanent.idCountry)) {
      s.row('permanentCountry', w.country(str(permanent.idCountry)));
      s.rowIf('permanentIdNumber', str(permanent.idNumber));
    }
  }

  s.section('contact');
  s.row('residential', address(w, a.contact.residentialAddress, a.contact.residentialAddressCity, a.contact.residentialAddressCountry));
  s.row('mailing', address(w, a.contact.mailingAddress, a.contact.mailingAddressCity, a.contact.mailingAddressCountry));
  s.row('email', a.email);
  const lang = str(a.statements.defaultLanguage);
  s.rowIf('statementLanguage', lang === 'zhTc' || lang === 'en' ? w.text(`${a.cn ? 'bankcard' : 'userinfo'}.${lang}`) : '');
  s.rowIf('statementDelivery', a.statements.statementDeliveryWay === 'email' ? w.doc('values.byEmail') : '');

  const bank = obj(obj(input.data.BANKCARD).bankInfo);
  if (a.cn && str(bank.acctNumber)) {
    s.section('bank');
    s.row('cardNumber', str(bank.acctNumber));
    s.rowIf('bankPhone', str(bank.phone));
  }
  const statement = obj(obj(input.data.STATEMENT).statementInfo);
  if (Object.keys(statement).length) {
    s.section('statement');
    s.row('broker', w.broker(statement.broker, str(statement.brokerName)));
    s.row('holderName', str(statement.name));
    s.row('accountNumber', str(statement.account));
    s.rowIf('hkIdNumber', str(obj(obj(obj(input.data.STATEMENT).idExtraInfo).idcardHK).idNumber));
  }
}

function profileSections(w: Words, out: Writer, a: Applicant, input: DocumentInput) {
  const s = sheet(w, out);
  const d = input.data;
  const job = obj(obj(d.JOBSTATUS).employmentInfo);
  s.section('employment');
  s.row('degree', str(job.degree) ? w.text(`job.degree.${str(job.degree)}`) : '');
  s.row('employment', str(job.employment) ? w.text(`job.employment.${str(job.employment)}`) : '');
  if (hasCompany(job.employment)) {
    s.row('companyName', str(job.companyName));
    s.row('officeAddress', str(job.officeAddress));
    s.row('industry', str(job.industry) ? w.text(`job.industry.${str(job.industry)}`) : '');
    s.row('position', str(job.position) ? w.text(`job.position.${str(job.position)}`) : '');
    s.row('workLife', str(job.workLife) ? w.text(`job.workLife.${str(job.workLife)}`) : '');
  } else if (str(job.employment)) {
    s.row('investFundsSource', w.options('job.funds', splitList(job.investFundsSource)));
    s.row('liabilities', w.options('job.debt', splitList(job.financialStatus)));
    s.rowIf('debtDetail', str(job.financialStatusDetail));
    s.row('debtDispute', job.noDispute === '1' ? w.doc('values.noDispute') : '');
  }

  const fin = obj(obj(d.FINANCE).financialInfo);
  const money = a.cn ? 'RMB' : 'HKD';
  const band = (group: string, v: unknown) => (str(v) ? w.text(`finance.${group}.${money}.${str(v)}`) : '');
  s.section('finance');
  s.row('fundsSource', w.options('finance.funds', splitList(fin.fundsSource)));
  s.row('annualIncome', band('income', fin.annualIncome));
  s.row('netAsset', band('asset', fin.netAsset));
  s.row('currentAsset', band('asset', fin.currentAsset));
  s.row('investAmount', band('invest', fin.annualAverageInvestAmount));
  s.row('houseType', str(fin.houseType) ? w.text(`finance.house.${str(fin.houseType)}`) : '');

  const inv = obj(obj(d.INVESTMENT).investmentInfo);
  s.section('investment');
  for (const field of EXPERIENCE_FIELDS) out.row(w.text(`investment.experience.${field}`), str(inv[field]) ? w.text(`investment.levels.${str(inv[field])}`) : '');
  s.row('goals', w.options('investment.goals', splitList(inv.investGoal)));

  derivativeSection(w, out, d);
  accountSection(w, out, d);
}

/** The questionnaire the applicant answered: on the investment step, or in the options dialog of the account step. */
function derivativeSection(w: Words, out: Writer, d: Data) {
  const fromInvestment = obj(obj(d.INVESTMENT).derivativeInfo);
  const fromAccount = obj(obj(d.SELECTACCOUNT).derivativeInfo);
  const q = Object.keys(fromAccount).length && obj(d.INVESTMENT).openDerivative !== 1 ? fromAccount : fromInvestment;
  if (!Object.keys(q).length) return;
  out.heading(w.doc('sections.derivatives'));
  const full = q.version === DERIVATIVE_VERSION.FULL;
  const yes = obj(q.derivative).checked === 1;
  out.row(w.text(full ? 'derivative.full.question' : 'derivative.simple.question'), w.text(full ? `derivative.full.${yes ? 'intend' : 'notIntend'}` : `derivative.simple.${yes ? 'yes' : 'no'}`));
  if (!yes) return;
  if (full) out.row(w.text('derivative.full.risk'), w.yesNo(q.risk === 1));
  const ticked = (box: string) => obj(q[box]).checked === 1;
  const pick = (list: ReadonlyArray<{ index: string; key: string }>, v: unknown, group: string) => {
    const item = list.find((l) => l.index === str(obj(v).selectIndex));
    return item ? w.text(`derivative.${group}.${item.key}`) : w.yesNo(true);
  };
  out.row(w.text('derivative.training'), ticked('trainingCourse') ? (full ? pick(TRAINING_SOURCES, q.trainingCourse, 'sources') : w.yesNo(true)) : w.yesNo(false));
  out.row(w.text('derivative.related'), w.yesNo(ticked('experienceRelated')));
  if (ticked('experienceRelated') && full) {
    out.row(w.text('derivative.institution'), pick(INSTITUTION_TYPES, q.workExperience, 'institutions'));
    out.row(w.text('derivative.years'), pick(PARTICIPATION_YEARS, q.yearsParticipation, 'yearsOptions'));
  }
  const items = Array.isArray(obj(q.derivativeProducts).items) ? (obj(q.derivativeProducts).items as Data[]) : [];
  const products = DERIVATIVE_PRODUCTS.filter((p) => items.some((it) => it.title === p && it.checked === 1));
  out.row(w.text('derivative.products'), ticked('derivativeProducts') ? (products.length ? w.list(products.map((p) => w.text(`derivative.productNames.${p}`))) : w.yesNo(true)) : w.yesNo(false));
}

function accountSection(w: Words, out: Writer, d: Data) {
  const acct = obj(d.SELECTACCOUNT);
  if (!Object.keys(acct).length) return;
  const s = sheet(w, out);
  s.section('account');
  s.row('accountType', w.text(isMargin(acct.accountType) ? 'account.margin.name' : 'account.cash.name'));
  const mask = typeof acct.marketOpen === 'number' ? acct.marketOpen : 0;
  const markets = ([
    [MARKET.HK, 'hk'],
    [MARKET.US, 'us'],
    [MARKET.STOCK_CONNECT, 'stockConnect'],
    [MARKET.OPTIONS, 'options'],
  ] as const).filter(([bit]) => hasMarket(mask, bit));
  s.row('markets', w.list(markets.map(([, key]) => w.text(`account.markets.${key}`))));
  s.row('fundTrade', w.yesNo(acct.openFundTrade === 1));
  s.row('derivativesTrading', w.yesNo(acct.openDerivative === 1 || obj(d.INVESTMENT).openDerivative === 1));
}

function disclosureSections(w: Words, out: Writer, d: Data) {
  const exposure = obj(d.IDENTITYEXPOSURE);
  const items = obj(exposure.identityExposureInfo);
  if (!Object.keys(exposure).length) return;
  out.heading(w.doc('sections.disclosure'));
  for (const [n, item] of Object.entries(items).sort(([x], [y]) => Number(x) - Number(y))) {
    const key = DISCLOSURE_ITEMS[Number(n) - 1];
    if (!key) continue;
    out.statement(`${n}.`, w.text(`disclosure.items.${key}`), w.doc(obj(item).value === DISCLOSURE_YES ? 'values.trueOfMe' : 'values.notTrueOfMe'));
  }
  out.heading(w.doc('sections.aml'));
  const confirmations = Array.isArray(exposure.amlConfirmInfo) ? (exposure.amlConfirmInfo as Data[]) : [];
  if (!confirmations.length) out.row(w.text('disclosure.aml.items'), w.doc('values.amlNotAsked'));
  AML_CONFIRM_ITEMS.forEach((key, i) => {
    const c = confirmations.find((x) => x.title === key);
    if (c) out.statement(`${i + 1}.`, w.text(`disclosure.aml.${key}`), w.doc(c.checked === 1 && c.value === DISCLOSURE_YES ? 'values.confirmed' : 'values.no'));
  });
  const at = str(obj(exposure.frontInfo).RAW_amlConfirmInfoTime);
  if (confirmations.length && at) out.row(w.doc('fields.amlConfirmedAt'), w.hongKongTime(at));
}

function taxSection(w: Words, out: Writer, d: Data) {
  const s = sheet(w, out);
  const rows = taxRows(d);
  s.section('tax');
  rows.forEach((r, i) => {
    s.row('taxResidence', w.country(r.country), { n: i + 1 });
    s.row('tin', r.tin);
  });
  const w8 = obj(obj(d.TAXINFO).w8Info);
  if (str(w8.country)) s.row('w8Country', w.country(str(w8.country)));
  s.rowIf('w8Address', str(w8.residenceAddress));
}

function closingSections(w: Words, out: Writer, input: DocumentInput) {
  const d = input.data;
  const risk = obj(d.RISK);
  const s = sheet(w, out);
  if (Object.keys(risk).length) {
    s.section('risk');
    if (input.risk) {
      const language = w.doc(`values.riskLang.${input.risk.lang === 'yue' ? 'yue' : 'zh'}`);
      s.row('riskTrack', {
        zh: w.doc('values.riskTrack', { language: language.zh, name: input.risk.name, license: input.risk.license }).zh,
        en: w.doc('values.riskTrack', { language: language.en, name: input.risk.name, license: input.risk.license }).en,
      });
      if (input.risk.confirmedAt) s.row('riskConfirmedAt', w.hongKongTime(input.risk.confirmedAt));
    }
    const agreed = Array.isArray(risk.agreements) ? (risk.agreements as unknown[]).map(str) : [];
    agreed.forEach((key, i) => out.statement(`${i + 1}.`, w.text(`risk.agreements.${key}`), w.doc('values.confirmed')));
  }
  const sign = obj(d.SIGN);
  if (Object.keys(sign).length) {
    s.section('agreements');
    const docs = Array.isArray(sign.agreements) ? (sign.agreements as unknown[]).map(str) : [];
    s.row('signedDocuments', w.list(docs.map((k) => w.text(`sign.docs.${k}`))));
    if (sign.assetTransfer !== undefined) s.row('assetTransfer', w.yesNo(sign.assetTransfer === 1));
  }
}

// ------------------------------------------------------------------------------------------- the other two

function w8Form(w: Words, out: Writer, a: Applicant, d: Data) {
  const en = (code: string) => w.country(code).en;
  const w8 = obj(obj(d.TAXINFO).w8Info);
  const rows = taxRows(d);
  const residence = str(a.contact.residentialAddressCountry);
  // 6a: the TIN of the country of residence, else the first one declared
  const foreign = rows.find((r) => r.country === residence) ?? rows.find((r) => r.country !== 'US');
  const line = (key: string, value: string) => out.row(w.doc(`w8.${key}`), value || w.doc('values.notApplicable').en);
  out.paragraph(w.doc('w8.englishNote'), 0);
  out.heading(w.doc('w8.part1'));
  line('line1', a.englishName);
  line('line2', str(w8.country) ? en(str(w8.country)) : a.nationality ? en(a.nationality) : '');
  line('line3', str(w8.residenceAddress));
  line('line3Country', residence ? en(residence) : '');
  line('line4', str(a.contact.mailingAddress) ? joinParts(str(a.contact.mailingAddress), str(a.contact.mailingAddressCity), en(str(a.contact.mailingAddressCountry))) : '');
  line('line5', '');
  line('line6a', foreign ? `${foreign.tin} (${en(foreign.country)})` : '');
  line('line8', a.birthday);
  out.heading(w.doc('w8.part2'));
  line('line9', residence ? en(residence) : '');
  out.heading(w.doc('w8.part3'));
  const certification = w.doc('w8.certification');
  out.text(certification.en, { size: 9.5 });
  out.text(certification.zh, { size: 9, color: MUTED, gapAfter: 6 });
}

function selfCertification(w: Words, out: Writer, a: Applicant, d: Data) {
  const s = sheet(w, out);
  s.section('holder');
  s.rowIf('chineseName', a.chineseName);
  s.row('englishName', a.englishName);
  s.row('birthday', a.birthday);
  const birthCountry = str(a.person.birthCountry);
  s.rowIf('birthPlace', birthCountry ? address(w, '', a.person.birthCity, birthCountry) : str(a.person.birthCity));
  s.row('residential', address(w, a.contact.residentialAddress, a.contact.residentialAddressCity, a.contact.residentialAddressCountry));
  s.row('mailing', address(w, a.contact.mailingAddress, a.contact.mailingAddressCity, a.contact.mailingAddressCountry));
  const rows = taxRows(d);
  s.section('tax');
  rows.forEach((r, i) => {
    s.row('taxResidence', w.country(r.country), { n: i + 1 });
    s.row('tin', r.tin);
  });
}

// ------------------------------------------------------------------------------------------- the document

export async function renderDocument(key: CaDocument, input: DocumentInput): Promise<Uint8Array> {
  const w = new Words(chineseOf(input.clientType));
  const pdf = await PDFDocument.create();
  const font = await embedCjkFont(pdf);
  const title = w.doc(`titles.${key}`);
  setMeta(pdf, { title: `${title.zh} ${title.en}`, subject: `${key} ${input.appId}`, lang: input.clientType === 'cn' ? 'zh-CN' : 'zh-HK', producer: 'ApplyDocument' });
  const out = new Writer(pdf, font);
  const a = applicant(input);
  out.text(title.zh, { size: 16, color: BRAND });
  out.text(title.en, { size: 12, color: BRAND, gapAfter: 6 });
  out.row(w.doc('application'), input.appId);
  out.row(w.doc('applicantType'), w.doc(`applicantTypes.${input.clientType}`));

  if (key === 'accountOpeningForm') {
    personalSections(w, out, a, input);
    profileSections(w, out, a, input);
    disclosureSections(w, out, input.data);
    taxSection(w, out, input.data);
    closingSections(w, out, input);
  } else if (key === 'w8ben') {
    w8Form(w, out, a, input.data);
  } else {
    selfCertification(w, out, a, input.data);
  }

  if (key !== 'w8ben') {
    out.heading(w.doc('sections.declaration'));
    out.paragraph(w.doc(`declarations.${key}`));
  }
  const signature = w.doc('fields.signature');
  if (input.signature) {
    out.keep(120);
    await out.image(input.signature, `${signature.zh} ${signature.en}: ${[a.chineseName, a.englishName].filter(Boolean).join(' ')}`);
    out.row(w.doc('fields.signedOn'), input.date);
  } else {
    out.row(signature, w.doc('values.notSigned'));
  }
  out.footers(`${title.en.split(':')[0]} · ${input.appId}`);
  return pdf.save({ useObjectStreams: true });
}
