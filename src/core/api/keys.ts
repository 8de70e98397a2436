/** The one query-key factory: every server state the client caches, by name. */
export const queryKeys = {
  all: ['esop'] as const,
  user: () => ['esop', 'user'] as const,
  application: () => ['esop', 'application'] as const,
  areaType: () => ['esop', 'areaType'] as const,
  ipLocation: () => ['esop', 'ipLocation'] as const,
  clientConfig: () => ['esop', 'clientConfig'] as const,
  signedUrl: (ossId: string) => ['esop', 'signedUrl', ossId] as const,
  birthplace: (code6: string) => ['esop', 'birthplace', code6] as const,
  namePinyin: (name: string) => ['esop', 'namePinyin', name] as const,
  mainlandCities: () => ['esop', 'mainlandCities'] as const,
  companySearch: (word: string, page: number, pageSize: number) => ['esop', 'companySearch', word, page, pageSize] as const,
  companyInfo: (id: string) => ['esop', 'companyInfo', id] as const,
  riskAudio: (appId: string) => ['esop', 'riskAudio', appId] as const,
  channel: () => ['esop', 'channel'] as const,
  hlInfo: (subAcctId: string) => ['esop', 'hlInfo', subAcctId] as const,
  autoExchange: (subAcctId: string) => ['esop', 'autoExchange', subAcctId] as const,
};
