/**
 * The statement page's form state and the STATEMENT step data it stands for (the shape is in
 * @core/domain/step-rules/statement.ts). Pure: the screen keeps a StatementForm in state and sends toData().
 */
import { BROKER_OTHER, isBrokerCode } from '@core/domain/brokers';
import { at, str } from '@core/domain/step-rules';
import { STATEMENT_TYPE, type StatementVariant } from '@core/domain/statement';
import { isFileRef, type FileRefData } from '@core/domain/uploads';

export interface StatementForm {
  /** new variant: the "has an HK document" answer (1 yes, 0 no, undefined not yet answered) */
  hasHk: 0 | 1 | undefined;
  broker: number | undefined;
  brokerName: string;
  name: string;
  account: string;
  statement: FileRefData[];
  hkNumber: string;
  hkFront: FileRefData | null;
  foreign: FileRefData[];
  promise: boolean;
}

export const EMPTY_FORM: StatementForm = {
  hasHk: undefined,
  broker: undefined,
  brokerName: '',
  name: '',
  account: '',
  statement: [],
  hkNumber: '',
  hkFront: null,
  foreign: [],
  promise: false,
};

const files = (v: unknown): FileRefData[] => (Array.isArray(v) ? v.filter(isFileRef) : []);

/** A saved (or draft) STATEMENT back into the form; anything malformed is left empty. */
export function fromData(data: unknown): StatementForm {
  if (!data || typeof data !== 'object') return { ...EMPTY_FORM };
  const type = at(data, 'statementInfo.type');
  const broker = at(data, 'statementInfo.broker');
  const front = at(data, 'documentInfo.idCardHK.front');
  return {
    hasHk: type === STATEMENT_TYPE.HK_DOCUMENT || type === STATEMENT_TYPE.NO_HK_DOCUMENT ? type : undefined,
    broker: isBrokerCode(broker) ? broker : undefined,
    brokerName: str(at(data, 'statementInfo.brokerName')),
    name: str(at(data, 'statementInfo.name')),
    account: str(at(data, 'statementInfo.account')),
    statement: files(at(data, 'documentInfo.statement')),
    hkNumber: str(at(data, 'idExtraInfo.idcardHK.idNumber')),
    hkFront: isFileRef(front) ? front : null,
    foreign: files(at(data, 'documentInfo.idCardForeign')),
    promise: (data as Record<string, unknown>).promise === true,
  };
}

/** Answering the HK-document question: yes clears the overseas proof and the promise, no clears the HK ID. */
export function answerHasHk(form: StatementForm, hasHk: 0 | 1): StatementForm {
  return hasHk === STATEMENT_TYPE.HK_DOCUMENT
    ? { ...form, hasHk, foreign: [], promise: false }
    : { ...form, hasHk, hkNumber: '', hkFront: null };
}

/** The STATEMENT step data of the form, exactly as the service takes it (unset parts left out). */
export function toData(form: StatementForm, variant: StatementVariant): Record<string, unknown> {
  const type = variant === 'old' ? STATEMENT_TYPE.OLD : form.hasHk;
  const statementInfo: Record<string, unknown> = {};
  if (type !== undefined) statementInfo.type = type;
  if (form.broker !== undefined) statementInfo.broker = form.broker;
  if (form.broker === BROKER_OTHER) statementInfo.brokerName = form.brokerName.trim();
  statementInfo.name = form.name.trim();
  statementInfo.account = form.account;
  const documentInfo: Record<string, unknown> = { statement: form.statement };
  const data: Record<string, unknown> = { statementInfo, documentInfo };
  if (type === STATEMENT_TYPE.HK_DOCUMENT) {
    if (form.hkFront) documentInfo.idCardHK = { front: form.hkFront };
    data.idExtraInfo = { idcardHK: { idType: 1, idCountry: 'HK', idNumber: form.hkNumber } };
  } else if (type === STATEMENT_TYPE.NO_HK_DOCUMENT) {
    documentInfo.idCardForeign = form.foreign;
    if (form.promise) data.promise = true;
  }
  return data;
}
