/**
 * Refine's providers for the review desk: the data provider maps each of the desk's resources (RESOURCES: the
 * applications, the account updates, the organisations) to the service's staff calls, typed per resource (getList →
 * its list, getOne → its record; custom → the other calls by name), the auth provider signs in
 * and out with the staff session, and the i18n provider translates through react-intl with the desk's messages.
 */
import type { AuthProvider, BaseRecord, CrudFilter, CustomParams, DataProvider, GetListParams, GetListResponse, GetOneParams, HttpError, I18nProvider } from '@refinedev/core';
import type { IntlShape } from 'react-intl';
import { ApiError, isApiError, staffApi } from '@core/api/staff';
import { ErrorCode } from '@core/domain/errors';
import { STAFF_PREFIX } from '@core/domain/calls';
import type { Req, Res } from '@core/domain/contract';

/** the resource the desk's screens name */
export const APPLICATIONS = 'applications';
/** the account updates clients submitted (address, W-8BEN) */
export const UPDATES = 'updates';
/** the organisations of organisation signing, with their signing links */
export const ORGS = 'orgs';

/** An ApiError in the shape Refine's hooks and notifications expect (message, statusCode), the error itself kept. */
export interface DeskError extends HttpError {
  apiError: ApiError;
}

export function deskError(err: unknown): DeskError {
  const apiError = isApiError(err) ? err : ApiError.network(err);
  return { message: String(apiError.code), statusCode: apiError.status || 0, apiError };
}

/** a session that has ended (no session, idle or past its absolute limit): back to the sign-in */
export const SESSION_ENDED: readonly (number | string)[] = [ErrorCode.LOGIN_EXPIRED, ErrorCode.SESSION_IDLE, ErrorCode.SESSION_ABSOLUTE];

const FILTER_FIELDS = ['status', 'clientType', 'accountType', 'minAgeHours', 'amlHit', 'faceBelow', 'mine', 'free', 'q'] as const;
type QueueQuery = Exclude<Req<'staffQueue'>, void>;

/** The desk's calls sent through Refine's `custom` (useDeskAction): the decisions and their kin. */
export const DESK_ACTIONS = ['staffClaim', 'staffRelease', 'staffDecide', 'staffUpdateDecide', 'staffOrgCreate', 'staffSignTicket', 'staffSignRevoke'] as const;
export type DeskActionName = (typeof DESK_ACTIONS)[number];

/** Refine's filters (field eq value) as the queue's query: only the fields the queue knows, empty ones left out. */
export function queueQueryOf(filters: readonly CrudFilter[] | undefined): Partial<QueueQuery> {
  const q: Record<string, string> = {};
  for (const f of filters ?? []) {
    if (!('field' in f) || !(FILTER_FIELDS as readonly string[]).includes(f.field)) continue;
    const v: unknown = f.value;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q[f.field] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return q as Partial<QueueQuery>;
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw deskError(err);
  }
}

const unsupported = (what: string, resource: string) => Promise.reject(deskError(new ApiError(ErrorCode.INVALID_INPUT, `the desk does not ${what} ${resource}`)));

/** A row as Refine keeps it: the service's row with its id under `id`. */
type WithId<T> = T & { id: string };

/** What a resource's list answers: its rows (each with its Refine id), their count and what else the screen reads. */
interface ListAnswer<Row> {
  data: WithId<Row>[];
  total: number;
  counts?: Res<'staffQueue'>['counts'];
  expectedHours?: Res<'staffQueue'>['expectedHours'];
}

/** One resource of the desk: its list (Refine's getList) and, where it has one, its record (getOne). */
interface DeskResource<Row, One = never> {
  list: (query: Pick<GetListParams, 'pagination' | 'filters'>) => Promise<ListAnswer<Row>>;
  one?: (id: string) => Promise<WithId<One>>;
}

/** Each resource the desk's screens name, with its calls and the types of what they answer. */
const RESOURCES: {
  [APPLICATIONS]: DeskResource<Res<'staffQueue'>['rows'][number], Res<'staffCase'>>;
  [UPDATES]: DeskResource<Res<'staffUpdates'>['rows'][number]>;
  [ORGS]: DeskResource<Res<'staffOrgs'>['orgs'][number]>;
} = {
  [APPLICATIONS]: {
    list: async ({ pagination, filters }) => {
      const r = await staffApi('staffQueue', {
        ...queueQueryOf(filters),
        page: String(pagination?.currentPage ?? 1),
        pageSize: String(pagination?.pageSize ?? 20),
      } as QueueQuery);
      return { data: r.rows.map((row) => ({ id: row.appId, ...row })), total: r.total, counts: r.counts, expectedHours: r.expectedHours };
    },
    one: async (id) => ({ id, ...(await staffApi('staffCase', { appId: id })) }),
  },
  [UPDATES]: {
    list: async () => {
      const u = await staffApi('staffUpdates', { status: '1200' });
      return { data: u.rows.map((row) => ({ id: row.updateId, ...row })), total: u.rows.length };
    },
  },
  [ORGS]: {
    list: async () => {
      const o = await staffApi('staffOrgs');
      return { data: o.orgs.map((row) => ({ id: row.orgId, ...row })), total: o.orgs.length };
    },
  },
};

export type DeskResourceName = keyof typeof RESOURCES;
/** The row type of a resource's list (what `useList` of that resource answers). */
export type DeskRow<R extends DeskResourceName> = Awaited<ReturnType<(typeof RESOURCES)[R]['list']>>['data'][number];

function resourceOf(name: string): DeskResource<unknown, unknown> {
  if (!Object.hasOwn(RESOURCES, name)) throw new ApiError(ErrorCode.INVALID_INPUT, `no desk resource ${name}`);
  return RESOURCES[name as DeskResourceName] as DeskResource<unknown, unknown>;
}

const isDeskAction = (name: string): name is DeskActionName => (DESK_ACTIONS as readonly string[]).includes(name);

/**
 * Refine's data provider over RESOURCES. Refine lets the calling screen name the record type (its TData): the
 * answers are handed over as the resource's own types, which the screens read through DeskRow.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => STAFF_PREFIX,
  getList: <TData extends BaseRecord>({ resource, pagination, filters }: GetListParams) =>
    run(async () => (await resourceOf(resource).list({ pagination, filters })) as unknown as GetListResponse<TData>),
  getOne: <TData extends BaseRecord>({ resource, id }: GetOneParams) =>
    run(async () => {
      const { one } = resourceOf(resource);
      if (!one) return unsupported('open one of', resource);
      return { data: (await one(String(id))) as unknown as TData };
    }),
  // the desk's other calls by name (claim, release, decide): useCustomMutation({ url: 'staffClaim', … })
  custom: <TData extends BaseRecord>({ url, payload }: CustomParams) =>
    run(async () => {
      if (!isDeskAction(url)) throw new ApiError(ErrorCode.INVALID_INPUT, `no desk call ${url}`);
      return { data: (await staffApi(url, payload as Req<typeof url>)) as unknown as TData };
    }),
  create: ({ resource }) => unsupported('create', resource),
  update: ({ resource }) => unsupported('edit', resource),
  deleteOne: ({ resource }) => unsupported('delete', resource),
};

export const authProvider: AuthProvider = {
  login: async (params: { login: string; password: string; code: string }) => {
    try {
      await staffApi('staffSignIn', { login: params.login.trim(), password: params.password, code: params.code.trim() });
      return { success: true, redirectTo: '/queue' };
    } catch (err) {
      return { success: false, error: deskError(err) };
    }
  },
  logout: async () => {
    try {
      await staffApi('staffSignOut');
    } catch {
      // an ended session is signed out already
    }
    return { success: true, redirectTo: '/login' };
  },
  check: async () => {
    try {
      await staffApi('staffMe');
      return { authenticated: true };
    } catch (err) {
      return { authenticated: false, redirectTo: '/login', error: deskError(err) };
    }
  },
  onError: async (error: unknown) => {
    const code = (error as DeskError | undefined)?.apiError?.code;
    return code !== undefined && SESSION_ENDED.includes(code) ? { logout: true, redirectTo: '/login', error: error as DeskError } : {};
  },
  getIdentity: async () => {
    try {
      return await staffApi('staffMe');
    } catch {
      return null;
    }
  },
  getPermissions: async () => {
    try {
      return (await staffApi('staffMe')).role;
    } catch {
      return null;
    }
  },
};

/**
 * Refine's translate through react-intl, with the texts of the language shown now (`current`): a key the desk's
 * messages lack gives Refine's own default text.
 */
export function i18nProviderOf(current: () => IntlShape | null, changeLocale: (lang: string) => void): I18nProvider {
  return {
    translate: (key, options, defaultMessage) => {
      const intl = current();
      return intl && intl.messages[key] !== undefined ? intl.formatMessage({ id: key }, options as Record<string, string>) : (defaultMessage ?? key);
    },
    changeLocale,
    getLocale: () => current()?.locale ?? 'en',
  };
}

/** The translated text of a desk error (the catalogue's errors.<code>; a lost connection its own). */
export function deskErrorText(intl: IntlShape, err: unknown): string {
  const api = (err as DeskError | undefined)?.apiError ?? (isApiError(err) ? err : null);
  if (!api) return intl.formatMessage({ id: 'errors.100500' });
  if (api.code === ErrorCode.NETWORK) return intl.formatMessage({ id: 'errors.NETWORK' });
  const id = `errors.${api.code}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : intl.formatMessage({ id: 'errors.100500' });
}
