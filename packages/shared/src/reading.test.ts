import { describe, expect, it } from "vitest";
import {
  canUseTheme,
  cookieValue,
  DEFAULT_READER_SETTINGS,
  formatPosition,
  hasStartedReading,
  isValidPosition,
  parseReaderSettings,
  positionAt,
  progressPercent,
  READER_SETTINGS_COOKIE_DAYS,
  scrollYFor,
  serializeReaderSettings,
} from "./reading.ts";
import { readerSettingsSchema, readingPositionSchema } from "./schemas.ts";

describe("reading position", () => {
  it("is a number from 0 to 1", () => {
    for (const good of [0, 0.5, 1]) expect(isValidPosition(good)).toBe(true);
    for (const bad of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, "0.5", null]) {
      expect(isValidPosition(bad)).toBe(false);
    }
  });

  it("is written with a fraction digit, the default as '0.0'", () => {
    expect(formatPosition(0)).toBe("0.0");
    expect(formatPosition(1)).toBe("1.0");
    expect(formatPosition(0.425)).toBe("0.425");
  });

  it("shows as a whole percentage, 100% only at the very end", () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(0.42)).toBe(42);
    expect(progressPercent(0.999)).toBe(99);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(1.5)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
  });
});

describe("position on the page", () => {
  // Text from 300 px to 2300 px in an 800 px viewport: start at 300, end at 1500.
  const long = { textTop: 300, textHeight: 2000, viewportHeight: 800 };

  it("runs from the text's top at the viewport's top to its bottom at the viewport's bottom", () => {
    expect(positionAt(0, long)).toBe(0);
    expect(positionAt(300, long)).toBe(0);
    expect(positionAt(900, long)).toBe(0.5);
    expect(positionAt(1500, long)).toBe(1);
    expect(positionAt(4000, long)).toBe(1);
  });

  it("scrolls back to the position it measured", () => {
    for (const position of [0, 0.25, 0.5, 0.8, 1]) {
      expect(positionAt(scrollYFor(position, long), long)).toBeCloseTo(position);
    }
    expect(scrollYFor(0.5, long)).toBe(900);
  });

  it("counts a text shorter than the viewport as read once its end is in view", () => {
    const short = { textTop: 300, textHeight: 400, viewportHeight: 800 };
    expect(positionAt(0, short)).toBe(1);
    const below = { textTop: 700, textHeight: 400, viewportHeight: 800 };
    expect(positionAt(0, below)).toBe(0);
    expect(positionAt(300, below)).toBe(1);
    expect(scrollYFor(1, below)).toBe(300);
  });
});

describe("hasStartedReading", () => {
  it("is false at the very start of the first part or without parts", () => {
    expect(hasStartedReading({ part: 10, position: "0.0" }, 10)).toBe(false);
    expect(hasStartedReading({ part: null, position: "0.0" }, null)).toBe(false);
  });

  it("is true part-way into the first part or in a later one", () => {
    expect(hasStartedReading({ part: 10, position: "0.3" }, 10)).toBe(true);
    expect(hasStartedReading({ part: 11, position: "0.0" }, 10)).toBe(true);
  });
});

describe("readingPositionSchema", () => {
  it("reads JSON numbers and form strings", () => {
    expect(readingPositionSchema.parse({ story_id: 1, part_id: 2, position: 0.5 })).toEqual({
      story_id: 1,
      part_id: 2,
      position: 0.5,
    });
    expect(readingPositionSchema.parse({ story_id: "1", part_id: "2", position: "0.25" })).toEqual({
      story_id: 1,
      part_id: 2,
      position: 0.25,
    });
  });

  it("refuses positions outside 0 to 1 and bad ids with a clear message", () => {
    for (const position of [1.5, -0.1, "abc", "", null]) {
      const result = readingPositionSchema.safeParse({ story_id: 1, part_id: 2, position });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("position must be a number from 0 to 1");
    }
    const badId = readingPositionSchema.safeParse({ story_id: "x", part_id: 0, position: 0 });
    expect(badId.error?.issues.map((issue) => issue.message)).toEqual([
      "story_id must be a positive whole number",
      "part_id must be a positive whole number",
    ]);
  });
});

describe("reader settings", () => {
  it("keep a visitor's choice in a 365-day cookie and read it back", () => {
    expect(READER_SETTINGS_COOKIE_DAYS).toBe(365);
    const settings = { fontSize: "large", lineSpacing: "relaxed", theme: "sepia" } as const;
    expect(serializeReaderSettings(settings)).toBe("large.relaxed.sepia");
    expect(parseReaderSettings("large.relaxed.sepia")).toEqual(settings);
  });

  it("fall back to the defaults for anything unknown, and never to a premium theme", () => {
    expect(parseReaderSettings(null)).toEqual(DEFAULT_READER_SETTINGS);
    expect(parseReaderSettings("huge.normal.dark")).toEqual({
      ...DEFAULT_READER_SETTINGS,
      theme: "dark",
    });
    expect(parseReaderSettings("small.compact.midnight")).toEqual({
      fontSize: "small",
      lineSpacing: "compact",
      theme: DEFAULT_READER_SETTINGS.theme,
    });
  });

  it("let only Premium subscribers use premium themes", () => {
    expect(canUseTheme("sepia", false)).toBe(true);
    expect(canUseTheme("midnight", false)).toBe(false);
    expect(canUseTheme("midnight", true)).toBe(true);
  });

  it("are validated option by option", () => {
    expect(readerSettingsSchema.safeParse(DEFAULT_READER_SETTINGS).success).toBe(true);
    const bad = readerSettingsSchema.safeParse({ ...DEFAULT_READER_SETTINGS, theme: "neon" });
    expect(bad.error?.issues[0]?.message).toBe(
      "theme must be one of auto, light, dark, sepia, midnight, sage",
    );
  });
});

describe("cookieValue", () => {
  it("finds one cookie in a Cookie header", () => {
    expect(cookieValue("a=1; reader_settings=large.normal.dark; b=2", "reader_settings")).toBe(
      "large.normal.dark",
    );
    expect(cookieValue("a=1", "reader_settings")).toBeNull();
    expect(cookieValue(null, "a")).toBeNull();
  });
});
