import { describe, expect, it } from "vitest";
import { clickThroughRate, promotionStatus, storyIdFrom } from "./promotions.ts";

describe("a campaign's status", () => {
  it("is scheduled before its start, running until its end, ended from it", () => {
    expect(promotionStatus(100, 200, 99)).toBe("scheduled");
    expect(promotionStatus(100, 200, 100)).toBe("running");
    expect(promotionStatus(100, 200, 199)).toBe("running");
    expect(promotionStatus(100, 200, 200)).toBe("ended");
  });
});

describe("click-through rate", () => {
  it("is clicks per impression to one decimal, and a dash before any impression", () => {
    expect(clickThroughRate(5, 200)).toBe("2.5%");
    expect(clickThroughRate(1, 3)).toBe("33.3%");
    expect(clickThroughRate(0, 40)).toBe("0.0%");
    expect(clickThroughRate(0, 0)).toBeNull();
  });
});

describe("the story a pasted link names", () => {
  it("reads a story page's address or a bare number", () => {
    expect(storyIdFrom("1234")).toBe(1234);
    expect(storyIdFrom(" /story/77-the-long-way-home ")).toBe(77);
    expect(storyIdFrom("https://inkwell.example/story/9?ref=1")).toBe(9);
    expect(storyIdFrom("http://localhost:3000/story/12/rankings")).toBe(12);
  });

  it("refuses anything else", () => {
    expect(storyIdFrom("")).toBeNull();
    expect(storyIdFrom("0")).toBeNull();
    expect(storyIdFrom("/user/story/x")).toBeNull();
    expect(storyIdFrom("/12345")).toBeNull();
    expect(storyIdFrom("the long way home")).toBeNull();
  });
});
