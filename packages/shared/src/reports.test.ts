import { describe, expect, it } from "vitest";
import {
  contactProblems,
  MODEL_TYPES,
  modelTypeOf,
  parseReportType,
  REPORT_TYPE_IDS,
  reasonTitles,
  type SupportFlow,
  type SupportItem,
  storyIdFromUrl,
  supportTreeProblems,
} from "./reports.ts";

describe("report type ids (§3)", () => {
  it("are user 1, private-message 2, comment 3, story 4, public-message 5, media 193", () => {
    expect(REPORT_TYPE_IDS).toEqual({
      user: 1,
      "private-message": 2,
      comment: 3,
      story: 4,
      "public-message": 5,
      media: 193,
    });
  });

  it.each([
    ["3", 3],
    ["193", 193],
    ["comment", 3],
    ["Private-Message", 2],
    [" story ", 4],
    ["7", null],
    ["DMCA", null],
    ["", null],
    ["constructor", null],
    ["__proto__", null],
    ["toString", null],
  ])("reads %j as %j", (value, id) => {
    expect(parseReportType(value)).toBe(id);
  });

  it("maps a story to the admin link's model_type=2", () => {
    expect(modelTypeOf(REPORT_TYPE_IDS.story)).toBe(2);
    expect(new Set(Object.values(MODEL_TYPES)).size).toBe(6);
  });
});

describe("contact info of a report (§5)", () => {
  it.each([
    [
      { name: "", email: "" },
      { name: "Name is required.", email: "Email is required." },
    ],
    [{ name: "Vi", email: "vi@" }, { email: "The email address is invalid." }],
    [{ name: "  ", email: "vi@example.com" }, { name: "Name is required." }],
    [{ name: "Vi", email: " vi@example.com " }, {}],
  ])("%j has problems %j", (contact, problems) => {
    expect(contactProblems(contact)).toEqual(problems);
  });
});

describe("a pasted story URL", () => {
  it.each([
    ["https://inkwell.example/story/123", 123],
    ["https://inkwell.example/story/123-the-winter-of-1666", 123],
    ["/story/42/", 42],
    ["http://localhost:3000/story/7?ref=share", 7],
    ["https://inkwell.example/123", null],
    ["https://inkwell.example/story/0", null],
    ["https://inkwell.example/story/abc", null],
    ["https://inkwell.example/story/1/parts", null],
    ["", null],
    ["   ", null],
  ])("%j names story %j", (url, id) => {
    expect(storyIdFromUrl(url)).toBe(id);
  });
});

describe("the support tree's shape", () => {
  const detail: SupportItem = { type: "editText", id: "d", title: "Details", reason: "spam" };

  it("accepts pages down to 4 levels", () => {
    const nest = (depth: number): SupportItem[] =>
      depth === 0
        ? [detail]
        : [{ type: "page", id: `p${depth}`, title: "P", items: nest(depth - 1) }];
    expect(supportTreeProblems(nest(3))).toEqual([]);
    expect(supportTreeProblems(nest(4))).toEqual(["the tree may be at most 4 pages deep"]);
  });

  it("refuses an empty page and an id used twice", () => {
    expect(
      supportTreeProblems([
        { type: "page", id: "a", title: "A", items: [] },
        { type: "text", id: "a", text: "again" },
      ]),
    ).toEqual(["a page needs at least one item", "item id a is used twice on one page"]);
  });
});

describe("what staff read a reason as", () => {
  const box = (reason: string): SupportItem => ({
    type: "editText",
    id: `${reason}-details`,
    title: "Tell us",
    reason,
  });
  const flow: SupportFlow = {
    id: "comment",
    title: "Report a comment",
    ticketFormId: 1,
    ticketSubject: "Comment",
    items: [
      { type: "page", id: "hate", title: "Hate speech", items: [box("hate_speech")] },
      {
        type: "page",
        id: "harassment",
        title: "Harassment or bullying",
        items: [{ type: "page", id: "other", title: "Someone else", items: [box("of_other")] }],
      },
      box("general"),
    ],
  };

  it("names a reason by the choices that lead to it, or by its flow at the top", () => {
    expect(Object.fromEntries(reasonTitles([flow]))).toEqual({
      hate_speech: "Hate speech",
      of_other: "Harassment or bullying: Someone else",
      general: "Report a comment",
    });
  });
});
