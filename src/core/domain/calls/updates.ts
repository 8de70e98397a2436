/**
 * The calls of server/src/modules/updates: account updates: address and W-8BEN (issue 13).
 * Each entry: the one-line summary (OpenAPI, docs/api.md), the request (`req`, or `meta` for a multipart call) and
 * the answer (`res`). The path, method and options of each call are its CALLS entry (../calls.ts).
 */
import { z } from 'zod';
import { subAcctId, type CallWires } from './shared';

/** an account update's modules (8 address, 512 W-8BEN) and actions (1 save, 2 discard): src/core/domain/account-update.ts */
const updateModule = z.union([z.literal(8), z.literal(512)]);
const updateAction = z.union([z.literal(1), z.literal(2)]);
const updateMasks = { updateId: z.string(), status: z.number(), module: z.number(), reUpdateModule: z.number(), rejectModule: z.number() };


export const updatesCalls = {
  clientApplys: {
    summary: "An account's current address and W-8BEN and its update in progress",
    req: z.object({ subAcctId }),
    res: z.object({
      /** what the account holds now: the address module's fields and the W-8BEN's {country, residenceAddress} */
      current: z.object({ address: z.record(z.string(), z.unknown()).nullable(), w8: z.record(z.string(), z.unknown()).nullable() }),
      /** the update in progress (or the last one decided), null when there has been none */
      update: z
        .object({
          ...updateMasks,
          isCreated: z.literal(true),
          rejectData: z.object({ message: z.string(), steps: z.array(z.string()) }).nullable(),
          /** the saved modules' data by module ("8", "512") */
          data: z.record(z.string(), z.unknown()),
        })
        .nullable(),
      /** the broker's request to update, if any */
      notice: z.object({ module: z.number(), message: z.string(), seen: z.boolean() }).nullable(),
    }),
  },
  clientApply: {
    summary: 'Start an account update with its first module',
    /** starts an update with its first module (isCreated false); action 1 saves `data`, 2 discards */
    req: z.object({ subAcctId, cltId: z.string().max(32), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientUpdate: {
    summary: 'Save or discard a module of the account update in progress',
    /** saves a module of the update in progress (isCreated true), or discards it (action 2) */
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64), module: updateModule, action: updateAction, data: z.record(z.string(), z.unknown()).optional() }),
    res: z.object(updateMasks),
  },
  clientSubmit: {
    summary: 'Submit an account update for review',
    req: z.object({ subAcctId, cltId: z.string().max(32), updateId: z.string().max(64) }),
    res: z.object({ status: z.number() }),
  },
  clientUpdateNotice: {
    summary: "Mark the broker's request to update as seen",
    /** the client has seen the broker's request to update */
    req: z.object({ subAcctId, cltId: z.string().max(32) }),
    res: z.object({ seen: z.boolean() }),
  },
} as const satisfies CallWires;
