/**
 * The arithmetic of the date wheels (year, month, day), on plain numbers: no Date object, so nothing depends on
 * the device's time zone. Dates travel as YYYY-MM-DD; ISO strings of the same shape compare as dates.
 */

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const ymdOf = (iso: string): Ymd => {
  const [y, m, d] = iso.split('-').map(Number);
  return { y, m, d };
};
export const isoOfYmd = ({ y, m, d }: Ymd): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** A year, month and day as the wheels may show them made a date of [min, max]: the day clamped to its month's end, then the date to the range. */
export function settleDate(y: number, m: number, d: number, min: string, max: string): string {
  const mm = Math.min(12, Math.max(1, m));
  const iso = isoOfYmd({ y, m: mm, d: Math.min(Math.max(1, d), daysInMonth(y, mm)) });
  return iso < min ? min : iso > max ? max : iso;
}

/** The first and last value of each wheel for a date of [min, max]: the months of the range's first and last year, the days of its first and last month. */
export function wheelBounds(at: string, min: string, max: string): { year: [number, number]; month: [number, number]; day: [number, number] } {
  const a = ymdOf(at);
  const lo = ymdOf(min);
  const hi = ymdOf(max);
  const month: [number, number] = [a.y === lo.y ? lo.m : 1, a.y === hi.y ? hi.m : 12];
  const day: [number, number] = [a.y === lo.y && a.m === lo.m ? lo.d : 1, a.y === hi.y && a.m === hi.m ? hi.d : daysInMonth(a.y, a.m)];
  return { year: [lo.y, hi.y], month, day };
}
