/**
 * The 46 banks and brokers a restricted mainland applicant may show a statement from (spec part 1 §3:
 * code 1-46, 32 = other, then the broker's name is typed). The spec does not show the names: ours are
 * Hong Kong licensed banks and brokers mainland investors commonly hold accounts with (docs/decisions.md).
 */
export const BROKER_OTHER = 32;
export const BROKER_COUNT = 46;

export interface Broker {
  code: number;
  zhCN: string;
  zhTW: string;
  en: string;
}

const b = (code: number, zhCN: string, zhTW: string, en: string): Broker => ({ code, zhCN, zhTW, en });

export const BROKERS: readonly Broker[] = [
  b(1, '汇丰银行', '滙豐銀行', 'HSBC'),
  b(2, '中银香港', '中銀香港', 'Bank of China (Hong Kong)'),
  b(3, '恒生银行', '恒生銀行', 'Hang Seng Bank'),
  b(4, '渣打银行', '渣打銀行', 'Standard Chartered Bank (Hong Kong)'),
  b(5, '东亚银行', '東亞銀行', 'The Bank of East Asia'),
  b(6, '花旗银行', '花旗銀行', 'Citibank (Hong Kong)'),
  b(7, '星展银行', '星展銀行', 'DBS Bank (Hong Kong)'),
  b(8, '建设银行(亚洲)', '建設銀行(亞洲)', 'China Construction Bank (Asia)'),
  b(9, '工银亚洲', '工銀亞洲', 'ICBC (Asia)'),
  b(10, '交通银行(香港)', '交通銀行(香港)', 'Bank of Communications (Hong Kong)'),
  b(11, '中信银行(国际)', '中信銀行(國際)', 'China CITIC Bank International'),
  b(12, '招商永隆银行', '招商永隆銀行', 'CMB Wing Lung Bank'),
  b(13, '华侨银行(香港)', '華僑銀行(香港)', 'OCBC Bank (Hong Kong)'),
  b(14, '大新银行', '大新銀行', 'Dah Sing Bank'),
  b(15, '南洋商业银行', '南洋商業銀行', 'Nanyang Commercial Bank'),
  b(16, '创兴银行', '創興銀行', 'Chong Hing Bank'),
  b(17, '上海商业银行', '上海商業銀行', 'Shanghai Commercial Bank'),
  b(18, '富邦银行(香港)', '富邦銀行(香港)', 'Fubon Bank (Hong Kong)'),
  b(19, '大众银行(香港)', '大眾銀行(香港)', 'Public Bank (Hong Kong)'),
  b(20, '众安银行', '眾安銀行', 'ZA Bank'),
  b(21, '富途证券', '富途證券', 'Futu Securities International'),
  b(22, '老虎证券', '老虎證券', 'Tiger Brokers (HK)'),
  b(23, '长桥证券', '長橋證券', 'Longbridge Securities'),
  b(24, '盈透证券', '盈透證券', 'Interactive Brokers Hong Kong'),
  b(25, '辉立证券', '輝立證券', 'Phillip Securities (Hong Kong)'),
  b(26, '耀才证券', '耀才證券', 'Bright Smart Securities'),
  b(27, '海通国际', '海通國際', 'Haitong International Securities'),
  b(28, '国泰君安国际', '國泰君安國際', 'Guotai Junan International'),
  b(29, '招银国际', '招銀國際', 'CMB International Securities'),
  b(30, '华泰金融控股(香港)', '華泰金融控股(香港)', 'Huatai Financial Holdings (Hong Kong)'),
  b(31, '中金香港证券', '中金香港證券', 'CICC Hong Kong Securities'),
  b(32, '其他', '其他', 'Other'),
  b(33, '广发证券(香港)', '廣發證券(香港)', 'GF Securities (Hong Kong)'),
  b(34, '中国银河国际', '中國銀河國際', 'China Galaxy International'),
  b(35, '中信里昂证券', '中信里昂證券', 'CLSA'),
  b(36, '中银国际证券', '中銀國際證券', 'BOCI Securities'),
  b(37, '华盛证券', '華盛證券', 'Valuable Capital'),
  b(38, '盈立证券', '盈立證券', 'uSMART Securities'),
  b(39, '越秀证券', '越秀證券', 'Yue Xiu Securities'),
  b(40, '英皇证券', '英皇證券', 'Emperor Securities'),
  b(41, '新鸿基金融', '新鴻基金融', 'Sun Hung Kai Financial'),
  b(42, '致富证券', '致富證券', 'Chief Securities'),
  b(43, '光大证券国际', '光大證券國際', 'Everbright Securities International'),
  b(44, '申万宏源(香港)', '申萬宏源(香港)', 'Shenwan Hongyuan (H.K.)'),
  b(45, '中泰国际', '中泰國際', 'Zhongtai International'),
  b(46, '天星银行', '天星銀行', 'Airstar Bank'),
];

export const isBrokerCode = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= BROKER_COUNT;

export function brokerName(code: number, lang: 'zh-CN' | 'zh-TW' | 'en'): string {
  const found = BROKERS.find((x) => x.code === code);
  if (!found) return '';
  return lang === 'zh-CN' ? found.zhCN : lang === 'zh-TW' ? found.zhTW : found.en;
}

/** Picker search: by any of the three names, case-insensitive. */
export function searchBrokers(query: string): Broker[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...BROKERS];
  return BROKERS.filter((x) => x.zhCN.includes(q) || x.zhTW.includes(q) || x.en.toLowerCase().includes(q));
}
