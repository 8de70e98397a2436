/** Applicant kinds: mainland China (cn, oaType 1) and Hong Kong / Macau / overseas (hk, oaType 2; 5 is a variant of 2). */
export type ClientType = 'cn' | 'hk';
export type OaType = 1 | 2 | 5;

export const OA_TYPE_OF: Record<ClientType, OaType> = { cn: 1, hk: 2 };

export function clientTypeOf(oaType: number): ClientType {
  return oaType === 1 ? 'cn' : 'hk';
}

export function isOaType(value: unknown): value is OaType {
  return value === 1 || value === 2 || value === 5;
}
