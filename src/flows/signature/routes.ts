/** The signing page's hash routes (spec: index, verify, doc, sign, result). */
import type { OrgSignRoute } from '@core/domain/org-sign';

export const SIGN_ROUTE: Record<OrgSignRoute, string> = { index: '/', verify: '/verify', doc: '/doc', sign: '/sign', result: '/result' };
