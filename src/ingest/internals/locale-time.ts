/**
 * Old webrtc-internals dumps (before M142) time updateLog entries with a locale string in the
 * browser's time zone: `"11/5/2020, 9:34:11 PM"` (en-US), `"15/07/2025, 12:33:31"` (en-GB),
 * `"2020-11-05 21:34:11"`, `"5.11.2020, 21:34:11"`, `"2020. 11. 5. 오후 9:34:11"` (ko-KR),
 * `"٥/١١/٢٠٢٠، ٩:٣٤:١١ م"` (ar-EG). The order of day and month and the time zone are
 * unknown. We read the wall-clock fields, pick the day/month order that fits every entry, and
 * anchor the result on the stats series (ISO times in UTC): the first stats sample is taken within
 * a second or two of the connection's first logged event, so the zone offset is their difference
 * rounded to a quarter hour.
 */

export interface WallClock {
  a: number;
  b: number;
  c: number;
  hour: number;
  minute: number;
  second: number;
  /** True when the date starts with a 4-digit year (Y-M-D). */
  yearFirst: boolean;
}

export function parseWallClock(raw: string): WallClock | undefined {
  const text = asciiDigits(raw);
  // Korean writes `2020. 11. 5.`: a separator may be followed by a space.
  const date = /(\d{1,4})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{1,4})/.exec(text);
  const rest = text.slice(date ? date.index + date[0].length : 0);
  const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp]\.?\s?[Mm]\.?)?/.exec(rest);
  if (!date || !time) return undefined;
  let hour = Number(time[1]);
  const marker = time[4]?.toLowerCase().replace(/[.\s]/g, '') ?? dayHalf(rest);
  if (marker === 'pm' && hour < 12) hour += 12;
  if (marker === 'am' && hour === 12) hour = 0;
  return {
    a: Number(date[1]),
    b: Number(date[2]),
    c: Number(date[3]),
    hour,
    minute: Number(time[2]),
    second: Number(time[3] ?? 0),
    yearFirst: date[1]!.length === 4,
  };
}

/**
 * AM/PM words of 12-hour locales that do not use Latin letters, often before the time
 * (`오후 9:34:10`, `下午9:34:10`, `٩:٣٤:١٠ م`). A missed marker only shifts times by 12 hours, which
 * the zone offset absorbs, until a call crosses noon.
 */
function dayHalf(text: string): 'am' | 'pm' | undefined {
  if (/오후|下午|午後|(^|\s)م(\s|$)/.test(text)) return 'pm';
  if (/오전|上午|午前|(^|\s)ص(\s|$)/.test(text)) return 'am';
  return undefined;
}

const NON_ASCII = /[^\x00-\x7f]/;
const DIGIT = /\p{Nd}/u;

/**
 * Locales such as ar-EG, fa-IR, bn-BD or mr-IN write their own digits: map every decimal digit
 * to ASCII (a digit's value is its distance from the start of its block of ten), and drop the
 * bidirectional marks that come with right-to-left scripts.
 */
function asciiDigits(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text.replace(/[\u200e\u200f\u061c]/g, '').replace(/\p{Nd}/gu, (ch) => {
    const cp = ch.codePointAt(0)!;
    let zero = cp;
    // Blocks of ten can follow each other (mathematical digits): go back to the start of the run.
    while (cp - zero < 100 && DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
    return String((cp - zero) % 10);
  });
}

export type DateOrder = 'ymd' | 'mdy' | 'dmy';

/** Day/month order consistent with every parsed entry (ambiguous dates default to month first). */
export function chooseDateOrder(clocks: readonly WallClock[]): DateOrder {
  if (clocks.some((c) => c.yearFirst)) return 'ymd';
  if (clocks.some((c) => c.a > 12)) return 'dmy';
  return 'mdy';
}

/** The wall-clock time as if it were UTC, in epoch ms. */
export function wallClockMs(c: WallClock, order: DateOrder): number {
  const [y, m, d] = order === 'ymd' ? [c.a, c.b, c.c] : order === 'mdy' ? [c.c, c.a, c.b] : [c.c, c.b, c.a];
  const year = y < 100 ? 2000 + y : y;
  return Date.UTC(year, m - 1, d, c.hour, c.minute, c.second);
}

const QUARTER_HOUR = 15 * 60 * 1000;

/** Zone offset (ms to add to wall-clock-as-UTC) that lines the first event up with the first stats sample. */
export function estimateZoneOffset(firstEventWallMs: number, firstStatsMs: number): number {
  return Math.round((firstStatsMs - firstEventWallMs) / QUARTER_HOUR) * QUARTER_HOUR;
}
