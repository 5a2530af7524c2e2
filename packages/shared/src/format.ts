/**
 * Display formatting shared by the server and the web app. Everything here is pure:
 * functions that depend on the current time take `now` so output is deterministic.
 */

export type DateInput = Date | string | number;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
/** 10000-01-01: from here on a year no longer has four digits. */
const YEAR_10000_MS = 253_402_300_800_000;

/**
 * `new Date(millis).toISOString()`, several times faster: an API answer carries dozens of
 * timestamps (a story's parts each have two), and the native call was a tenth of a story
 * call's CPU. Whole milliseconds from 1970 to 9999 take the arithmetic path (days to a
 * civil date, after Howard Hinnant's algorithm); anything else goes to Date.
 */
export function isoTime(millis: number): string {
  if (!Number.isSafeInteger(millis) || millis < 0 || millis >= YEAR_10000_MS) {
    return new Date(millis).toISOString();
  }
  const days = Math.floor(millis / DAY_MS);
  let rest = millis - days * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  rest -= minutes * MINUTE_MS;
  const seconds = Math.floor(rest / 1000);
  const ms = rest - seconds * 1000;
  // Days since 0000-03-01, in 400-year eras of 146,097 days; March first puts leap days last.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(ms)}Z`;
}

/** Milliseconds since the epoch, or NaN when the input is not a valid date. */
export function toTimestamp(value: DateInput): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * Counts on cards and stats: "999", "1.2K", "999.9K", "2.5M", "3.1B".
 * One decimal, truncated rather than rounded so a count is never overstated
 * ("1,999" is "1.9K", not "2K"). Units stop at B: a trillion reads "1000B".
 * Negative, NaN and infinite counts are shown as "0".
 */
export function abbreviateCount(n: number): string {
  return scaledCount(n, ["K", "M", "B"]);
}

/**
 * A count as abbreviateCount cuts it, in at most three digits: "12.3K", but "123K" for
 * "123.4K", where a tenth is the character there is no room for (the wallet in a 320 px header).
 */
export function compactCount(n: number): string {
  return scaledCount(n, ["K", "M", "B"], 100);
}

/**
 * A count as abbreviateCount cuts it, with its unit in words for screen readers, which read
 * "2.2K" letter by letter or as kelvins: "999", "2.2 thousand", "2.5 million", "3.1 billion".
 */
export function spokenCount(n: number): string {
  return scaledCount(n, [" thousand", " million", " billion"]);
}

const FULL_COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });

/**
 * A number in full, grouped by thousands as en-US writes it: "2,000", "3,500", "435". Every
 * limit or count a refusal, hint or counter names is written this way, so one message never
 * says "2000" where another says "2,000".
 */
export function formatCount(n: number | bigint): string {
  return FULL_COUNT.format(n);
}

/** `wholeFrom`: from this many units up, the tenth is left off ("123K"). */
function scaledCount(
  n: number,
  [thousand, million, billion]: readonly [string, string, string],
  wholeFrom = Number.POSITIVE_INFINITY,
): string {
  if (!Number.isFinite(n) || n < 0) return "0";
  const count = Math.floor(n);
  if (count < 1_000) return String(count);
  if (count < 1_000_000) return withUnit(count, 1_000, thousand, wholeFrom);
  if (count < 1_000_000_000) return withUnit(count, 1_000_000, million, wholeFrom);
  return withUnit(count, 1_000_000_000, billion, wholeFrom);
}

// Works in whole tenths so no floating-point digits leak into the output.
function withUnit(count: number, unit: number, suffix: string, wholeFrom: number): string {
  const tenths = Math.floor(count / (unit / 10));
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 || whole >= wholeFrom ? `${whole}${suffix}` : `${whole}.${decimal}${suffix}`;
}

function ago(amount: number, unit: string): string {
  return `${amount} ${unit}${amount === 1 ? "" : "s"} ago`;
}

/**
 * When something was written (reader.md §9): "Now" under a minute, then minutes, then hours
 * up to and including 24 hours; anything older is an absolute date in `timeZone` ("Mar 05,
 * 2024 09:07PM"). Future dates (clock skew) read "Now"; an invalid date gives "".
 */
export function formatRelativeTime(date: DateInput, now: Date | number, timeZone = "UTC"): string {
  const time = toTimestamp(date);
  const elapsed = toTimestamp(now) - time;
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE_MS) return "Now";
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), "minute");
  if (elapsed <= DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), "hour");
  return formatAbsoluteDate(time, timeZone);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface Clock {
  year: number;
  /** 0 for January. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  /** The zone's short name at that moment: "UTC", "EST", "GMT+2". */
  zone: string;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** What a wall clock in `timeZone` (an IANA name, e.g. "Europe/Paris") shows at a moment. */
function clockIn(d: Date, timeZone: string): Clock {
  if (timeZone === "UTC") {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth(),
      day: d.getUTCDate(),
      hours: d.getUTCHours(),
      minutes: d.getUTCMinutes(),
      zone: "UTC",
    };
  }
  const format =
    zoneFormats.get(timeZone) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      timeZoneName: "short",
    });
  zoneFormats.set(timeZone, format);
  const parts = format.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return {
    year: Number(part("year")),
    month: Number(part("month")) - 1,
    day: Number(part("day")),
    hours: Number(part("hour")),
    minutes: Number(part("minute")),
    zone: part("timeZoneName"),
  };
}

/**
 * 'MMM DD, YYYY hh:mmA', e.g. "Mar 05, 2024 09:07PM", "Jan 01, 2024 12:00AM": in UTC unless
 * a time zone is named.
 */
export function formatAbsoluteDate(date: DateInput, timeZone = "UTC"): string {
  const d = new Date(toTimestamp(date));
  if (Number.isNaN(d.getTime())) return "";
  const { year, month, day, hours, minutes } = clockIn(d, timeZone);
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? "AM" : "PM";
  return `${MONTHS[month]} ${pad2(day)}, ${year} ${pad2(hours12)}:${pad2(minutes)}${meridiem}`;
}

/**
 * formatAbsoluteDate in `timeZone` followed by the zone's short name, "Mar 05, 2024
 * 09:07PM EST": for times a writer picked, so a reader of the page can never mistake them.
 */
export function formatZonedDate(date: DateInput, timeZone: string): string {
  const text = formatAbsoluteDate(date, timeZone);
  return text && `${text} ${zoneName(date, timeZone)}`;
}

/** The short name formatZonedDate gives `timeZone` at that moment: "UTC", "EST", "GMT+2". */
export const zoneName = (date: DateInput, timeZone: string): string =>
  clockIn(new Date(toTimestamp(date)), timeZone).zone;

/** Whether two moments fall on the same calendar day in `timeZone`. */
export function isSameDay(a: DateInput, b: DateInput, timeZone: string): boolean {
  const first = clockIn(new Date(toTimestamp(a)), timeZone);
  const second = clockIn(new Date(toTimestamp(b)), timeZone);
  return first.year === second.year && first.month === second.month && first.day === second.day;
}

/**
 * A relative duration in the largest whole unit, for "Updated 3 weeks ago":
 * Now, minutes, hours, days, weeks, months (30 days), years (365 days).
 * Future dates read "Now"; an invalid date gives "".
 */
export function formatTimeAgo(date: DateInput, now: Date | number): string {
  const elapsed = toTimestamp(now) - toTimestamp(date);
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE_MS) return "Now";
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), "minute");
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), "hour");
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 7) return ago(days, "day");
  if (days < 30) return ago(Math.floor(days / 7), "week");
  if (days < 365) return ago(Math.floor(days / 30), "month");
  return ago(Math.floor(days / 365), "year");
}

/** The spec gives no reading speed; 250 words a minute is a common adult average. */
export const READING_WORDS_PER_MINUTE = 250;

/**
 * "<5 mins" under five minutes, "N mins" under an hour, then "1h 5m" / "2h".
 * Minutes are truncated, so 59.9 minutes is "59 mins", never "60 mins".
 */
export function formatReadingTime(words: number): string {
  const minutes = Number.isFinite(words) && words > 0 ? words / READING_WORDS_PER_MINUTE : 0;
  if (minutes < 5) return "<5 mins";
  const total = Math.floor(minutes);
  if (total < 60) return `${total} mins`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

const ELLIPSIS = "…";

/**
 * At most `max` UTF-16 code units, the "…" included, when the text has to be cut.
 * Text that fits is returned unchanged.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return "";
  let end = Math.floor(max) - 1;
  // Keep a surrogate pair whole: drop its first half rather than split it.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  // A cut after a sentence's end reads "known.…": the stop gives way to the ellipsis.
  return text.slice(0, end).replace(/[\s.,;:]+$/u, "") + ELLIPSIS;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whitespace-separated tokens with at least one letter or digit, so "—" is not a word. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

// Formatting that can sit inside a word ("<b>Ink</b>well"); every other tag
// (paragraphs, line breaks, list items…) separates words.
const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "code",
  "del",
  "em",
  "font",
  "i",
  "ins",
  "mark",
  "s",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "u",
]);

// A tag (its attributes may quote ">") or a comment; a bare "a < b" is left as text.
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)(?:"[^"]*"|'[^']*'|[^'">])*>|<!--[\s\S]*?-->/g;
const SCRIPT_OR_STYLE = /<(script|style)\b[\s\S]*?<\/\1\s*>/gi;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": "\u00a0",
};

/**
 * Plain text of a part's HTML, for word counts: tags stripped, the basic entities
 * decoded (in one pass, so "&amp;lt;" stays "&lt;"), whitespace collapsed.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(SCRIPT_OR_STYLE, " ")
    .replace(TAG, (_tag, name: string | undefined) =>
      name && INLINE_TAGS.has(name.toLowerCase()) ? "" : " ",
    )
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}

const SLUG_MAX = 60;

/**
 * URL slug: lowercase ASCII letters and digits joined by single hyphens, accents
 * removed ("Café" → "cafe"), at most 60 characters, cut at a hyphen when one exists.
 * A title with no ASCII letters or digits gives "".
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX) return slug;
  // A cut that lands just before a hyphen already ends on a word boundary.
  const cut = slug.slice(0, SLUG_MAX + 1);
  const boundary = cut.lastIndexOf("-");
  return boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, SLUG_MAX);
}
