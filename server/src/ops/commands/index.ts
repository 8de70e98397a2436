/**
 * Every ops command. To add one: write server/src/ops/commands/<name>.ts exporting
 * `defineCommand({...})` as default and append it here (one import, one entry).
 */
import type { OpsCommand } from '../framework';
import code from './code';
import user from './user';
import appToken from './app-token';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: OpsCommand<any, any>[] = [
  code,
  user,
  appToken,
  // apps helper: apps, app, approve, reject, set-status, deposit, file
];

export function findCommand(name: string) {
  return commands.find((c) => c.name === name);
}
