/**
 * Entry dates are calendar dates kept as text `YYYY-MM-DD`. The year range 1901-2099 is the bulk
 * grid's bound; the same bound applies to every entry so
 * that what the grid accepts and what the server stores never disagree.
 */
export const ENTRY_YEAR_MIN = 1901;
export const ENTRY_YEAR_MAX = 2099;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The grid's M/D/YYYY form: the bounds are checked separately (month 1-12, day 1-31, year 1900-2100). */
const MONTH_DAY_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MDY_YEAR_MIN = 1900;
const MDY_YEAR_MAX = 2100;
const FOUR_DIGIT_YEAR = /(^|\D)\d{4}(\D|$)/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isEntryYear(year: number): boolean {
  return Number.isInteger(year) && year >= ENTRY_YEAR_MIN && year <= ENTRY_YEAR_MAX;
}

/** True for a real calendar date written `YYYY-MM-DD` whose year is in 1901-2099. */
export function isValidEntryDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isEntryYear(year) && isCalendarDate(year, month, day);
}

/** First and last day of a year as entry dates (ISO dates compare correctly as text). */
export function yearDateRange(year: number): { from: string; to: string } {
  return { from: toIsoDate(year, 1, 1), to: toIsoDate(year, 12, 31) };
}

/** First and last day of the month that contains `day` (local calendar). */
export function monthDateRange(day: Date): { from: string; to: string } {
  const year = day.getFullYear();
  const month = day.getMonth() + 1;
  return { from: toIsoDate(year, month, 1), to: toIsoDate(year, month, daysInMonth(year, month)) };
}

export type GridDateResult =
  { ok: true; date: string } | { ok: false; error: 'Missing or invalid date format' | 'Invalid date format' };

const missingOrInvalid = { ok: false, error: 'Missing or invalid date format' } as const;
const yearOutOfRange = { ok: false, error: 'Invalid date format' } as const;

function calendarParts(raw: string): { year: number; month: number; day: number } | null {
  const iso = ISO_DATE.exec(raw);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const mdy = MONTH_DAY_YEAR.exec(raw);
  if (mdy) {
    const [month, day, year] = [Number(mdy[1]), Number(mdy[2]), Number(mdy[3])];
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31 && year >= MDY_YEAR_MIN && year <= MDY_YEAR_MAX) {
      return { year, month, day };
    }
  }
  // Any other parseable date ("Jan 2, 2025", "2 January 2025"), read in local time. A four-digit
  // year is required because V8 turns bare numbers such as "5" into dates in 2001.
  if (!FOUR_DIGIT_YEAR.test(raw)) return null;
  const parsed = new Date(raw);
  if (Number.isNaN(parsed.getTime())) return null;
  return { year: parsed.getFullYear(), month: parsed.getMonth() + 1, day: parsed.getDate() };
}

/**
 * The bulk grid's date rule: M/D/YYYY or any parseable date, normalised to
 * YYYY-MM-DD. Decisions: a day that does not exist in its month (2/29/2025, 4/31/2025) is
 * 'Missing or invalid date format' rather than rolling over into the next month; a date that
 * parses but lies outside 1901-2099 (so 1/1/1900 and 12/31/2100, which the M/D/YYYY form itself
 * admits) is 'Invalid date format'.
 */
export function normaliseGridDate(raw: string): GridDateResult {
  const text = raw.trim();
  if (text === '') return missingOrInvalid;
  const parts = calendarParts(text);
  if (!parts || !isCalendarDate(parts.year, parts.month, parts.day)) return missingOrInvalid;
  if (!isEntryYear(parts.year)) return yearOutOfRange;
  return { ok: true, date: toIsoDate(parts.year, parts.month, parts.day) };
}
