import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { issueMessage } from "./validation.ts";

/** What the house 400 says of `value` in a body's field `field` held to `schema`. */
function said(schema: z.ZodType, value: unknown, field = "field"): string[] {
  const result = z.object({ [field]: schema }).safeParse({ [field]: value });
  if (result.success) throw new Error("the value was taken");
  return result.error.issues.map((issue) => issueMessage(issue, issue.path.join(".")));
}

describe("issueMessage", () => {
  it("names an enum's field and its options", () => {
    expect(said(z.enum(["story", "part"]), "chapter", "type")).toEqual([
      "type must be one of story, part",
    ]);
  });

  it("names a length's or a count's bound as the messages write numbers, in thousands", () => {
    expect(said(z.string().max(2000), "a".repeat(2001), "body")).toEqual([
      "body must be at most 2,000 characters",
    ]);
    expect(said(z.array(z.number()).max(1000), Array(1001).fill(1), "stories")).toEqual([
      "stories must be at most 1,000 items",
    ]);
    expect(said(z.number().gt(1500), 1500, "seconds")).toEqual(["seconds must be more than 1,500"]);
  });

  it("names a literal's field and its one value", () => {
    expect(said(z.literal("zip"), "tar", "output")).toEqual(["output must be zip"]);
    expect(said(z.literal(true), false, "wholeStory")).toEqual(["wholeStory must be true"]);
  });

  it("names a union's field and each kind its options take", () => {
    const flag = z.union([z.boolean(), z.enum(["yes", "no"])]);
    expect(said(flag, 3, "isPrivate")).toEqual([
      'isPrivate must be true or false, or one of "yes", "no"',
    ]);
    expect(said(z.union([z.number(), z.string()]), null, "id")).toEqual([
      "id must be a number, or text",
    ]);
  });

  it("says the part an option of a union took the kind of but not the part", () => {
    const value = z.union([z.number(), z.object({ title: z.string() })]);
    expect(said(value, { title: 7 }, "cover")).toEqual(["cover.title must be text"]);
  });

  it("names a discriminated union's discriminator and its values", () => {
    const item = z.discriminatedUnion("type", [
      z.object({ type: z.literal("text"), text: z.string() }),
      z.object({ type: z.literal("url"), url: z.string() }),
    ]);
    expect(said(item, { type: "image" }, "item")).toEqual(["item.type must be one of text, url"]);
    expect(said(item, {}, "item")).toEqual(["item.type must be one of text, url"]);
  });

  it("names a string format's field and the format in words", () => {
    expect(said(z.email(), "mara", "email")).toEqual(["email must be an email address"]);
    expect(said(z.url(), "not a url", "link")).toEqual(["link must be a URL"]);
    expect(said(z.iso.datetime(), "tomorrow", "startsAt")).toEqual([
      "startsAt must be a date and time, e.g. 2027-01-01T09:00:00Z",
    ]);
    expect(said(z.iso.date(), "May 1", "birthdate")).toEqual([
      "birthdate must be a date, e.g. 2027-01-01",
    ]);
    expect(said(z.string().regex(/^[a-z]+$/), "A1", "slug")).toEqual([
      "slug must be text matching /^[a-z]+$/",
    ]);
  });

  it("keeps a schema's own words", () => {
    expect(said(z.enum(["a", "b"], { error: "pick a or b" }), "c")).toEqual(["pick a or b"]);
    expect(said(z.email("Enter your email"), "x")).toEqual(["Enter your email"]);
    expect(said(z.union([z.number(), z.string()], { error: "id is a number" }), null)).toEqual([
      "id is a number",
    ]);
  });
});
