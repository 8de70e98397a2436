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
import { stepData, type Choice, type ContactInfo } from '@core/domain/step-shapes';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta, type Bilingual } from '../../pdf/text';
import { Words, chineseOf, same } from './words';

/** The application's saved steps (`{IDCARD: {...}, ...}`), read through the domain's typed step shapes (stepData). */
type Data = Record<string, unknown>;
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
  const idcard = stepData(d, 'IDCARD') ?? {};
  const hkId = stepData(d, 'HK_IDCARD') ?? {};
  const person = cn ? idcard : (stepData(d, 'USERINFO') ?? {});
  const contact: ContactInfo = (cn ? idcard.contactInfo : stepData(d, 'PROOFADDRESS')?.contactInfo) ?? {};
  const statements = (cn ? stepData(d, 'BANKCARD') : stepData(d, 'USERINFO')) ?? {};
  return {
    cn,
    idcard,
    hkId,
    person,
    contact,
    statements,
    chineseName: person.chineseName ?? '',
    englishName: person.englishName || `${person.lastName ?? ''} ${person.firstName ?? ''}`.trim(),
    birthday: person.birthday ?? '',
    gender: person.gender === 1 ? 'male' : person.gender === 2 ? 'female' : '',
    idNumber: (cn ? idcard.idNumber : hkId.idNumber) ?? '',
    /** the mainland route is for holders of the mainland ID card: Chinese nationals */
    nationality: cn ? 'CN' : (hkId.nationality ?? ''),
    email: statements.email ?? '',
  };
}

type Applicant = ReturnType<typeof applicant>;

/** An address and its city and country, the country by its name. */
function address(w: Words, street = '', city = '', country = ''): Bilingual {
  const name = country ? w.country(country) : same('');
  return { zh: joinParts(street, city, name.zh), en: joinParts(street, city, name.en) };
}

/** The tax rows in the applicant's order (frontInfo.RAW_taxInfo; the taxInfo map's keys come back sorted from the database). */
function taxRows(data: Data): Array<{ country: string; tin: string }> {
  const tax = stepData(data, 'TAXINFO');
  const map = tax?.taxInfo ?? {};
  const listed = (tax?.frontInfo?.RAW_taxInfo ?? []).map((r) => r.countryCode ?? '');
  const order = [...listed.filter((c) => c in map), ...Object.keys(map).filter((c) => !listed.includes(c))];
  return order.map((country) => ({ country, tin: map[country] ?? '' }));
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
  const birthCountry = a.person.birthCountry ?? '';
  s.rowIf('birthPlace', birthCountry ? address(w, '', a.person.birthCity, birthCountry) : (a.person.birthCity ?? ''));
  s.row('nationality', a.nationality ? w.country(a.nationality) : '');

  s.section('identity');
  if (a.cn) {
    s.row('documentType', w.doc('values.mainlandIdCard'));
    s.row('idNumber', a.idNumber);
    s.row('issuingCountry', w.country('CN'));
    s.rowIf('authority', a.idcard.idAuthority ?? '');
    const [from, to] = (a.idcard.idValidTime ?? '').split(',');
    if (from) s.row('validity', to === LONG_TERM ? { zh: `${from} – ${w.doc('values.longTerm').zh}`, en: `${from} – ${w.doc('values.longTerm').en}` } : `${from} – ${to ?? ''}`);
    s.rowIf('idAddress', a.idcard.idAddress ?? '');
  } else {
    const doc = docTypeOf(a.hkId.idType, a.hkId.idCountry);
    const docKey = doc === HK_DOC.HK_ID ? 'hkId' : doc === HK_DOC.MACAU_ID ? 'macauId' : doc === HK_DOC.PASSPORT ? 'passport' : '';
    s.row('documentType', docKey ? w.text(`hkid.docType.${docKey}`) : '');
    s.row('idNumber', a.idNumber);
    s.row('issuingCountry', a.hkId.idCountry ? w.country(a.hkId.idCountry) : '');
    s.row('permanentResident', w.text(`hkid.permanent.${a.hkId.permanentResident === PERMANENT.YES ? 'yes' : 'no'}`));
    const permanent = a.hkId.idExtraInfo?.permanent ?? {};
    if (a.hkId.permanentResident === PERMANENT.NO && permanent.idCountry) {
      s.row('permanentCountry', w.country(permanent.idCountry));
      s.rowIf('permanentIdNumber', permanent.idNumber ?? '');
    }
  }

  s.section('contact');
  s.row('residential', address(w, a.contact.residentialAddress, a.contact.residentialAddressCity, a.contact.residentialAddressCountry));
  s.row('mailing', address(w, a.contact.mailingAddress, a.contact.mailingAddressCity, a.contact.mailingAddressCountry));
  s.row('email', a.email);
  const lang = a.statements.defaultLanguage ?? '';
  s.rowIf('statementLanguage', lang === 'zhTc' || lang === 'en' ? w.text(`${a.cn ? 'bankcard' : 'userinfo'}.${lang}`) : '');
  s.rowIf('statementDelivery', a.statements.statementDeliveryWay === 'email' ? w.doc('values.byEmail') : '');

  const bank = stepData(input.data, 'BANKCARD')?.bankInfo ?? {};
  if (a.cn && bank.acctNumber) {
    s.section('bank');
    s.row('cardNumber', bank.acctNumber);
    s.rowIf('bankPhone', bank.phone ?? '');
  }
  const statementStep = stepData(input.data, 'STATEMENT');
  const statement = statementStep?.statementInfo ?? {};
  if (Object.keys(statement).length) {
    s.section('statement');
    s.row('broker', w.broker(statement.broker, statement.brokerName ?? ''));
    s.row('holderName', statement.name ?? '');
    s.row('accountNumber', statement.account ?? '');
    s.rowIf('hkIdNumber', statementStep?.idExtraInfo?.idcardHK?.idNumber ?? '');
  }
}

function profileSections(w: Words, out: Writer, a: Applicant, input: DocumentInput) {
  const s = sheet(w, out);
  const d = input.data;
  const job = stepData(d, 'JOBSTATUS')?.employmentInfo ?? {};
  s.section('employment');
  s.row('degree', job.degree ? w.text(`job.degree.${job.degree}`) : '');
  s.row('employment', job.employment ? w.text(`job.employment.${job.employment}`) : '');
  if (hasCompany(job.employment)) {
    s.row('companyName', job.companyName ?? '');
    s.row('officeAddress', job.officeAddress ?? '');
    s.row('industry', job.industry ? w.text(`job.industry.${job.industry}`) : '');
    s.row('position', job.position ? w.text(`job.position.${job.position}`) : '');
    s.row('workLife', job.workLife ? w.text(`job.workLife.${job.workLife}`) : '');
  } else if (job.employment) {
    s.row('investFundsSource', w.options('job.funds', splitList(job.investFundsSource)));
    s.row('liabilities', w.options('job.debt', splitList(job.financialStatus)));
    s.rowIf('debtDetail', job.financialStatusDetail ?? '');
    s.row('debtDispute', job.noDispute === '1' ? w.doc('values.noDispute') : '');
  }

  const fin = stepData(d, 'FINANCE')?.financialInfo ?? {};
  const money = a.cn ? 'RMB' : 'HKD';
  const band = (group: string, v: string | undefined) => (v ? w.text(`finance.${group}.${money}.${v}`) : '');
  s.section('finance');
  s.row('fundsSource', w.options('finance.funds', splitList(fin.fundsSource)));
  s.row('annualIncome', band('income', fin.annualIncome));
  s.row('netAsset', band('asset', fin.netAsset));
  s.row('currentAsset', band('asset', fin.currentAsset));
  s.row('investAmount', band('invest', fin.annualAverageInvestAmount));
  s.row('houseType', fin.houseType ? w.text(`finance.house.${fin.houseType}`) : '');

  const inv = stepData(d, 'INVESTMENT')?.investmentInfo ?? {};
  s.section('investment');
  for (const field of EXPERIENCE_FIELDS) out.row(w.text(`investment.experience.${field}`), inv[field] ? w.text(`investment.levels.${inv[field]}`) : '');
  s.row('goals', w.options('investment.goals', splitList(inv.investGoal)));

  derivativeSection(w, out, d);
  accountSection(w, out, d);
}

/** The questionnaire the applicant answered: on the investment step, or in the options dialog of the account step. */
function derivativeSection(w: Words, out: Writer, d: Data) {
  const investment = stepData(d, 'INVESTMENT');
  const fromInvestment = investment?.derivativeInfo ?? {};
  const fromAccount = stepData(d, 'SELECTACCOUNT')?.derivativeInfo ?? {};
  const q = Object.keys(fromAccount).length && investment?.openDerivative !== 1 ? fromAccount : fromInvestment;
  if (!Object.keys(q).length) return;
  out.heading(w.doc('sections.derivatives'));
  const full = q.version === DERIVATIVE_VERSION.FULL;
  const yes = q.derivative?.checked === 1;
  out.row(w.text(full ? 'derivative.full.question' : 'derivative.simple.question'), w.text(full ? `derivative.full.${yes ? 'intend' : 'notIntend'}` : `derivative.simple.${yes ? 'yes' : 'no'}`));
  if (!yes) return;
  if (full) out.row(w.text('derivative.full.risk'), w.yesNo(q.risk === 1));
  const ticked = (box: 'trainingCourse' | 'experienceRelated' | 'derivativeProducts') => q[box]?.checked === 1;
  const pick = (list: ReadonlyArray<{ index: string; key: string }>, v: Choice | undefined, group: string) => {
    const item = list.find((l) => l.index === (v?.selectIndex ?? ''));
    return item ? w.text(`derivative.${group}.${item.key}`) : w.yesNo(true);
  };
  out.row(w.text('derivative.training'), ticked('trainingCourse') ? (full ? pick(TRAINING_SOURCES, q.trainingCourse, 'sources') : w.yesNo(true)) : w.yesNo(false));
  out.row(w.text('derivative.related'), w.yesNo(ticked('experienceRelated')));
  if (ticked('experienceRelated') && full) {
    out.row(w.text('derivative.institution'), pick(INSTITUTION_TYPES, q.workExperience, 'institutions'));
    out.row(w.text('derivative.years'), pick(PARTICIPATION_YEARS, q.yearsParticipation, 'yearsOptions'));
  }
  const items = q.derivativeProducts?.items ?? [];
  const products = DERIVATIVE_PRODUCTS.filter((p) => items.some((it) => it.title === p && it.checked === 1));
  out.row(w.text('derivative.products'), ticked('derivativeProducts') ? (products.length ? w.list(products.map((p) => w.text(`derivative.productNames.${p}`))) : w.yesNo(true)) : w.yesNo(false));
}

function accountSection(w: Words, out: Writer, d: Data) {
  const acct = stepData(d, 'SELECTACCOUNT') ?? {};
  if (!Object.keys(acct).length) return;
  const s = sheet(w, out);
  s.section('account');
  s.row('accountType', w.text(isMargin(acct.accountType) ? 'account.margin.name' : 'account.cash.name'));
  const mask = acct.marketOpen ?? 0;
  const markets = ([
    [MARKET.HK, 'hk'],
    [MARKET.US, 'us'],
    [MARKET.STOCK_CONNECT, 'stockConnect'],
    [MARKET.OPTIONS, 'options'],
  ] as const).filter(([bit]) => hasMarket(mask, bit));
  s.row('markets', w.list(markets.map(([, key]) => w.text(`account.markets.${key}`))));
  s.row('fundTrade', w.yesNo(acct.openFundTrade === 1));
  s.row('derivativesTrading', w.yesNo(acct.openDerivative === 1 || stepData(d, 'INVESTMENT')?.openDerivative === 1));
}

function disclosureSections(w: Words, out: Writer, d: Data) {
  const exposure = stepData(d, 'IDENTITYEXPOSURE') ?? {};
  const items = exposure.identityExposureInfo ?? {};
  if (!Object.keys(exposure).length) return;
  out.heading(w.doc('sections.disclosure'));
  for (const [n, item] of Object.entries(items).sort(([x], [y]) => Number(x) - Number(y))) {
    const key = DISCLOSURE_ITEMS[Number(n) - 1];
    if (!key) continue;
    out.statement(`${n}.`, w.text(`disclosure.items.${key}`), w.doc(item.value === DISCLOSURE_YES ? 'values.trueOfMe' : 'values.notTrueOfMe'));
  }
  out.heading(w.doc('sections.aml'));
  const confirmations = exposure.amlConfirmInfo ?? [];
  if (!confirmations.length) out.row(w.text('disclosure.aml.items'), w.doc('values.amlNotAsked'));
  AML_CONFIRM_ITEMS.forEach((key, i) => {
    const c = confirmations.find((x) => x.title === key);
    if (c) out.statement(`${i + 1}.`, w.text(`disclosure.aml.${key}`), w.doc(c.checked === 1 && c.value === DISCLOSURE_YES ? 'values.confirmed' : 'values.no'));
  });
  const at = exposure.frontInfo?.RAW_amlConfirmInfoTime ?? '';
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
  const w8 = stepData(d, 'TAXINFO')?.w8Info ?? {};
  if (w8.country) s.row('w8Country', w.country(w8.country));
  s.rowIf('w8Address', w8.residenceAddress ?? '');
}

function closingSections(w: Words, out: Writer, input: DocumentInput) {
  const d = input.data;
  const risk = stepData(d, 'RISK') ?? {};
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
    const agreed = risk.agreements ?? [];
    agreed.forEach((key, i) => out.statement(`${i + 1}.`, w.text(`risk.agreements.${key}`), w.doc('values.confirmed')));
  }
  const sign = stepData(d, 'SIGN') ?? {};
  if (Object.keys(sign).length) {
    s.section('agreements');
    const docs = sign.agreements ?? [];
    s.row('signedDocuments', w.list(docs.map((k) => w.text(`sign.docs.${k}`))));
    if (sign.assetTransfer !== undefined) s.row('assetTransfer', w.yesNo(sign.assetTransfer === 1));
  }
}

// ------------------------------------------------------------------------------------------- the other two

function w8Form(w: Words, out: Writer, a: Applicant, d: Data) {
  const en = (code: string) => w.country(code).en;
  const w8 = stepData(d, 'TAXINFO')?.w8Info ?? {};
  const rows = taxRows(d);
  const residence = a.contact.residentialAddressCountry ?? '';
  // 6a: the TIN of the country of residence, else the first one declared
  const foreign = rows.find((r) => r.country === residence) ?? rows.find((r) => r.country !== 'US');
  const line = (key: string, value: string) => out.row(w.doc(`w8.${key}`), value || w.doc('values.notApplicable').en);
  out.paragraph(w.doc('w8.englishNote'), 0);
  out.heading(w.doc('w8.part1'));
  line('line1', a.englishName);
  line('line2', w8.country ? en(w8.country) : a.nationality ? en(a.nationality) : '');
  line('line3', w8.residenceAddress ?? '');
  line('line3Country', residence ? en(residence) : '');
  line('line4', a.contact.mailingAddress ? joinParts(a.contact.mailingAddress, a.contact.mailingAddressCity ?? '', en(a.contact.mailingAddressCountry ?? '')) : '');
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
  const birthCountry = a.person.birthCountry ?? '';
  s.rowIf('birthPlace', birthCountry ? address(w, '', a.person.birthCity, birthCountry) : (a.person.birthCity ?? ''));
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
