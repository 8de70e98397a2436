/**
 * Chinese name → passport-style pinyin (KYCKeyValue type 3), upper case, no tones:
 * - the surname is the first character, or the first two when they are a compound surname (欧阳, 司马,
 *   诸葛, 上官, 尉迟 ...) and a given name follows; surname readings come from pinyin-pro's surname mode
 *   (单 SHAN, 曾 ZENG, 区 OU, 仇 QIU, 解 XIE, 查 ZHA, 朴 PIAO, 尉迟 YUCHI);
 * - syllables of a part are written together, without spaces, as on a Chinese passport (张三丰 → ZHANG / SANFENG);
 * - ü is written YU, as the passport standard writes it (吕 LYU, 女 NYU);
 * - names with a middle dot (ethnic-minority and transliterated names, 阿依古丽·买买提): the last part
 *   is the surname (the family or father's name), the parts before it the given name;
 * - a part is flagged polyphone when one of its characters has more than one toneless reading in
 *   pinyin-pro's dictionary, the surname too even when the surname rule fixed its reading (单 may still be
 *   Dan in a family), so the user checks it; a character without any reading is left out and flags its part.
 */
import { isLookupName, normaliseLookupName } from '@core/domain/lookup';
import { pinyin } from 'pinyin-pro';

export { isLookupName, normaliseLookupName };

/** Compound surnames (复姓) of the Hundred Family Surnames, plus the common ones in use today. */
export const COMPOUND_SURNAMES = new Set([
  '欧阳', '司马', '诸葛', '上官', '尉迟', '令狐', '长孙', '慕容', '东方', '皇甫', '司徒', '司空', '夏侯', '公孙',
  '轩辕', '宇文', '独孤', '南宫', '西门', '端木', '澹台', '公冶', '宗政', '濮阳', '淳于', '单于', '太叔', '申屠',
  '赫连', '钟离', '闻人', '万俟', '呼延', '百里', '东郭', '南门', '羊舌', '微生', '公羊', '梁丘', '左丘', '第五',
  '鲜于', '闾丘', '亓官', '司寇', '巫马', '公西', '颛孙', '壤驷', '公良', '漆雕', '乐正', '宰父', '谷梁', '拓跋',
  '夹谷', '段干', '百里', '东门', '公户', '公玉', '公仪', '梁丘', '公仲', '公上', '公门', '公山', '公坚', '左人',
  '太史', '仲孙', '叔孙', '季孙', '子车', '陈留',
]);

export interface NamePinyin {
  surnamePinyin: string;
  namePinyin: string;
  surnameIsPolyphone: boolean;
  nameIsPolyphone: boolean;
}

const TONED_U = /[ǖǘǚǜü]/g;

/** A reading as written on a passport: toneless, ü → yu, lower case letters only. */
function plain(reading: string): string {
  return reading
    .replace(TONED_U, 'yu')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/v/g, 'yu')
    .toLowerCase();
}

interface CharReading {
  /** '' when the dictionary has no reading */
  text: string;
  polyphone: boolean;
}

/** Per-character readings of a run of Chinese characters; `surnameHead` applies the surname readings at its start. */
function readRun(run: string, surnameHead: boolean): CharReading[] {
  const all = pinyin(run, { type: 'all', toneType: 'none', v: 'yu', ...(surnameHead ? { mode: 'surname' as const, surname: 'head' as const } : {}) });
  return all.map((c) => {
    if (!c.isZh || !/^[a-z]+$/i.test(plain(c.pinyin))) return { text: '', polyphone: true };
    const readings = new Set([plain(c.pinyin), ...c.polyphonic.map(plain)].filter((r) => /^[a-z]+$/.test(r)));
    return { text: plain(c.pinyin), polyphone: readings.size > 1 };
  });
}

const join = (chars: CharReading[]) => chars.map((c) => c.text).join('').toUpperCase();
const anyPolyphone = (chars: CharReading[]) => chars.some((c) => c.polyphone);

/** The pinyin of a Chinese name (assumes isLookupName(normaliseLookupName(raw))). */
export function namePinyinOf(raw: string): NamePinyin {
  const name = normaliseLookupName(raw);
  if (name.includes('·')) {
    const parts = name.split('·');
    const surname = parts.flatMap((p, i) => (i === parts.length - 1 ? readRun(p, false) : []));
    const given = parts.slice(0, -1).flatMap((p) => readRun(p, false));
    return { surnamePinyin: join(surname), namePinyin: join(given), surnameIsPolyphone: anyPolyphone(surname), nameIsPolyphone: anyPolyphone(given) };
  }
  const chars = Array.from(name);
  const surnameLength = chars.length >= 3 && COMPOUND_SURNAMES.has(chars.slice(0, 2).join('')) ? 2 : 1;
  const readings = readRun(name, true);
  const surname = readings.slice(0, surnameLength);
  const given = readings.slice(surnameLength);
  return {
    surnamePinyin: join(surname),
    namePinyin: join(given),
    surnameIsPolyphone: anyPolyphone(surname),
    nameIsPolyphone: anyPolyphone(given),
  };
}
