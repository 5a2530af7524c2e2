import { describe, expect, it } from "vitest";
import {
  ANNOUNCEMENT_WINDOW_MS,
  ANNOUNCEMENTS_PER_DAY,
  cleanMessageText,
  messageTextLength,
  PROFILE_MESSAGE_TEXTS,
  profileMessageProblem,
} from "./profile-messages.ts";

describe("cleanMessageText", () => {
  it("keeps words, tabs, line breaks and markup as plain text", () => {
    expect(cleanMessageText("  Hi <b>you</b>\r\nLine\ttwo\rthree  ")).toBe(
      "Hi <b>you</b>\nLine\ttwo\nthree",
    );
  });

  it("removes control characters and direction overrides", () => {
    expect(cleanMessageText("a\u0000b\u0007c\u009Fd")).toBe("abcd");
    expect(cleanMessageText("file\u202Etxt.exe\u2066x\u2069")).toBe("filetxt.exex");
  });
});

describe("profileMessageProblem", () => {
  it("refuses text that is empty once cleaned", () => {
    for (const text of ["", " \n\t ", "\u0000\u202E"]) {
      expect(profileMessageProblem(text)).toBe(PROFILE_MESSAGE_TEXTS.empty);
    }
  });

  it("allows 2,000 characters after trimming, an emoji counting as one", () => {
    expect(profileMessageProblem(` ${"a".repeat(2000)} `)).toBeNull();
    expect(messageTextLength("😀".repeat(2000))).toBe(2000);
    expect(profileMessageProblem("😀".repeat(2000))).toBeNull();
    expect(profileMessageProblem("a".repeat(2001))).toBe(
      "A message can have at most 2,000 characters.",
    );
  });
});

describe("announcements", () => {
  it("are 3 in any 24 hours, and the refusal says so", () => {
    expect(ANNOUNCEMENTS_PER_DAY).toBe(3);
    expect(ANNOUNCEMENT_WINDOW_MS).toBe(86_400_000);
    expect(PROFILE_MESSAGE_TEXTS.announcementLimit).toContain("up to 3 announcements");
  });
});
