/**
 * Chinese address → an upper-case English/pinyin line for the W-8BEN address (KYCKeyValue type 4).
 *
 * The line uses only letters, digits and spaces (the W-8BEN address field accepts nothing else) and reads
 * from small to large as English addresses do:
 *   北京市朝阳区建国路88号SOHO现代城2号楼1201室 → ROOM 1201 BUILDING 2 SOHO XIANDAICHENG NO 88 JIANGUO ROAD CHAOYANG DISTRICT BEIJING
 *
 * How it reads the text, left to right:
 * 1. administrative prefix from the official division list (province, prefecture, county): full names, and a
 *    province's short name at the start (广东深圳市 ...) or a prefecture's short name right after its province;
 *    municipalities are written bare (BEIJING), provinces "X PROVINCE", prefecture cities bare (SHENZHEN),
 *    county-level cities "X CITY", districts "X DISTRICT", counties "X COUNTY", autonomous units spelled out;
 *    Hong Kong and Macau names and a few places with established English names keep those names;
 * 2. then units: a number or letter followed by 号 楼 栋 座 单元 层 室 ... becomes "NO 88", "ROOM 1201", "FLOOR 12";
 *    a name followed by 路 街 大道 街道 镇 乡 ... becomes "JIANGUO ROAD" (a direction before the ending of a name of
 *    3 or more characters is English: 长江西路 → CHANGJIANG WEST ROAD); weaker endings (村 小区 花园 大厦 广场 ...)
 *    split only before a number, a letter, punctuation or the end (中关村南大街 stays one name);
 * 3. everything else is a proper name: Chinese in toneless pinyin written together (ü as YU), Latin letters
 *    and digits kept.
 * Tokens are then written in reverse order. The result is capped at 500 characters (the W-8BEN field's limit),
 * cut at a space.
 */
import { MAX_LEN } from '@core/domain/identity';
import { pinyin } from 'pinyin-pro';
import { divisionNames } from './regions';

/** The W-8BEN address field's limit (the same as every address). */
export const ADDRESS_MAX = MAX_LEN.address;

const PROVINCE_EN: Record<string, string> = {
  '北京市': 'BEIJING',
  '天津市': 'TIANJIN',
  '上海市': 'SHANGHAI',
  '重庆市': 'CHONGQING',
  '内蒙古自治区': 'INNER MONGOLIA AUTONOMOUS REGION',
  '广西壮族自治区': 'GUANGXI ZHUANG AUTONOMOUS REGION',
  '西藏自治区': 'XIZANG AUTONOMOUS REGION',
  '宁夏回族自治区': 'NINGXIA HUI AUTONOMOUS REGION',
  '新疆维吾尔自治区': 'XINJIANG UYGUR AUTONOMOUS REGION',
  '陕西省': 'SHAANXI PROVINCE',
};

/** Places whose English name is not their pinyin. */
const PLACE_EN: Record<string, string> = {
  '香港': 'HONG KONG',
  '澳门': 'MACAO',
  '九龙': 'KOWLOON',
  '新界': 'NEW TERRITORIES',
  '香港岛': 'HONG KONG ISLAND',
  '呼和浩特': 'HOHHOT',
  '乌鲁木齐': 'URUMQI',
  '哈尔滨': 'HARBIN',
  '拉萨': 'LHASA',
  '陕西': 'SHAANXI',
  '内蒙古': 'INNER MONGOLIA',
};

/** The 18 districts of Hong Kong (official English names). */
const HK_DISTRICTS: Record<string, string> = {
  '中西区': 'CENTRAL AND WESTERN', '湾仔区': 'WAN CHAI', '东区': 'EASTERN', '南区': 'SOUTHERN', '油尖旺区': 'YAU TSIM MONG',
  '深水埗区': 'SHAM SHUI PO', '九龙城区': 'KOWLOON CITY', '黄大仙区': 'WONG TAI SIN', '观塘区': 'KWUN TONG', '葵青区': 'KWAI TSING',
  '荃湾区': 'TSUEN WAN', '屯门区': 'TUEN MUN', '元朗区': 'YUEN LONG', '北区': 'NORTH', '大埔区': 'TAI PO', '沙田区': 'SHA TIN',
  '西贡区': 'SAI KUNG', '离岛区': 'ISLANDS',
};

/** Endings of administrative names, longest first → English word after the name. */
const ADMIN_SUFFIXES: [string, string][] = [
  ['特别行政区', 'SAR'],
  ['自治州', 'AUTONOMOUS PREFECTURE'],
  ['自治县', 'AUTONOMOUS COUNTY'],
  ['自治旗', 'AUTONOMOUS BANNER'],
  ['自治区', 'AUTONOMOUS REGION'],
  ['林区', 'FORESTRY DISTRICT'],
  ['新区', 'NEW AREA'],
  ['地区', 'PREFECTURE'],
  ['省', 'PROVINCE'],
  ['市', 'CITY'],
  ['区', 'DISTRICT'],
  ['县', 'COUNTY'],
  ['旗', 'BANNER'],
  ['盟', 'LEAGUE'],
];

/** Unit words after a number or letter ("88号" → NO 88), longest first. */
const NUMBER_UNITS: [string, string][] = [
  ['号楼', 'BUILDING'],
  ['号院', 'COURTYARD'],
  ['单元', 'UNIT'],
  ['号', 'NO'],
  ['栋', 'BLOCK'],
  ['幢', 'BLOCK'],
  ['座', 'TOWER'],
  ['层', 'FLOOR'],
  ['楼', 'FLOOR'],
  ['室', 'ROOM'],
  ['房', 'ROOM'],
  ['户', 'ROOM'],
  ['期', 'PHASE'],
  ['段', 'SECTION'],
  ['弄', 'LANE'],
  ['巷', 'LANE'],
  ['组', 'GROUP'],
  ['排', 'ROW'],
  ['区', 'ZONE'],
];

/** Endings of street-level names; strong ones always end a name, weak ones only before a non-Chinese character. */
const NAME_SUFFIXES: { zh: string; en: string; strong: boolean }[] = [
  { zh: '工业区', en: 'INDUSTRIAL ZONE', strong: false },
  { zh: '工业园', en: 'INDUSTRIAL PARK', strong: false },
  { zh: '科技园', en: 'SCIENCE PARK', strong: false },
  { zh: '开发区', en: 'DEVELOPMENT ZONE', strong: false },
  { zh: '街道', en: 'SUBDISTRICT', strong: true },
  { zh: '大道', en: 'AVENUE', strong: true },
  { zh: '大街', en: 'STREET', strong: true },
  { zh: '胡同', en: 'HUTONG', strong: true },
  { zh: '小区', en: 'COMMUNITY', strong: false },
  { zh: '社区', en: 'COMMUNITY', strong: false },
  { zh: '新村', en: 'NEW VILLAGE', strong: false },
  { zh: '花园', en: 'GARDEN', strong: false },
  { zh: '公寓', en: 'APARTMENTS', strong: false },
  { zh: '大厦', en: 'BUILDING', strong: false },
  { zh: '广场', en: 'PLAZA', strong: false },
  { zh: '中心', en: 'CENTER', strong: false },
  { zh: '园区', en: 'PARK', strong: false },
  { zh: '大学', en: 'UNIVERSITY', strong: false },
  { zh: '学院', en: 'COLLEGE', strong: false },
  { zh: '医院', en: 'HOSPITAL', strong: false },
  { zh: '公司', en: 'COMPANY', strong: false },
  { zh: '路', en: 'ROAD', strong: true },
  { zh: '街', en: 'STREET', strong: true },
  { zh: '道', en: 'ROAD', strong: true },
  { zh: '镇', en: 'TOWN', strong: true },
  { zh: '乡', en: 'TOWNSHIP', strong: true },
  { zh: '巷', en: 'LANE', strong: true },
  { zh: '村', en: 'VILLAGE', strong: false },
  { zh: '楼', en: 'BUILDING', strong: false },
  { zh: '区', en: 'ZONE', strong: false },
];

const HAN = /\p{Script=Han}/u;
const SEPARATORS = /[\s,，、;；。.:：!！?？()（）[\]【】{}「」『』"“”'‘’#＃/\\|*&~_<>《》+=]/u;
const CN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const CN_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 十二 → 12, 二十 → 20, 一百零五 → 105, 三 → 3; null when not a numeral. */
export function chineseNumber(text: string): number | null {
  if (!text || ![...text].every((c) => c in CN_DIGITS || c in CN_UNITS)) return null;
  if ([...text].every((c) => c in CN_DIGITS) && text.length > 1) return Number([...text].map((c) => CN_DIGITS[c]).join(''));
  let total = 0;
  let digit = 0;
  for (const c of text) {
    if (c in CN_DIGITS) digit = CN_DIGITS[c];
    else {
      total += (digit || 1) * CN_UNITS[c];
      digit = 0;
    }
  }
  return total + digit;
}

/** Pinyin of a run of Chinese characters, syllables together, toneless, ü as YU. */
function pinyinOf(han: string): string {
  if (PLACE_EN[han]) return PLACE_EN[han];
  return pinyin(han, { toneType: 'none', type: 'array', v: 'yu' })
    .join('')
    .toUpperCase();
}

/** A proper name: Chinese runs in pinyin, Latin letters and digits kept, runs separated by spaces. */
function renderName(raw: string): string {
  const runs = raw.match(/\p{Script=Han}+|[A-Za-z0-9-]+/gu) ?? [];
  return runs.map((r) => (HAN.test(r) ? pinyinOf(r) : r.toUpperCase())).join(' ');
}

const DIRECTIONS: Record<string, string> = { 东: 'EAST', 西: 'WEST', 南: 'SOUTH', 北: 'NORTH', 中: 'MIDDLE' };
const DIRECTIONAL = new Set(['ROAD', 'STREET']);

/** A street's name: a direction word before the ending of a name of 3 or more characters is English (长江西路 → CHANGJIANG WEST ROAD). */
function renderStreetName(raw: string, ending: string): string {
  const chars = Array.from(raw);
  const last = chars[chars.length - 1];
  if (DIRECTIONAL.has(ending) && chars.length >= 3 && DIRECTIONS[last] && HAN.test(chars[chars.length - 2])) {
    return `${renderName(chars.slice(0, -1).join(''))} ${DIRECTIONS[last]}`;
  }
  return renderName(raw);
}

/** An administrative name: its stem by the rules above plus its ending in English. */
function renderAdmin(name: string, level: 'province' | 'city' | 'area'): string {
  if (level === 'province' && PROVINCE_EN[name]) return PROVINCE_EN[name];
  if (PLACE_EN[name]) return PLACE_EN[name];
  for (const [zh, en] of ADMIN_SUFFIXES) {
    if (name.endsWith(zh) && name.length > zh.length) {
      const stem = name.slice(0, -zh.length);
      // ethnic words inside autonomous names: 恩施土家族苗族 → ENSHITUJIA MIAO
      const words = stem.split('族').filter(Boolean).map(renderName).join(' ');
      // a prefecture-level city is written bare (SHENZHEN); a county-level city keeps CITY
      if (zh === '市' && level !== 'area') return words;
      return `${words} ${en}`;
    }
  }
  return renderName(name);
}

interface Admin {
  provinces: { code: string; name: string; short: string }[];
  cities: { code: string; name: string; short: string; provinceCode: string }[];
  areas: { code: string; name: string; cityCode: string; provinceCode: string }[];
}

let admin: Admin | undefined;
const PLACEHOLDER = /^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/;

function adminTables(): Admin {
  if (admin) return admin;
  const d = divisionNames();
  const shortProvince = (n: string) => n.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|省|市)$/, '');
  const shortCity = (n: string) => {
    const s = n.replace(/(市|地区|盟)$/, '');
    return s.length >= 2 && s !== n ? s : '';
  };
  admin = {
    provinces: d.provinces.map((p) => ({ ...p, short: shortProvince(p.name) })),
    cities: d.cities.filter((c) => !PLACEHOLDER.test(c.name)).map((c) => ({ ...c, short: shortCity(c.name) })),
    areas: d.areas,
  };
  return admin;
}

const MUNICIPALITIES = new Set(['11', '12', '31', '50']);

function longestAt<T>(text: string, at: number, items: T[], names: (item: T) => string[]): { item: T; length: number } | null {
  let best: { item: T; length: number } | null = null;
  for (const item of items) {
    for (const n of names(item)) {
      if (n && (!best || n.length > best.length) && text.startsWith(n, at)) best = { item, length: n.length };
    }
  }
  return best;
}

/** Reads the administrative prefix; returns its English tokens (large to small) and where the rest starts. */
function readAdminPrefix(text: string): { tokens: string[]; at: number } {
  const t = adminTables();
  const tokens: string[] = [];
  let at = 0;
  for (const country of ['中华人民共和国', '中国']) {
    if (text.startsWith(country, at)) at += country.length;
  }
  // Hong Kong and Macau
  const territory = longestAt(text, at, ['香港特别行政区', '澳门特别行政区', '香港', '澳门'], (x) => [x]);
  if (territory) {
    tokens.push(territory.item.startsWith('香港') ? 'HONG KONG' : 'MACAO');
    at += territory.length;
    for (;;) {
      const part = longestAt(text, at, ['香港岛', '九龙', '新界', ...Object.keys(HK_DISTRICTS)], (x) => [x]);
      if (!part) break;
      tokens.push(HK_DISTRICTS[part.item] ? `${HK_DISTRICTS[part.item]} DISTRICT` : PLACE_EN[part.item]);
      at += part.length;
    }
    return { tokens, at };
  }
  const province = longestAt(text, at, t.provinces, (p) => (at === 0 ? [p.name, p.short] : [p.name]));
  if (province) {
    tokens.push(renderAdmin(province.item.name, 'province'));
    at += province.length;
  }
  const provinceCode = province?.item.code;
  let cityCode: string | undefined;
  if (!provinceCode || !MUNICIPALITIES.has(provinceCode)) {
    const candidates = provinceCode ? t.cities.filter((c) => c.provinceCode === provinceCode) : t.cities;
    const city = longestAt(text, at, candidates, (c) => (provinceCode ? [c.name, c.short] : [c.name]));
    if (city) {
      tokens.push(renderAdmin(city.item.name, 'city'));
      at += city.length;
      cityCode = city.item.code;
    }
  }
  const areaCandidates = cityCode ? t.areas.filter((a) => a.cityCode === cityCode) : provinceCode ? t.areas.filter((a) => a.provinceCode === provinceCode) : t.areas;
  const area = longestAt(text, at, areaCandidates, (a) => [a.name]);
  if (area) {
    tokens.push(renderAdmin(area.item.name, 'area'));
    at += area.length;
  }
  return { tokens, at };
}

/** A number (digits, one letter, letters with digits, Chinese numerals; optional 第) and its unit word at `at`. */
function numberAt(text: string, at: number): { token: string; end: number } | null {
  let i = at;
  if (text[i] === '第') i += 1;
  const m = /^(?:[0-9]+(?:-[0-9A-Za-z]+)*[A-Za-z]?|[A-Za-z][0-9-]*|[零〇一二两三四五六七八九十百千]+)/.exec(text.slice(i));
  if (!m) return null;
  const raw = m[0];
  const unit = NUMBER_UNITS.find(([zh]) => text.startsWith(zh, i + raw.length));
  if (!unit) return null;
  const value = /^[0-9A-Za-z]/.test(raw) ? raw.toUpperCase() : String(chineseNumber(raw) ?? raw);
  return { token: `${unit[1]} ${value}`, end: i + raw.length + unit[0].length };
}

/** Translates a Chinese address (already URI-decoded) into the W-8BEN line. */
export function translateAddress(input: string): string {
  const text = input.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const { tokens, at: start } = readAdminPrefix(text);
  let buffer = '';
  const flush = () => {
    const name = renderName(buffer);
    if (name) tokens.push(name);
    buffer = '';
  };
  let i = start;
  while (i < text.length) {
    const ch = text[i];
    if (SEPARATORS.test(ch)) {
      flush();
      i += 1;
      continue;
    }
    const num = numberAt(text, i);
    // a digit or letter run inside a name (798艺术区, SOHO现代城) stays in the name; a numbered unit stands alone
    if (num && (buffer === '' || !/[A-Za-z0-9]$/.test(buffer))) {
      flush();
      tokens.push(num.token);
      i = num.end;
      continue;
    }
    if (buffer !== '') {
      const suffix = NAME_SUFFIXES.find((s) => text.startsWith(s.zh, i));
      if (suffix) {
        const next = text[i + suffix.zh.length];
        if (suffix.strong || next === undefined || !HAN.test(next) || numberAt(text, i + suffix.zh.length)) {
          tokens.push(`${renderStreetName(buffer, suffix.en)} ${suffix.en}`.trim());
          buffer = '';
          i += suffix.zh.length;
          continue;
        }
        buffer += suffix.zh;
        i += suffix.zh.length;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  const line = tokens
    .reverse()
    .join(' ')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line.length <= ADDRESS_MAX) return line;
  const cut = line.slice(0, ADDRESS_MAX + 1);
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : ADDRESS_MAX).trim();
}
