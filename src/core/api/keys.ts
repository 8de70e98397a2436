/** The one query-key factory: every server state the client caches, by name. */
export const queryKeys = {
  all: ['esop'] as const,
  user: () => ['esop', 'user'] as const,
  application: () => ['esop', 'application'] as const,
  areaType: () => ['esop', 'areaType'] as const,
  ipLocation: () => ['esop', 'ipLocation'] as const,
  clientConfig: () => ['esop', 'clientConfig'] as const,
  signedUrl: (ossId: string) => ['esop', 'signedUrl', ossId] as const,
};
