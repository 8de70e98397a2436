/** Runs one ops command with checked params; the CLI (direct path) and the ops API both come here. */
import { AppError, OpsInputError } from '../errors';
import { errorMessage } from '../i18n';
import { LifecycleRefusalError } from '../modules/applications/lifecycle';
import { StorageNotFoundError } from '../storage';
import { commands, findCommand } from './commands';
import { checkParams, OpsError, type OpsContext } from './framework';
import { refusalText } from './refusals';

export async function runCommand(ctx: OpsContext, name: string, rawParams: unknown): Promise<unknown> {
  const cmd = findCommand(name);
  if (!cmd) throw new OpsError(`unknown command "${name}"; commands: ${commands.map((c) => c.name).join(', ')}`);
  const params = checkParams(cmd, rawParams);
  try {
    return await cmd.run(ctx, params);
  } catch (err) {
    throw asOpsError(err);
  }
}

/** Errors an operator should read (bad input, business refusals) as OpsError; others unchanged. */
export function asOpsError(err: unknown): unknown {
  if (err instanceof OpsError) return err;
  if (err instanceof OpsInputError) return new OpsError(err.message);
  // the lifecycle's refusals in the CLI's words (the API answers them as translated errors)
  if (err instanceof LifecycleRefusalError) return new OpsError(refusalText(err));
  if (err instanceof StorageNotFoundError) return new OpsError(`the file's bytes are missing from the store (key ${err.key})`);
  if (err instanceof AppError) return new OpsError(`${err.code}: ${err.givenMessage ?? errorMessage(err.code, 'en')}`);
  if (err && typeof err === 'object' && (err as Error).name === 'ZodError') return new OpsError((err as Error).message);
  return err;
}
