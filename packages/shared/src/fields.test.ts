import { describe, expect, it } from "vitest";
import { FieldsSyntaxError, parseFields, selectFields, wantsField } from "./fields.ts";

describe("parseFields", () => {
  it("parses flat and nested selections as the spec writes them", () => {
    expect(parseFields("id,title,parts(id,title,url),user(username)")).toEqual({
      id: true,
      title: true,
      parts: { id: true, title: true, url: true },
      user: { username: true },
    });
  });

  it("parses deeper nesting and tolerates spaces", () => {
    expect(parseFields("lists(id, name, user(name)), total")).toEqual({
      lists: { id: true, name: true, user: { name: true } },
      total: true,
    });
  });

  it("merges a field named twice", () => {
    expect(parseFields("user(name),user(avatar),id,id")).toEqual({
      user: { name: true, avatar: true },
      id: true,
    });
  });

  it.each([
    ["", "expected a field name"],
    ["id,", "expected a field name"],
    ["parts(id", "expected ')'"],
    ["id)", "unexpected ')'"],
    ["1abc", "expected a field name"],
    ["parts()", "expected a field name"],
    ["id;drop", "unexpected ';'"],
  ])("rejects %j with a message naming the problem", (expression, message) => {
    expect(() => parseFields(expression)).toThrow(FieldsSyntaxError);
    expect(() => parseFields(expression)).toThrow(message);
  });

  it("rejects nesting deeper than 8 and expressions longer than 2,000 characters", () => {
    expect(() => parseFields(`${"a(".repeat(10)}b${")".repeat(10)}`)).toThrow("nesting deeper");
    expect(() => parseFields("a,".repeat(1001))).toThrow("fields is longer than 2,000 characters");
  });
});

describe("selectFields", () => {
  const story = {
    id: 7,
    title: "The Tide",
    user: { username: "mara", avatar: "/a.png" },
    parts: [
      { id: 1, title: "One", url: "/1", draft: false },
      { id: 2, title: "Two", url: "/2", draft: false },
    ],
    cover: null,
  };

  it("keeps only the named fields, nested in objects and arrays", () => {
    expect(selectFields(story, parseFields("id,parts(id,url),user(username)"))).toEqual({
      id: 7,
      parts: [
        { id: 1, url: "/1" },
        { id: 2, url: "/2" },
      ],
      user: { username: "mara" },
    });
  });

  it("returns everything without a selection and skips unknown fields", () => {
    expect(selectFields(story, undefined)).toBe(story);
    expect(selectFields(story, parseFields("id,nope"))).toEqual({ id: 7 });
  });

  it("keeps null values and whole objects selected without a sub-selection", () => {
    expect(selectFields(story, parseFields("cover,user"))).toEqual({
      cover: null,
      user: story.user,
    });
  });

  it("tells whether a top-level field is wanted", () => {
    const selection = parseFields("id,parts(id)");
    expect(wantsField(selection, "parts")).toBe(true);
    expect(wantsField(selection, "recommendedStories")).toBe(false);
    expect(wantsField(undefined, "anything")).toBe(true);
  });
});
