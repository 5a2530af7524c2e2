import { describe, expect, it } from "vitest";
import { isEmail } from "./email-address.ts";

describe("isEmail", () => {
  it.each([
    ["reader@example.com", true],
    ["a.b+c@sub.example.org", true],
    ["no-at.example.com", false],
    ["two@@example.com", false],
    ["spaces in@example.com", false],
    ["short@tld.c", false],
    ["nul\u0000@example.com", false],
    ["reader@exa\u0007mple.com", false],
    ["reader@example.co\u0085m", false],
  ])("%j → %s", (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});
