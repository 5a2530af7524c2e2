import { describe, expect, it } from "vitest";
import { storyClickSource, storyLinkId } from "./story-clicks.ts";

describe("story clicks", () => {
  it("name the page a story was found on", () => {
    expect(storyClickSource("/", 7)).toBe("home");
    expect(storyClickSource("/home", 7)).toBe("home");
    expect(storyClickSource("/search/dragons/stories", 7)).toBe("search");
    expect(storyClickSource("/stories/fantasy", 7)).toBe("tag");
    expect(storyClickSource("/catalog/paidstories", 7)).toBe("catalog");
    expect(storyClickSource("/featured/12", 7)).toBe("featured");
    expect(storyClickSource("/list/3", 7)).toBe("list");
    expect(storyClickSource("/library", 7)).toBe("library");
    expect(storyClickSource("/user/demo_writer", 7)).toBe("profile");
    expect(storyClickSource("/story/8", 7)).toBe("story");
  });

  it("are no discovery on the story's own pages, a reading page, or the writer's tools", () => {
    expect(storyClickSource("/story/7", 7)).toBeNull();
    expect(storyClickSource("/story/7/rankings", 7)).toBeNull();
    expect(storyClickSource("/story/70", 7)).toBe("story");
    expect(storyClickSource("/1234", 7)).toBeNull();
    expect(storyClickSource("/myworks/7", 7)).toBeNull();
    expect(storyClickSource("/homework", 7)).toBeNull();
    expect(storyClickSource("/constructor/x", 7)).toBeNull();
  });

  it("follow links to a story's page only", () => {
    expect(storyLinkId("/story/42")).toBe(42);
    expect(storyLinkId("/story/42#comments")).toBe(42);
    expect(storyLinkId("/story/42/rankings")).toBeNull();
    expect(storyLinkId("/42")).toBeNull();
    expect(storyLinkId("https://example.com/story/42")).toBeNull();
  });
});
