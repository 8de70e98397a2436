/** The one query-key factory: every server state the client caches, by name (no query key is written anywhere else). */
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
  w8Address: (address: string) => ['esop', 'w8Address', address] as const,
  mainlandCities: () => ['esop', 'mainlandCities'] as const,
  /** answered in the request's language: one entry per language */
  companySearch: (word: string, page: number, pageSize: number, lang: string) => ['esop', 'companySearch', word, page, pageSize, lang] as const,
  companyInfo: (id: string, lang: string) => ['esop', 'companyInfo', id, lang] as const,
  riskAudio: (appId: string) => ['esop', 'riskAudio', appId] as const,
  /** where the applicant's face check waits (polled while it is checked) */
  faceQueue: (appId: string) => ['esop', 'faceQueue', appId] as const,
  channel: () => ['esop', 'channel'] as const,
  hlInfo: (subAcctId: string) => ['esop', 'hlInfo', subAcctId] as const,
  autoExchange: (subAcctId: string) => ['esop', 'autoExchange', subAcctId] as const,
  clientApplys: (subAcctId: string) => ['esop', 'clientApplys', subAcctId] as const,
  marginUpgrade: (subAcctId: string) => ['esop', 'marginUpgrade', subAcctId] as const,
  tradePassword: (subAcctId: string) => ['esop', 'tradePassword', subAcctId] as const,
  transferIns: (appId: string) => ['esop', 'transferIns', appId] as const,
  hkIdentifier: (subAcctId: string) => ['esop', 'hkIdentifier', subAcctId] as const,
  improveInfo: (subAcctId: string) => ['esop', 'improveInfo', subAcctId] as const,
  protocolStatus: (appId: string) => ['esop', 'protocolStatus', appId] as const,
  depositInfo: () => ['esop', 'depositInfo'] as const,
  /** the computer's hand-off to the phone, followed while it waits and while the phone goes on */
  handoff: (id: string) => ['esop', 'handoff', id] as const,
  /** a certificate document of the application as it stands (its updatedAt): generated again after a change */
  applyDocument: (appId: string, document: string, updatedAt: string) => ['esop', 'applyDocument', appId, document, updatedAt] as const,
  // the organisation signing page (its own session, not the applicant's): every key under orgSign() (cleared together)
  orgSign: () => ['orgSign'] as const,
  orgSignDetail: () => ['orgSign', 'detail'] as const,
  /** the organisation a link is for (TicketInfo, before the signer verifies) */
  orgSignTicket: (ticket: string) => ['orgSign', 'ticket', ticket] as const,
  orgSignClientInfo: () => ['orgSign', 'clientInfo'] as const,
  orgSignIdPhoto: (fileId: string) => ['orgSign', 'idPhoto', fileId] as const,
};
