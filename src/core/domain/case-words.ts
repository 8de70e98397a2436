/**
 * An application in words (issue 36): every field of every step as a labelled row whose value is the text the
 * applicant picked it by, from the same tables the applicant's screens use (the option codes of profile.ts and
 * hk-identity.ts, the screens' own message keys in locales/<lang>.json, the country names, the broker list). The
 * review desk shows these rows in the reviewer's language, compares two versions of them (what a resubmission
 * changed), and names each document by what it is.
 *
 * Pure: messages are ids with values, never text; the desk formats them with react-intl. Each row says which data
 * paths it covers, so a test can fail when a step saves a field no row describes (case-words.test.ts).
 */
import { BROKERS } from './brokers';
import { LONG_TERM } from './identity';
import { HK_DOC, PERMANENT, docTypeOf } from './hk-identity';
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
  hasMarket,
  isMargin,
  splitList,
} from './profile';
import { stepData, type CardSides, type Choice, type ContactInfo, type DerivativeInfo, type StoredFile } from './step-shapes';
import { STEP_NAMES, type StepName } from './steps';

/** A message of locales/<lang>.json with its values. */
export interface Msg {
  id: string;
  values?: Record<string, string | number>;
}

/** A piece of a value: typed text, a message, a country by its code, a moment, a file, or a name in each language. */
export type Part =
  | { text: string }
  | { msg: Msg }
  | { country: string }
  | { time: string }
  | { file: string }
  | { named: { en: string; 'zh-CN': string; 'zh-TW': string } };

export interface FieldRow {
  /** stable id of the row within its step (compares versions) */
  key: string;
  label: Msg;
  /** empty: not given */
  parts: Part[];
  /** the data paths the row shows (a path and everything below it) */
  covers: string[];
}

export interface StepWords {
  step: StepName;
  rows: FieldRow[];
  /** paths the step saves that are bookkeeping, not answers (shown nowhere on purpose) */
  internal: string[];
}

export type ClientKind = 'cn' | 'hk';

const m = (id: string, values?: Record<string, string | number>): Msg => (values ? { id, values } : { id });
const txt = (v: string | undefined | null): Part[] => (v ? [{ text: v }] : []);
const msg = (id: string, values?: Record<string, string | number>): Part[] => [{ msg: m(id, values) }];
const country = (code: string | undefined): Part[] => (code ? [{ country: code }] : []);
const yesNo = (yes: boolean): Part[] => msg(yes ? 'documents.values.yes' : 'documents.values.no');
const optionParts = (group: string, codes: readonly string[]): Part[] => codes.map((c) => ({ msg: m(`${group}.${c}`) }));
const filesOf = (list: readonly (StoredFile | undefined)[] | undefined): Part[] => (list ?? []).flatMap((f) => (f?.ossId ? [{ file: f.ossId }] : []));
const sidesOf = (s: CardSides | undefined): Part[] => filesOf([s?.front, s?.back]);

/** Rows of one step under construction. */
class Rows {
  readonly rows: FieldRow[] = [];
  readonly internal: string[] = [];
  row(key: string, label: Msg | string, parts: Part[], covers: string[] = [key]): this {
    this.rows.push({ key, label: typeof label === 'string' ? m(label) : label, parts, covers });
    return this;
  }
  /** a row only when it has a value */
  rowIf(key: string, label: Msg | string, parts: Part[], covers: string[] = [key]): this {
    return parts.length ? this.row(key, label, parts, covers) : this.skip(...covers);
  }
  skip(...paths: string[]): this {
    this.internal.push(...paths);
    return this;
  }
}

/** "street, city, country" of an address as parts. */
const addressParts = (street?: string, city?: string, code?: string): Part[] => [...txt(street), ...txt(city), ...country(code)];

function contactRows(r: Rows, c: ContactInfo | undefined, at = 'contactInfo') {
  const prefix = at ? `${at}.` : '';
  r.row(`${prefix}residential`, 'documents.fields.residential', addressParts(c?.residentialAddress, c?.residentialAddressCity, c?.residentialAddressCountry), [
    `${prefix}residentialAddress`,
    `${prefix}residentialAddressCity`,
    `${prefix}residentialAddressCountry`,
  ]);
  r.row(`${prefix}mailing`, 'documents.fields.mailing', addressParts(c?.mailingAddress, c?.mailingAddressCity, c?.mailingAddressCountry), [
    `${prefix}mailingAddress`,
    `${prefix}mailingAddressCity`,
    `${prefix}mailingAddressCountry`,
  ]);
  r.rowIf(`${prefix}mailingSameResidential`, 'desk.field.mailingSame', c?.mailingSameResidential === undefined ? [] : yesNo(c.mailingSameResidential === 1));
}

function personRows(r: Rows, p: { chineseName?: string; lastName?: string; firstName?: string; englishName?: string; gender?: number; birthday?: string; birthCity?: string; birthCountry?: string }, genderGroup: 'idcard' | 'userinfo') {
  r.rowIf('chineseName', `${genderGroup}.chineseName`, txt(p.chineseName));
  r.row('lastName', `${genderGroup}.lastName`, txt(p.lastName));
  r.row('firstName', `${genderGroup}.firstName`, txt(p.firstName));
  r.rowIf('englishName', 'documents.fields.englishName', txt(p.englishName));
  r.row('gender', `${genderGroup}.gender`, p.gender === 1 ? msg(`${genderGroup}.male`) : p.gender === 2 ? msg(`${genderGroup}.female`) : []);
  r.row('birthday', `${genderGroup}.birthday`, txt(p.birthday));
  r.row('birthPlace', 'documents.fields.birthPlace', [...txt(p.birthCity), ...country(p.birthCountry)], ['birthCity', 'birthCountry']);
}

function statementsRows(r: Rows, s: { email?: string; defaultLanguage?: string; statementDeliveryWay?: string }, group: 'bankcard' | 'userinfo') {
  r.row('email', `${group}.email`, txt(s.email));
  r.rowIf('defaultLanguage', `${group}.language`, s.defaultLanguage === 'zhTc' || s.defaultLanguage === 'en' ? msg(`${group}.${s.defaultLanguage}`) : txt(s.defaultLanguage));
  r.rowIf('statementDeliveryWay', 'documents.fields.statementDelivery', s.statementDeliveryWay === 'email' ? msg('documents.values.byEmail') : txt(s.statementDeliveryWay));
}

/** The answers of the derivatives questionnaire, with `prefix` the path of derivativeInfo. */
function derivativeRows(r: Rows, q: DerivativeInfo | undefined, prefix: string) {
  if (!q || !Object.keys(q).length) return;
  const full = q.version === DERIVATIVE_VERSION.FULL;
  const yes = q.derivative?.checked === 1;
  r.skip(`${prefix}.version`);
  r.row(`${prefix}.derivative`, full ? 'derivative.full.question' : 'derivative.simple.question', msg(full ? `derivative.full.${yes ? 'intend' : 'notIntend'}` : `derivative.simple.${yes ? 'yes' : 'no'}`));
  r.rowIf(`${prefix}.risk`, 'derivative.full.risk', full && yes ? yesNo(q.risk === 1) : []);
  const pick = (list: ReadonlyArray<{ index: string; key: string }>, v: Choice | undefined, group: string): Part[] => {
    const item = list.find((l) => l.index === (v?.selectIndex ?? ''));
    return item ? msg(`derivative.${group}.${item.key}`) : [];
  };
  const training = q.trainingCourse?.checked === 1;
  r.row(`${prefix}.trainingCourse`, 'derivative.training', training ? [...yesNo(true), ...(full ? pick(TRAINING_SOURCES, q.trainingCourse, 'sources') : [])] : yesNo(false));
  const related = q.experienceRelated?.checked === 1;
  r.row(`${prefix}.experienceRelated`, 'derivative.related', yesNo(related));
  r.rowIf(`${prefix}.workExperience`, 'derivative.institution', related ? pick(INSTITUTION_TYPES, q.workExperience, 'institutions') : []);
  r.rowIf(`${prefix}.yearsParticipation`, 'derivative.years', related ? pick(PARTICIPATION_YEARS, q.yearsParticipation, 'yearsOptions') : []);
  const items = q.derivativeProducts?.items ?? [];
  const products = DERIVATIVE_PRODUCTS.filter((p) => items.some((it) => it.title === p && it.checked === 1));
  r.row(
    `${prefix}.derivativeProducts`,
    'derivative.products',
    q.derivativeProducts?.checked === 1 ? (products.length ? optionParts('derivative.productNames', products) : yesNo(true)) : yesNo(false),
  );
}

type Describe = (data: Record<string, unknown>, kind: ClientKind) => Rows;

/** Each step's rows. A step added to StepName without an entry here is a type error. */
const DESCRIBE: Record<StepName, Describe> = {
  IDCARD: (d) => {
    const s = stepData(d, 'IDCARD') ?? {};
    const r = new Rows();
    personRows(r, s, 'idcard');
    r.row('idType', 'documents.fields.documentType', s.idType === 1 || s.idType === '1' ? msg('documents.values.mainlandIdCard') : txt(s.idType === undefined ? '' : String(s.idType)));
    r.row('idNumber', 'idcard.idNumber', txt(s.idNumber));
    r.row('idCountry', 'documents.fields.issuingCountry', country(s.idCountry));
    r.rowIf('idAuthority', 'documents.fields.authority', txt(s.idAuthority));
    const [from, to] = (s.idValidTime ?? '').split(',');
    r.row('idValidTime', 'documents.fields.validity', from ? [{ text: from }, ...(to === LONG_TERM ? msg('documents.values.longTerm') : txt(to))] : []);
    r.row('idAddress', 'idcard.idAddress', txt(s.idAddress));
    r.row('documentInfo.idCard', 'desk.field.idCardPhotos', sidesOf(s.documentInfo?.idCard));
    r.rowIf('documentInfo.CropIdCard', 'desk.field.idCardCropped', sidesOf(s.documentInfo?.CropIdCard));
    contactRows(r, s.contactInfo);
    r.rowIf('frontInfo.surnamePinyinModify', 'desk.field.pinyinEdited', s.frontInfo?.surnamePinyinModify === undefined ? [] : yesNo(s.frontInfo.surnamePinyinModify === 1));
    r.rowIf('frontInfo.RAW_amlConfirmInfoTime', 'desk.field.amlConfirmedAt', s.frontInfo?.RAW_amlConfirmInfoTime ? [{ time: s.frontInfo.RAW_amlConfirmInfoTime }] : []);
    return r;
  },
  BANKCARD: (d) => {
    const s = stepData(d, 'BANKCARD') ?? {};
    const r = new Rows();
    r.row('bankInfo.acctNumber', 'bankcard.acctNumber', txt(s.bankInfo?.acctNumber));
    r.row('bankInfo.phone', 'bankcard.phone', txt(s.bankInfo?.phone));
    r.rowIf('documentInfo.bankCard', 'desk.field.bankCardPhoto', filesOf(s.documentInfo?.bankCard));
    statementsRows(r, s, 'bankcard');
    return r;
  },
  HK_IDCARD: (d) => {
    const s = stepData(d, 'HK_IDCARD') ?? {};
    const r = new Rows();
    r.row('permanentResident', 'hkid.permanent.label', s.permanentResident === PERMANENT.YES ? msg('hkid.permanent.yes') : s.permanentResident === PERMANENT.NO ? msg('hkid.permanent.no') : []);
    r.row('nationality', 'hkid.nationality.label', country(s.nationality));
    const doc = docTypeOf(s.idType, s.idCountry);
    const docKey = doc === HK_DOC.HK_ID ? 'hkId' : doc === HK_DOC.MACAU_ID ? 'macauId' : doc === HK_DOC.PASSPORT ? 'passport' : null;
    r.row('idType', 'hkid.docType.label', docKey ? msg(`hkid.docType.${docKey}`) : txt(s.idType === undefined ? '' : String(s.idType)));
    r.row('idCountry', 'hkid.issuing.label', country(s.idCountry));
    r.row('idNumber', 'hkid.idNumber.label', txt(s.idNumber));
    r.rowIf('defaultLanguage', 'userinfo.language', s.defaultLanguage === 'zhTc' || s.defaultLanguage === 'en' ? msg(`userinfo.${s.defaultLanguage}`) : txt(s.defaultLanguage));
    r.row('documentInfo.nonMainlandDocument', 'hkid.upload.title', sidesOf(s.documentInfo?.nonMainlandDocument));
    const permanent = s.idExtraInfo?.permanent;
    r.rowIf('idExtraInfo.permanent.idCountry', 'hkid.permanentCountry.label', country(permanent?.idCountry), ['idExtraInfo.permanent.idCountry', 'idExtraInfo.permanent.idType']);
    r.rowIf('idExtraInfo.permanent.idNumber', 'hkid.permanentId.label', txt(permanent?.idNumber));
    r.rowIf('documentInfo.idCard', 'hkid.proof.label', filesOf(s.documentInfo?.idCard));
    return r;
  },
  USERINFO: (d) => {
    const s = stepData(d, 'USERINFO') ?? {};
    const r = new Rows();
    personRows(r, s, 'userinfo');
    statementsRows(r, s, 'userinfo');
    return r;
  },
  PROOFADDRESS: (d) => {
    const s = stepData(d, 'PROOFADDRESS') ?? {};
    const r = new Rows();
    contactRows(r, s.contactInfo);
    r.row('documentInfo.proofOfAddress', 'address.proof', filesOf(s.documentInfo?.proofOfAddress));
    r.rowIf('w8Info.residenceAddress', 'tax.w8.address', txt(s.w8Info?.residenceAddress));
    return r;
  },
  STATEMENT: (d) => {
    const s = stepData(d, 'STATEMENT') ?? {};
    const info = s.statementInfo ?? {};
    const r = new Rows();
    r.rowIf('statementInfo.type', 'statement.hkDoc.question', info.type === 1 ? msg('statement.hkDoc.yes') : info.type === 0 ? msg('statement.hkDoc.no') : []);
    const broker = BROKERS.find((b) => b.code === Number(info.broker));
    r.row(
      'statementInfo.broker',
      'statement.broker',
      info.brokerName ? txt(info.brokerName) : broker ? [{ named: { en: broker.en, 'zh-CN': broker.zhCN, 'zh-TW': broker.zhTW } }] : txt(info.broker === undefined ? '' : String(info.broker)),
      ['statementInfo.broker', 'statementInfo.brokerName'],
    );
    r.row('statementInfo.name', 'statement.name', txt(info.name));
    r.row('statementInfo.account', 'statement.account', txt(info.account));
    r.row('documentInfo.statement', 'statement.files', filesOf(s.documentInfo?.statement));
    r.rowIf('idExtraInfo.idcardHK', 'statement.hkDoc.number', txt(s.idExtraInfo?.idcardHK?.idNumber), ['idExtraInfo.idcardHK']);
    r.rowIf('documentInfo.idCardHK', 'statement.hkDoc.front', sidesOf(s.documentInfo?.idCardHK));
    r.rowIf('documentInfo.idCardForeign', 'statement.hkDoc.foreign', filesOf(s.documentInfo?.idCardForeign));
    r.rowIf('promise', 'statement.hkDoc.promise', s.promise === undefined ? [] : yesNo(s.promise));
    return r;
  },
  JOBSTATUS: (d) => {
    const job = stepData(d, 'JOBSTATUS')?.employmentInfo ?? {};
    const r = new Rows();
    const p = 'employmentInfo';
    const opt = (group: string, v: string | undefined) => (v ? msg(`job.${group}.${v}`) : []);
    r.row(`${p}.degree`, 'job.degreeLabel', opt('degree', job.degree));
    r.row(`${p}.employment`, 'job.employmentLabel', opt('employment', job.employment));
    r.rowIf(`${p}.companyName`, 'job.companyName', txt(job.companyName));
    r.rowIf(`${p}.companyNameVendor`, 'desk.field.companyRegistry', txt(job.companyNameVendor));
    r.rowIf(`${p}.officeAddress`, 'job.officeAddress', txt(job.officeAddress));
    r.rowIf(`${p}.officeAddressVendor`, 'desk.field.officeRegistry', txt(job.officeAddressVendor));
    r.rowIf(`${p}.industry`, 'job.industryLabel', opt('industry', job.industry));
    r.rowIf(`${p}.position`, 'job.positionLabel', opt('position', job.position));
    r.rowIf(`${p}.workLife`, 'job.workLifeLabel', opt('workLife', job.workLife));
    r.rowIf(`${p}.investFundsSource`, 'job.fundsLabel', optionParts('job.funds', splitList(job.investFundsSource)));
    r.rowIf(`${p}.financialStatus`, 'job.debtLabel', optionParts('job.debt', splitList(job.financialStatus)));
    r.rowIf(`${p}.financialStatusDetail`, 'job.debtDetail', txt(job.financialStatusDetail));
    r.rowIf(`${p}.noDispute`, 'documents.fields.debtDispute', job.noDispute === '1' ? msg('documents.values.noDispute') : txt(job.noDispute));
    return r;
  },
  FINANCE: (d, kind) => {
    const fin = stepData(d, 'FINANCE')?.financialInfo ?? {};
    const r = new Rows();
    const p = 'financialInfo';
    const money = kind === 'cn' ? 'RMB' : 'HKD';
    const band = (group: string, v: string | undefined) => (v ? msg(`finance.${group}.${money}.${v}`) : []);
    r.row(`${p}.fundsSource`, 'finance.fundsLabel', optionParts('finance.funds', splitList(fin.fundsSource)));
    r.row(`${p}.annualIncome`, 'finance.incomeLabel', band('income', fin.annualIncome));
    r.row(`${p}.netAsset`, 'finance.netAssetLabel', band('asset', fin.netAsset));
    r.row(`${p}.currentAsset`, 'finance.currentAssetLabel', band('asset', fin.currentAsset));
    r.row(`${p}.annualAverageInvestAmount`, 'finance.investLabel', band('invest', fin.annualAverageInvestAmount));
    r.row(`${p}.houseType`, 'finance.houseLabel', fin.houseType ? msg(`finance.house.${fin.houseType}`) : []);
    return r;
  },
  INVESTMENT: (d) => {
    const s = stepData(d, 'INVESTMENT') ?? {};
    const inv = s.investmentInfo ?? {};
    const r = new Rows();
    for (const field of EXPERIENCE_FIELDS) r.row(`investmentInfo.${field}`, m(`investment.experience.${field}`), inv[field] ? msg(`investment.levels.${inv[field]}`) : []);
    r.row('investmentInfo.investGoal', 'investment.goalsTitle', optionParts('investment.goals', splitList(inv.investGoal)));
    r.rowIf('openDerivative', 'documents.fields.derivativesTrading', s.openDerivative === undefined ? [] : yesNo(s.openDerivative === 1));
    derivativeRows(r, s.derivativeInfo, 'derivativeInfo');
    return r;
  },
  SELECTACCOUNT: (d) => {
    const s = stepData(d, 'SELECTACCOUNT') ?? {};
    const r = new Rows();
    r.row('accountType', 'account.typeLabel', s.accountType === undefined ? [] : msg(isMargin(s.accountType) ? 'account.margin.name' : 'account.cash.name'));
    const mask = s.marketOpen ?? 0;
    const markets = (
      [
        [MARKET.HK, 'hk'],
        [MARKET.US, 'us'],
        [MARKET.STOCK_CONNECT, 'stockConnect'],
        [MARKET.OPTIONS, 'options'],
      ] as const
    ).filter(([bit]) => hasMarket(mask, bit));
    r.row('marketOpen', 'account.markets.title', optionParts('account.markets', markets.map(([, key]) => key)));
    r.row('openFundTrade', 'account.fund.label', yesNo(s.openFundTrade === 1));
    r.rowIf('openDerivative', 'documents.fields.derivativesTrading', s.openDerivative === undefined ? [] : yesNo(s.openDerivative === 1));
    derivativeRows(r, s.derivativeInfo, 'derivativeInfo');
    return r;
  },
  IDENTITYEXPOSURE: (d) => {
    const s = stepData(d, 'IDENTITYEXPOSURE') ?? {};
    const r = new Rows();
    const items = s.identityExposureInfo ?? {};
    for (const [n, item] of Object.entries(items).sort(([x], [y]) => Number(x) - Number(y))) {
      const key = DISCLOSURE_ITEMS[Number(n) - 1];
      r.row(`identityExposureInfo.${n}`, key ? m(`disclosure.items.${key}`) : m('desk.field.disclosureItem', { n }), msg(item.value === DISCLOSURE_YES ? 'documents.values.trueOfMe' : 'documents.values.notTrueOfMe'));
    }
    r.skip('amlInfoId');
    const confirmations = s.amlConfirmInfo ?? [];
    if (!confirmations.length) r.row('amlConfirmInfo', 'disclosure.aml.items', msg('documents.values.amlNotAsked'));
    AML_CONFIRM_ITEMS.forEach((key) => {
      const c = confirmations.find((x) => x.title === key);
      if (c) r.row(`amlConfirmInfo.${key}`, `disclosure.aml.${key}`, msg(c.checked === 1 && c.value === DISCLOSURE_YES ? 'documents.values.confirmed' : 'documents.values.no'), ['amlConfirmInfo']);
    });
    r.rowIf('frontInfo.RAW_amlConfirmInfoTime', 'desk.field.answeredAt', s.frontInfo?.RAW_amlConfirmInfoTime ? [{ time: s.frontInfo.RAW_amlConfirmInfoTime }] : []);
    return r;
  },
  TAXINFO: (d) => {
    const s = stepData(d, 'TAXINFO') ?? {};
    const r = new Rows();
    const map = s.taxInfo ?? {};
    const listed = (s.frontInfo?.RAW_taxInfo ?? []).map((x) => x.countryCode ?? '');
    const order = [...listed.filter((c) => c in map), ...Object.keys(map).filter((c) => !listed.includes(c))];
    const proofs = s.documentInfo?.idCardTaxInfo ?? [];
    order.forEach((code, i) => {
      r.row(`taxInfo.${code}`, m('tax.row.title', { n: i + 1 }), [...country(code), ...txt(map[code])], [`taxInfo.${code}`]);
      const files = proofs.filter((f) => f.taxInfoCountryCode === code);
      if (files.length) r.row(`documentInfo.idCardTaxInfo.${code}`, m('desk.field.taxProof', { n: i + 1 }), filesOf(files), ['documentInfo.idCardTaxInfo']);
    });
    const orphans = proofs.filter((f) => !order.includes(f.taxInfoCountryCode ?? ''));
    if (orphans.length) r.row('documentInfo.idCardTaxInfo', m('desk.field.taxProof', { n: '' }), filesOf(orphans), ['documentInfo.idCardTaxInfo']);
    if (!proofs.length) r.skip('documentInfo.idCardTaxInfo');
    r.skip('frontInfo.RAW_taxInfo');
    r.rowIf('w8Info.country', 'tax.w8.country', country(s.w8Info?.country));
    r.rowIf('w8Info.residenceAddress', 'tax.w8.address', txt(s.w8Info?.residenceAddress));
    return r;
  },
  RISK: (d) => {
    const s = stepData(d, 'RISK') ?? {};
    const r = new Rows();
    r.rowIf('disclosureId', 'desk.field.riskHeard', s.disclosureId ? yesNo(true) : []);
    r.row('agreements', 'risk.agreementsTitle', optionParts('risk.agreements', s.agreements ?? []));
    return r;
  },
  SIGN: (d) => {
    const s = stepData(d, 'SIGN') ?? {};
    const r = new Rows();
    r.row('agreements', 'documents.fields.signedDocuments', optionParts('sign.docs', s.agreements ?? []));
    r.rowIf('readAll', 'sign.readAll', s.readAll === undefined ? [] : yesNo(s.readAll === 1));
    r.rowIf('assetTransfer', 'documents.fields.assetTransfer', s.assetTransfer === undefined ? [] : yesNo(s.assetTransfer === 1));
    return r;
  },
  SIGNATURE: (d) => new Rows().row('documentInfo.customerSignature', 'documents.fields.signature', filesOf(stepData(d, 'SIGNATURE')?.documentInfo?.customerSignature)),
  LIVINGWITNESS: (d) => {
    const s = stepData(d, 'LIVINGWITNESS') ?? {};
    return new Rows()
      .row('livingBodyVerifyId', 'desk.field.faceCheck', s.livingBodyVerifyId === undefined ? [] : msg('desk.field.faceCheckNo', { n: s.livingBodyVerifyId }))
      .row('documentInfo.livingBodyCertificationPicture', 'liveness.frameAlt', filesOf([s.documentInfo?.livingBodyCertificationPicture]));
  },
  CAAPPLY: (d) => {
    const s = stepData(d, 'CAAPPLY') ?? {};
    const r = new Rows();
    r.row('agreed', 'caApply.agree', yesNo(s.agreed === true));
    r.row('documents', 'desk.field.generated', Object.values(s.documents ?? {}).map((ossId) => ({ file: ossId })));
    return r;
  },
};

/** The rows of one step's saved data. */
export function describeStep(step: StepName, data: Record<string, unknown>, kind: ClientKind): StepWords {
  const r = DESCRIBE[step](data, kind);
  return { step, rows: r.rows, internal: r.internal };
}

/** The application's steps in the flow's order, those with saved data, in words. */
export function describeApplication(data: Record<string, unknown>, steps: readonly string[], kind: ClientKind): StepWords[] {
  const order = steps.filter((s): s is StepName => (STEP_NAMES as readonly string[]).includes(s));
  return order.filter((s) => data[s] && typeof data[s] === 'object').map((s) => describeStep(s, data, kind));
}

// ------------------------------------------------------------------------------------------- what changed

export interface RowChange {
  step: StepName;
  key: string;
  label: Msg;
  before: Part[];
  after: Part[];
  /** files in `after` that `before` did not have */
  newFiles: string[];
}

/** Whether two values are the same in words. */
export const sameParts = (a: Part[], b: Part[]): boolean => JSON.stringify(a) === JSON.stringify(b);
const filesIn = (parts: Part[]) => parts.flatMap((p) => ('file' in p ? [p.file] : []));

/**
 * The rows that differ between two versions of an application's data (a row added, removed or changed), step by
 * step, with the files the later version added. `before` null: nothing to compare (a first submission).
 */
export function changedRows(before: Record<string, unknown>, after: Record<string, unknown>, steps: readonly string[], kind: ClientKind): RowChange[] {
  const out: RowChange[] = [];
  for (const step of steps.filter((s): s is StepName => (STEP_NAMES as readonly string[]).includes(s))) {
    const a = describeStep(step, before, kind).rows;
    const b = describeStep(step, after, kind).rows;
    const keys = [...new Set([...b.map((x) => x.key), ...a.map((x) => x.key)])];
    for (const key of keys) {
      const was = a.find((x) => x.key === key);
      const now = b.find((x) => x.key === key);
      const wasParts = was?.parts ?? [];
      const nowParts = now?.parts ?? [];
      if (sameParts(wasParts, nowParts)) continue;
      const old = new Set(filesIn(wasParts));
      out.push({ step, key, label: (now ?? was)!.label, before: wasParts, after: nowParts, newFiles: filesIn(nowParts).filter((f) => !old.has(f)) });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------- documents

/** A file of the case as the service lists it: the step (or WITNESS, DOCUMENTS, FACE) and its place there. */
export interface CaseFileRef {
  step: string;
  path: string;
}

const SIDE: Record<string, string> = { front: 'front', back: 'back' };

/**
 * What a document is, by where the application keeps it: "HKID card, front", "Proof of address 2", "Form W-8BEN".
 * The data decides between the kinds of identity document (an HK or Macau card, a passport).
 */
export function documentName(f: CaseFileRef, data: Record<string, unknown>): Msg {
  const index = /\[(\d+)\]$/.exec(f.path);
  const n = index ? Number(index[1]) + 1 : 1;
  const side = SIDE[f.path.split('.').pop() ?? ''];
  const sided = (id: string) => m(`${id}.${side ?? 'front'}`);
  switch (f.step) {
    case 'IDCARD':
      return f.path.startsWith('documentInfo.CropIdCard') ? sided('desk.doc.idCardCropped') : sided('desk.doc.idCard');
    case 'BANKCARD':
      return m('desk.doc.bankCard', { n });
    case 'HK_IDCARD': {
      if (f.path.startsWith('documentInfo.idCard')) return m('desk.doc.permanentProof', { n });
      const s = stepData(data, 'HK_IDCARD') ?? {};
      const doc = docTypeOf(s.idType, s.idCountry);
      if (doc === HK_DOC.PASSPORT) return m('desk.doc.passport');
      return sided(doc === HK_DOC.MACAU_ID ? 'desk.doc.macauId' : 'desk.doc.hkId');
    }
    case 'PROOFADDRESS':
      return m('desk.doc.proofOfAddress', { n });
    case 'STATEMENT':
      if (f.path.startsWith('documentInfo.statement')) return m('desk.doc.statement', { n });
      if (f.path.startsWith('documentInfo.idCardHK')) return sided('desk.doc.hkId');
      return m('desk.doc.foreignId', { n });
    case 'TAXINFO':
      return m('desk.doc.taxProof', { n });
    case 'SIGNATURE':
      return m('desk.doc.signature');
    case 'LIVINGWITNESS':
      return m('desk.doc.faceFrame');
    case 'FACE':
      return m('desk.doc.faceCheckFrame', { n: f.path });
    case 'DOCUMENTS':
      return m(`caApply.docs.${f.path}`);
    case 'WITNESS':
      return m(f.path.startsWith('address') ? 'desk.doc.witnessAddress' : 'desk.doc.witnessId', { n });
    default:
      return m('desk.doc.other');
  }
}

/** The order documents are shown in: identity first (front before back), then the other steps' in flow order. */
const DOC_ORDER = ['WITNESS', 'IDCARD', 'HK_IDCARD', 'STATEMENT', 'BANKCARD', 'PROOFADDRESS', 'TAXINFO', 'SIGNATURE', 'LIVINGWITNESS', 'FACE', 'DOCUMENTS'];

export function documentRank(f: CaseFileRef): number {
  const step = DOC_ORDER.indexOf(f.step);
  const within = (f.path.includes('Crop') ? 5 : 0) + (/back$/.test(f.path) ? 1 : 0);
  return (step < 0 ? DOC_ORDER.length : step) * 10 + within;
}

// ------------------------------------------------------------------------------------------- account updates

/**
 * An account update's module in words (the address: 8, the W-8BEN: 512, account-update.ts), the account's data now
 * or the data the client submitted, so that the desk shows them side by side.
 */
export function describeUpdateModule(bit: number, data: Record<string, unknown> | null | undefined): FieldRow[] {
  const r = new Rows();
  const d = (data ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : undefined);
  if (bit === 8) {
    const contact: ContactInfo = {
      residentialAddress: s('residentialAddress'),
      residentialAddressCity: s('residentialAddressCity'),
      residentialAddressCountry: s('residentialAddressCountry'),
      mailingAddress: s('mailingAddress'),
      mailingAddressCity: s('mailingAddressCity'),
      mailingAddressCountry: s('mailingAddressCountry'),
      mailingSameResidential: typeof d.mailingSameResidential === 'number' ? d.mailingSameResidential : undefined,
    };
    contactRows(r, contact, '');
    const proofs = (d.proofOfAddress ?? {}) as { residence?: StoredFile[]; mailing?: StoredFile[] };
    r.rowIf('proofOfAddress.residence', 'desk.field.proofResidence', filesOf(Array.isArray(proofs.residence) ? proofs.residence : []));
    r.rowIf('proofOfAddress.mailing', 'desk.field.proofMailing', filesOf(Array.isArray(proofs.mailing) ? proofs.mailing : []));
  } else if (bit === 512) {
    r.row('country', 'tax.w8.country', country(s('country')));
    r.row('residenceAddress', 'tax.w8.address', txt(s('residenceAddress')));
  }
  return r.rows;
}
