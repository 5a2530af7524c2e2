import { describe, expect, it } from "vitest";
import {
  abbreviateCount,
  compactCount,
  countWords,
  formatAbsoluteDate,
  formatCount,
  formatReadingTime,
  formatRelativeTime,
  formatTimeAgo,
  formatZonedDate,
  htmlToPlainText,
  isoTime,
  isSameDay,
  READING_WORDS_PER_MINUTE,
  slugify,
  spokenCount,
  toTimestamp,
  truncate,
  zoneName,
} from "./format.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2024, 2, 10, 12, 0, 0); // Mar 10, 2024 12:00PM UTC

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [435, "435"],
    [999, "999"],
    [1_000, "1,000"],
    [2_000, "2,000"],
    [3_500, "3,500"],
    [1_234_567, "1,234,567"],
    [-2_000, "-2,000"],
    [1.5, "1.5"],
  ])("%d → %s", (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});

describe("spokenCount", () => {
  it.each([
    [-3, "0"],
    [999, "999"],
    [1_000, "1 thousand"],
    [2_153, "2.1 thousand"],
    [2_500_000, "2.5 million"],
    [1_234_567_890, "1.2 billion"],
  ])("%d → %s", (n, expected) => {
    expect(spokenCount(n)).toBe(expected);
  });
});

describe("abbreviateCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1_000, "1K"],
    [1_099, "1K"],
    [1_100, "1.1K"],
    [1_199, "1.1K"],
    [1_200, "1.2K"],
    [1_999, "1.9K"],
    [12_345, "12.3K"],
    [100_000, "100K"],
    [999_999, "999.9K"],
    [1_000_000, "1M"],
    [1_050_000, "1M"],
    [2_500_000, "2.5M"],
    [999_999_999, "999.9M"],
    [1_000_000_000, "1B"],
    [1_234_567_890, "1.2B"],
    [1_000_000_000_000, "1000B"],
  ])("%d → %s", (n, expected) => {
    expect(abbreviateCount(n)).toBe(expected);
  });

  it("truncates fractional counts", () => {
    expect(abbreviateCount(999.9)).toBe("999");
    expect(abbreviateCount(1_000.5)).toBe("1K");
  });

  it.each([-1, -1_500, Number.NaN, Number.POSITIVE_INFINITY])("%d → 0", (n) => {
    expect(abbreviateCount(n)).toBe("0");
  });
});

describe("compactCount", () => {
  it.each([
    [999, "999"],
    [12_345, "12.3K"],
    [99_999, "99.9K"],
    [123_456, "123K"],
    [999_999, "999K"],
    [1_234_567, "1.2M"],
    [123_456_789, "123M"],
  ])("%d → %s: three digits at most", (n, expected) => {
    expect(compactCount(n)).toBe(expected);
  });
});

describe("isoTime", () => {
  it("writes a time as toISOString does", () => {
    expect(isoTime(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(isoTime(NOW)).toBe("2024-03-10T12:00:00.000Z");
    expect(isoTime(Date.UTC(2024, 1, 29, 23, 59, 59, 999))).toBe("2024-02-29T23:59:59.999Z");
    expect(isoTime(Date.UTC(2000, 11, 31, 1, 2, 3, 4))).toBe("2000-12-31T01:02:03.004Z");
    expect(isoTime(Date.UTC(2100, 2, 1))).toBe("2100-03-01T00:00:00.000Z");
  });

  it("agrees with toISOString on every day from 1970 to 2200 and on random instants", () => {
    for (let day = 0; day < 84_000; day++) {
      const millis = day * DAY + ((day * 7_919_993) % DAY);
      expect(isoTime(millis)).toBe(new Date(millis).toISOString());
    }
    let seed = 1;
    for (let i = 0; i < 10_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const millis = Math.floor((seed / 2_147_483_647) * 253_402_300_799_999);
      expect(isoTime(millis)).toBe(new Date(millis).toISOString());
    }
  });

  it("leaves times outside 1970–9999 and fractions of a millisecond to Date", () => {
    for (const millis of [-1, -86_400_000 * 400, 253_402_300_800_000, 1.5]) {
      expect(isoTime(millis)).toBe(new Date(millis).toISOString());
    }
  });
});

describe("toTimestamp", () => {
  it("accepts dates, ISO strings and epoch milliseconds", () => {
    expect(toTimestamp(new Date(NOW))).toBe(NOW);
    expect(toTimestamp("2024-03-10T12:00:00Z")).toBe(NOW);
    expect(toTimestamp(NOW)).toBe(NOW);
    expect(toTimestamp("not a date")).toBeNaN();
  });
});

describe("formatRelativeTime", () => {
  it.each([
    [0, "Now"],
    [59 * SECOND, "Now"],
    [MINUTE - 1, "Now"],
    [MINUTE, "1 minute ago"],
    [2 * MINUTE - 1, "1 minute ago"],
    [2 * MINUTE, "2 minutes ago"],
    [HOUR - 1, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [2 * HOUR - 1, "1 hour ago"],
    [2 * HOUR, "2 hours ago"],
    [DAY - 1, "23 hours ago"],
    [DAY, "24 hours ago"],
    [DAY + 1, "Mar 09, 2024 11:59AM"],
    [3 * DAY, "Mar 07, 2024 12:00PM"],
    [400 * DAY, "Feb 04, 2023 12:00PM"], // across Feb 29, 2024,
  ])("%d ms ago → %s", (elapsed, expected) => {
    expect(formatRelativeTime(NOW - elapsed, NOW)).toBe(expected);
  });

  it("shows a future date (clock skew) as Now", () => {
    expect(formatRelativeTime(NOW + HOUR, NOW)).toBe("Now");
  });

  it("accepts ISO strings, Date objects and a Date for now", () => {
    expect(formatRelativeTime("2024-03-10T11:30:00Z", new Date(NOW))).toBe("30 minutes ago");
    expect(formatRelativeTime(new Date(NOW - 5 * HOUR), NOW)).toBe("5 hours ago");
    expect(formatRelativeTime("2024-03-05T21:07:00Z", NOW)).toBe("Mar 05, 2024 09:07PM");
  });

  it("gives an older date on the reader's clock when a time zone is named", () => {
    expect(formatRelativeTime("2024-03-05T21:07:00Z", NOW, "Asia/Tokyo")).toBe(
      "Mar 06, 2024 06:07AM",
    );
    expect(formatRelativeTime(NOW - 5 * HOUR, NOW, "Asia/Tokyo")).toBe("5 hours ago");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatRelativeTime("not a date", NOW)).toBe("");
    expect(formatRelativeTime(NOW, Number.NaN)).toBe("");
  });
});

describe("formatAbsoluteDate", () => {
  it.each([
    ["2024-03-05T21:07:00Z", "Mar 05, 2024 09:07PM"],
    ["2024-01-01T00:00:00Z", "Jan 01, 2024 12:00AM"],
    ["2024-01-01T00:59:59Z", "Jan 01, 2024 12:59AM"],
    ["2024-06-15T11:59:00Z", "Jun 15, 2024 11:59AM"],
    ["2024-12-31T12:00:00Z", "Dec 31, 2024 12:00PM"],
    ["2024-07-04T09:05:00Z", "Jul 04, 2024 09:05AM"],
    ["2024-11-20T23:45:00Z", "Nov 20, 2024 11:45PM"],
  ])("%s → %s", (date, expected) => {
    expect(formatAbsoluteDate(date)).toBe(expected);
  });

  it("formats in UTC whatever offset the input carries", () => {
    expect(formatAbsoluteDate("2024-03-05T23:07:00+02:00")).toBe("Mar 05, 2024 09:07PM");
    expect(formatAbsoluteDate("2024-03-05T20:07:00-05:00")).toBe("Mar 06, 2024 01:07AM");
  });

  it("names every month", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatAbsoluteDate(Date.UTC(2024, m, 1)));
    expect(months.map((date) => date.slice(0, 3))).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatAbsoluteDate("not a date")).toBe("");
  });

  it("formats in a named time zone, daylight saving included", () => {
    expect(formatAbsoluteDate("2024-03-05T21:07:00Z", "Europe/Paris")).toBe("Mar 05, 2024 10:07PM");
    expect(formatAbsoluteDate("2024-07-05T21:07:00Z", "Europe/Paris")).toBe("Jul 05, 2024 11:07PM");
    expect(formatAbsoluteDate("2024-03-06T04:30:00Z", "America/New_York")).toBe(
      "Mar 05, 2024 11:30PM",
    );
    expect(formatAbsoluteDate("2024-03-05T12:00:00Z", "Asia/Kolkata")).toBe("Mar 05, 2024 05:30PM");
  });
});

describe("formatZonedDate", () => {
  it("names the zone after the time", () => {
    expect(formatZonedDate("2024-03-06T04:30:00Z", "America/New_York")).toBe(
      "Mar 05, 2024 11:30PM EST",
    );
    expect(formatZonedDate("2024-07-05T21:07:00Z", "Europe/Paris")).toBe(
      "Jul 05, 2024 11:07PM GMT+2",
    );
    expect(formatZonedDate("2024-03-05T21:07:00Z", "UTC")).toBe("Mar 05, 2024 09:07PM UTC");
  });

  it("names the zone alone by zoneName, as of that moment", () => {
    expect(zoneName("2024-03-06T04:30:00Z", "America/New_York")).toBe("EST");
    expect(zoneName("2024-07-05T21:07:00Z", "America/New_York")).toBe("EDT");
    expect(zoneName("2024-03-05T21:07:00Z", "Asia/Kolkata")).toBe("GMT+5:30");
    expect(zoneName("2024-03-05T21:07:00Z", "UTC")).toBe("UTC");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatZonedDate("not a date", "Europe/Paris")).toBe("");
  });
});

describe("isSameDay", () => {
  it("compares calendar days on the zone's own clock", () => {
    const lateEvening = "2024-03-05T22:30:00Z";
    const nextMorning = "2024-03-06T08:00:00Z";
    expect(isSameDay(lateEvening, nextMorning, "UTC")).toBe(false);
    // 17:30 and 03:00 in New York: still the 5th, then the 6th.
    expect(isSameDay(lateEvening, nextMorning, "America/New_York")).toBe(false);
    // 23:30 on the 5th and 00:30 on the 6th in Paris; 22:30 and 23:30 on the 5th in UTC.
    expect(isSameDay(lateEvening, "2024-03-05T23:30:00Z", "UTC")).toBe(true);
    expect(isSameDay(lateEvening, "2024-03-05T23:30:00Z", "Europe/Paris")).toBe(false);
  });
});

describe("formatTimeAgo", () => {
  it.each([
    [0, "Now"],
    [MINUTE - 1, "Now"],
    [MINUTE, "1 minute ago"],
    [59 * MINUTE, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [DAY - 1, "23 hours ago"],
    [DAY, "1 day ago"],
    [2 * DAY, "2 days ago"],
    [7 * DAY - 1, "6 days ago"],
    [7 * DAY, "1 week ago"],
    [14 * DAY, "2 weeks ago"],
    [30 * DAY - 1, "4 weeks ago"],
    [30 * DAY, "1 month ago"],
    [60 * DAY, "2 months ago"],
    [365 * DAY - 1, "12 months ago"],
    [365 * DAY, "1 year ago"],
    [730 * DAY, "2 years ago"],
  ])("%d ms ago → %s", (elapsed, expected) => {
    expect(formatTimeAgo(NOW - elapsed, NOW)).toBe(expected);
  });

  it("accepts ISO strings and shows future dates as Now", () => {
    expect(formatTimeAgo("2024-02-18T12:00:00Z", new Date(NOW))).toBe("3 weeks ago");
    expect(formatTimeAgo(NOW + DAY, NOW)).toBe("Now");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatTimeAgo("not a date", NOW)).toBe("");
  });
});

describe("formatReadingTime", () => {
  it("reads 250 words a minute", () => {
    expect(READING_WORDS_PER_MINUTE).toBe(250);
  });

  it.each([
    [0, "<5 mins"],
    [250, "<5 mins"],
    [1_249, "<5 mins"], // 4:59.76
    [1_250, "5 mins"], // 5:00
    [1_499, "5 mins"],
    [1_500, "6 mins"],
    [14_999, "59 mins"],
    [15_000, "1h"],
    [16_249, "1h 4m"],
    [16_250, "1h 5m"],
    [29_999, "1h 59m"],
    [30_000, "2h"],
    [30_249, "2h"],
    [30_250, "2h 1m"],
  ])("%d words → %s", (words, expected) => {
    expect(formatReadingTime(words)).toBe(expected);
  });

  it.each([-100, Number.NaN])("%d words → <5 mins", (words) => {
    expect(formatReadingTime(words)).toBe("<5 mins");
  });
});

describe("truncate", () => {
  it("returns text that fits unchanged", () => {
    expect(truncate("hello", 5)).toBe("hello");
    expect(truncate("hello", 10)).toBe("hello");
    expect(truncate("", 0)).toBe("");
    expect(truncate("hello  ", 7)).toBe("hello  ");
  });

  it("cuts to max characters, the ellipsis included", () => {
    expect(truncate("hello world", 10)).toBe("hello wor…");
    expect(truncate("hello world", 8)).toBe("hello w…");
    expect(truncate("hello world", 8)).toHaveLength(8);
    expect(truncate("hello", 4)).toBe("hel…");
  });

  it("trims whitespace before the ellipsis", () => {
    expect(truncate("hello world", 7)).toBe("hello…");
    expect(truncate("one two   three", 10)).toBe("one two…");
    expect(truncate("one\n\ntwo", 4)).toBe("one…");
  });

  it("drops a full stop or comma the cut leaves before the ellipsis", () => {
    expect(truncate("It ended. Then", 10)).toBe("It ended…");
    expect(truncate("Wait, what now", 6)).toBe("Wait…");
    expect(truncate("Why? Because", 6)).toBe("Why?…");
  });

  it("never splits a surrogate pair", () => {
    const text = "ab😀cd"; // a, b, two code units of 😀, c, d
    expect(truncate(text, 4)).toBe("ab…");
    expect(truncate(text, 5)).toBe("ab😀…");
    expect(truncate("😀😀😀", 4)).toBe("😀…");
    expect(truncate("😀😀😀", 2)).toBe("…");
  });

  it("handles tiny limits", () => {
    expect(truncate("hello", 1)).toBe("…");
    expect(truncate("hello", 0)).toBe("");
    expect(truncate("hello", -3)).toBe("");
  });
});

describe("countWords", () => {
  it.each([
    ["", 0],
    ["   \n\t ", 0],
    ["word", 1],
    ["one two  three", 3],
    ["  leading and trailing  ", 3],
    ["line\nbreak\ttab", 3],
    ["don't stop", 2],
    ["Hello — world", 2],
    ["5 stars ...", 2],
    ["Ça va très bien", 4],
  ])("%j → %d", (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});

describe("htmlToPlainText", () => {
  it("separates words at block tags and line breaks", () => {
    expect(htmlToPlainText("<p>Hello</p><p>world</p>")).toBe("Hello world");
    expect(htmlToPlainText("a<br>b<br/>c<br />d")).toBe("a b c d");
    expect(htmlToPlainText("<ul><li>one</li><li>two</li></ul>")).toBe("one two");
  });

  it("joins inline formatting into its word", () => {
    expect(htmlToPlainText("<p>Ink<b>well</b> is <em>great</em></p>")).toBe("Inkwell is great");
    expect(htmlToPlainText("<P>Ink<B>well</B></P>")).toBe("Inkwell");
    expect(htmlToPlainText('<a href="/x">li<span class="k">nk</span></a>')).toBe("link");
  });

  it("decodes the basic entities once", () => {
    expect(htmlToPlainText("&lt;b&gt; &amp; &quot;hi&quot; it&#39;s")).toBe('<b> & "hi" it\'s');
    expect(htmlToPlainText("&amp;lt;")).toBe("&lt;");
    expect(htmlToPlainText("&copy; &#169;")).toBe("&copy; &#169;");
  });

  it("turns &nbsp; into a space that collapses", () => {
    expect(htmlToPlainText("a&nbsp;b")).toBe("a b");
    expect(htmlToPlainText("a &nbsp;&nbsp; b")).toBe("a b");
  });

  it("does not strip decoded entities as tags", () => {
    expect(htmlToPlainText("<p>&lt;p&gt;literal&lt;/p&gt;</p>")).toBe("<p>literal</p>");
  });

  it("handles attributes quoting > and leaves a bare < alone", () => {
    expect(htmlToPlainText('<a title="1 > 0" href="/x">link</a> text')).toBe("link text");
    expect(htmlToPlainText("a < b and c > d, 3<4")).toBe("a < b and c > d, 3<4");
  });

  it("drops comments, scripts and styles", () => {
    expect(htmlToPlainText("a<!-- a > b -->b")).toBe("a b");
    expect(htmlToPlainText("<p>x</p><script>alert('<p>')</script><style>p{}</style>y")).toBe("x y");
  });

  it("collapses and trims whitespace", () => {
    expect(htmlToPlainText("  <p>\n  Hello \n\n\t world </p>  ")).toBe("Hello world");
    expect(htmlToPlainText("")).toBe("");
  });

  it("feeds word counts for reading time", () => {
    expect(countWords(htmlToPlainText("<p>one</p><p>two <i>three</i></p><p>&nbsp;</p>"))).toBe(3);
  });
});

describe("slugify", () => {
  it.each([
    ["Hello, World!", "hello-world"],
    ["Chapter 1: The Beginning", "chapter-1-the-beginning"],
    ["  Café crème brûlée  ", "cafe-creme-brulee"],
    ["Ñandú São Paulo", "nandu-sao-paulo"],
    ["İstanbul", "istanbul"],
    ["The ﬁnal ½", "the-final-1-2"],
    ["---a---b---", "a-b"],
    ["A&B", "a-b"],
    ["日本語", ""],
    ["", ""],
  ])("%j → %j", (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it("keeps a slug of exactly 60 characters", () => {
    const title = `${"a".repeat(29)} ${"b".repeat(30)}`;
    expect(slugify(title)).toBe(`${"a".repeat(29)}-${"b".repeat(30)}`);
  });

  it("cuts a longer slug at the last hyphen within 60 characters", () => {
    const title = `${"a".repeat(30)} ${"b".repeat(25)} ${"c".repeat(10)}`;
    expect(slugify(title)).toBe(`${"a".repeat(30)}-${"b".repeat(25)}`);
    expect(slugify(`${"a".repeat(59)} ${"b".repeat(5)}`)).toBe("a".repeat(59));
  });

  it("keeps the whole 60 characters when a hyphen follows them", () => {
    expect(slugify(`${"a".repeat(60)} b`)).toBe("a".repeat(60));
    const words = `${"a".repeat(29)}-${"b".repeat(30)}`;
    expect(slugify(`${words} c`)).toBe(words);
  });

  it("cuts mid-word when there is no hyphen to cut at", () => {
    expect(slugify("a".repeat(70))).toBe("a".repeat(60));
  });
});
