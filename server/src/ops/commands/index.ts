/**
 * Every ops command. To add one: write server/src/ops/commands/<name>.ts exporting
 * `defineCommand({...})` as default and append it here (one import, one entry).
 */
import type { OpsCommand } from '../framework';
import code from './code';
import sessionBackdate from './session-backdate';
import user from './user';
import appToken from './app-token';
import apps from './apps';
import app from './app';
import approve from './approve';
import reject from './reject';
import close from './close';
import witness from './witness';
import setStatus from './set-status';
import deposit from './deposit';
import history from './history';
import stock from './stock';
import clientStatus from './client-status';
import file from './file';
import companiesImport from './companies-import';
import amlImport from './aml-import';
import riskTrack from './risk-track';
import faceChecks from './face-checks';
import { updateApprove, updateReject, updateRequest } from './update-decide';
import { marginApprove, marginList, marginRefuse } from './margin';
import tradeTicket from './trade-ticket';
import { transferIns, transferInStatus } from './transfer-in';
import { improveList, improveRequest, improveShow, improveWithdraw } from './improve-info';
import pageTicket from './page-ticket';
import storageCopy from './storage-copy';
import eraseExpired from './erase-expired';
import { orgCreate, signCaCert, signExpire, signExport, signRevoke, signTicket, signTickets } from './org-sign';
import { staffCreate, staffDisable, staffList, staffReset } from './staff';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: OpsCommand<any, any>[] = [
  code,
  user,
  appToken,
  apps,
  app,
  approve,
  reject,
  close,
  witness,
  setStatus,
  deposit,
  history,
  stock,
  clientStatus,
  sessionBackdate,
  file,
  companiesImport,
  amlImport,
  riskTrack,
  faceChecks,
  updateApprove,
  marginList,
  marginApprove,
  marginRefuse,
  updateReject,
  updateRequest,
  tradeTicket,
  transferIns,
  transferInStatus,
  improveRequest,
  improveWithdraw,
  improveList,
  improveShow,
  pageTicket,
  orgCreate,
  signTicket,
  signTickets,
  signRevoke,
  signExpire,
  signExport,
  signCaCert,
  storageCopy,
  eraseExpired,
  staffCreate,
  staffReset,
  staffDisable,
  staffList,
];

export function findCommand(name: string) {
  return commands.find((c) => c.name === name);
}
