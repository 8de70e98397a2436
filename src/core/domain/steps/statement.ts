/**
 * STATEMENT (restricted mainland applicants; spec part 1 §3 "Statement", §5 "Statement"). The screen enables
 * Next on an empty answer; the service refuses the save otherwise. Service-only rules (the type fits the page
 * variant, an HK ID number held by another user → 150204) are in
 * server/src/modules/applications/step-checks/statement.ts.
 *
 * Shape: {statementInfo: {type, broker, brokerName?, name, account}, documentInfo: {statement: FileRef[],
 * idCardHK?: {front}, idCardForeign?: FileRef[]}, idExtraInfo?: {idcardHK: {idType: 1, idCountry: 'HK',
 * idNumber}}, promise?: true}. Each branch carries only its own parts: data of the other branch is refused.
 */
import { BROKER_OTHER, isBrokerCode, BROKERS } from '../brokers';
import { MAX_LEN, checkHkId, checkText, type Check } from '../identity';
import { MAX_FILES, checkFiles, isFileRef } from '../uploads';
import { at, issuesOf, str, type StepValidator } from '../step-rules/types';
import { shape, text, num, bool, code, files, cardSides, otherDocument, type DataOf } from './schema';
import type { Data, SampleFile, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, msg, yesNo, filesOf, sidesOf, type Describe } from './words-kit';

/** The statement's type: the new variant with or without an HK document, or the old variant. */
export const STATEMENT_TYPE = { NO_HK_DOCUMENT: 0, HK_DOCUMENT: 1, OLD: 2 } as const;
export type StatementType = (typeof STATEMENT_TYPE)[keyof typeof STATEMENT_TYPE];

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'STATEMENT', route: '/statement', titleKey: 'statement.title', introKey: 'statement.intro', status: 1000, progress: { cn: 1, hk: 1 } });

/** STATEMENT (strict mainland area): another broker's statement and the holder's documents. */
export const data = shape({
  statementInfo: shape({ type: num, broker: code, brokerName: text, name: text, account: text }),
  documentInfo: shape({ statement: files, idCardForeign: files, idCardHK: cardSides }),
  idExtraInfo: shape({ idcardHK: otherDocument }),
  promise: bool,
});
export type StatementStep = DataOf<typeof data>;

const is = (ok: boolean, rule: Check): Check => (ok ? null : rule);
const absent = (v: unknown): Check => is(v === undefined || v === null || (Array.isArray(v) && v.length === 0), 'format');

function checkBroker(v: unknown): Check {
  if (v === undefined || v === null || v === '') return 'required';
  return is(isBrokerCode(v), 'broker');
}

function checkAccount(v: unknown): Check {
  const s = str(v);
  if (!s) return 'required';
  if (/\s/.test(s)) return 'format';
  return s.length > MAX_LEN.account ? 'tooLong' : null;
}

export const rules: StepValidator = (data) => {
  const type = at(data, 'statementInfo.type');
  const broker = at(data, 'statementInfo.broker');
  const brokerName = at(data, 'statementInfo.brokerName');
  const statementPart: [string, Check][] = [
    ['statementInfo.broker', checkBroker(broker)],
    ['statementInfo.brokerName', broker === BROKER_OTHER ? checkText(brokerName, MAX_LEN.brokerName) : absent(brokerName || undefined)],
    ['statementInfo.name', checkText(at(data, 'statementInfo.name'), MAX_LEN.name)],
    ['statementInfo.account', checkAccount(at(data, 'statementInfo.account'))],
    ['documentInfo.statement', checkFiles(at(data, 'documentInfo.statement'), MAX_FILES.statement)],
  ];
  const hkNumber = at(data, 'idExtraInfo.idcardHK.idNumber');
  const hkPart = (): [string, Check][] => [
    ['idExtraInfo.idcardHK.idNumber', checkHkId(hkNumber)],
    ['idExtraInfo.idcardHK.idType', is(at(data, 'idExtraInfo.idcardHK.idType') === 1, 'choice')],
    ['idExtraInfo.idcardHK.idCountry', is(at(data, 'idExtraInfo.idcardHK.idCountry') === 'HK', 'country')],
    ['documentInfo.idCardHK.front', is(isFileRef(at(data, 'documentInfo.idCardHK.front')), 'fileRequired')],
  ];
  const noHkPart = (): [string, Check][] => [
    ['documentInfo.idCardForeign', checkFiles(at(data, 'documentInfo.idCardForeign'), MAX_FILES.overseasId)],
    ['promise', is(data.promise === true, 'mustTick')],
  ];
  const notHk = (): [string, Check][] => [
    ['idExtraInfo', absent(data.idExtraInfo)],
    ['documentInfo.idCardHK', absent(at(data, 'documentInfo.idCardHK'))],
  ];
  const notNoHk = (): [string, Check][] => [
    ['documentInfo.idCardForeign', absent(at(data, 'documentInfo.idCardForeign'))],
    ['promise', absent(data.promise)],
  ];
  let branch: [string, Check][];
  if (type === STATEMENT_TYPE.HK_DOCUMENT) branch = [...hkPart(), ...notNoHk()];
  else if (type === STATEMENT_TYPE.NO_HK_DOCUMENT) branch = [...noHkPart(), ...notHk()];
  else if (type === STATEMENT_TYPE.OLD) branch = [...notHk(), ...notNoHk()];
  else branch = [['statementInfo.type', type === undefined || type === null ? 'required' : 'choice']];
  return issuesOf([...statementPart, ...branch]);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<StatementStep> = (s) => {
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
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

/** STATEMENT of the new variant without an HK document (overseas proof and the promise). */
export function statementSample(statement: SampleFile, foreignId: SampleFile): Data {
  return {
    statementInfo: { type: 0, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [statement], idCardForeign: [foreignId] },
    promise: true,
  };
}

export const sample: StepSample = async (src) => statementSample(await src.file('UserApply'), await src.file('UserInfo'));
