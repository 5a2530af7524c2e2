import { CACHE_TAGS_HEADER, CACHE_TTL_HEADER } from "@inkwell/shared";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../accounts/sessions.ts";
import { PageCache, visitorPageKey } from "./page-cache.ts";

const page = (headers: Record<string, string>) =>
  new Response("<h1>Page</h1>", { status: 200, headers });

describe("PageCache", () => {
  it("keeps a tagged page for the default moment, and drops it when a tag changes", async () => {
    const cache = new PageCache({ ttlMs: 2000, maxTtlMs: 60_000, maxEntries: 10 });
    const sent = await cache.store("/story/1", page({ [CACHE_TAGS_HEADER]: "story:1" }), 0);
    expect(sent.headers.get(CACHE_TAGS_HEADER)).toBeNull();
    expect(await cache.get("/story/1", 1999)?.text()).toBe("<h1>Page</h1>");
    expect(cache.get("/story/1", 2000)).toBeUndefined();
    await cache.store("/story/1", page({ [CACHE_TAGS_HEADER]: "story:1" }), 0);
    cache.invalidate("story:1");
    expect(cache.get("/story/1", 1)).toBeUndefined();
  });

  it("keeps a list longer when it asks, never beyond the ceiling, and hides the header", async () => {
    const cache = new PageCache({ ttlMs: 2000, maxTtlMs: 60_000, maxEntries: 10 });
    const headers = { [CACHE_TAGS_HEADER]: "tag:ghost", [CACHE_TTL_HEADER]: "30000" };
    const sent = await cache.store("/stories/ghost", page(headers), 0);
    expect(sent.headers.get(CACHE_TTL_HEADER)).toBeNull();
    expect(cache.get("/stories/ghost", 29_999)?.headers.get(CACHE_TTL_HEADER)).toBeNull();
    expect(cache.get("/stories/ghost", 30_000)).toBeUndefined();
    const greedy = { [CACHE_TAGS_HEADER]: "tag:ghost", [CACHE_TTL_HEADER]: "3600000" };
    await cache.store("/stories/ghost?page=2", page(greedy), 0);
    expect(cache.get("/stories/ghost?page=2", 59_999)).toBeDefined();
    expect(cache.get("/stories/ghost?page=2", 60_000)).toBeUndefined();
  });

  it("keeps a page from its `keepAfter`th render on, remembering as many as it keeps", async () => {
    const cache = new PageCache({ ttlMs: 2000, maxEntries: 2, keepAfter: 2 });
    const tagged = () => page({ [CACHE_TAGS_HEADER]: "story:1" });
    await cache.store("/story/1", tagged(), 0);
    expect(cache.get("/story/1", 1)).toBeUndefined();
    await cache.store("/story/1", tagged(), 1);
    expect(await cache.get("/story/1", 2)?.text()).toBe("<h1>Page</h1>");
    // Rendered once, then two other pages fill its memory: it starts counting again.
    await cache.store("/story/2", tagged(), 0);
    await cache.store("/story/3", tagged(), 0);
    await cache.store("/story/4", tagged(), 0);
    await cache.store("/story/2", tagged(), 1);
    expect(cache.get("/story/2", 2)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("keeps a list that asks to be kept longer from its first render", async () => {
    const cache = new PageCache({ ttlMs: 2000, maxEntries: 10, keepAfter: 2 });
    const list = { [CACHE_TAGS_HEADER]: "tag:ghost", [CACHE_TTL_HEADER]: "30000" };
    await cache.store("/stories/ghost", page(list), 0);
    expect(await cache.get("/stories/ghost", 1)?.text()).toBe("<h1>Page</h1>");
    // Asking for no more than the default moment is an ordinary page.
    const ordinary = { [CACHE_TAGS_HEADER]: "tag:owls", [CACHE_TTL_HEADER]: "2000" };
    await cache.store("/stories/owls", page(ordinary), 0);
    expect(cache.get("/stories/owls", 1)).toBeUndefined();
  });

  it("never keeps an untagged page or an error", async () => {
    const cache = new PageCache({ ttlMs: 2000, maxEntries: 10 });
    await cache.store("/settings", page({}), 0);
    await cache.store(
      "/story/9",
      new Response("gone", { status: 404, headers: { [CACHE_TAGS_HEADER]: "story:9" } }),
      0,
    );
    expect(cache.size).toBe(0);
  });
});

describe("visitorPageKey", () => {
  it("keys a visitor's GET on the encoding, the address, the language, the reading settings and the country", () => {
    expect(visitorPageKey("GET", "/story/1?x=1", undefined, "gzip, deflate, br")).toBe(
      "gzip en medium.normal.auto - /story/1?x=1",
    );
    expect(
      visitorPageKey("GET", "/1", "locale=fr; reader_settings=large.relaxed.sepia", undefined),
    ).toBe("identity fr large.relaxed.sepia - /1");
    expect(visitorPageKey("GET", "/1", undefined, "gzip", "DE")).toBe(
      "gzip en medium.normal.auto DE /1",
    );
  });

  it("normalises made-up cookies and encodings, so that they share the default copy", () => {
    const plain = visitorPageKey("GET", "/1", undefined, undefined);
    expect(visitorPageKey("GET", "/1", "locale=zz; reader_settings=huge.x.y", "zz")).toBe(plain);
  });

  it("answers null for anything but a visitor's GET, or a cookie that does not decode", () => {
    expect(visitorPageKey("POST", "/1", undefined, "gzip")).toBeNull();
    expect(visitorPageKey("HEAD", "/1", undefined, "gzip")).toBeNull();
    expect(visitorPageKey("GET", "/1", `theme=dark; ${SESSION_COOKIE}=abc`, "gzip")).toBeNull();
    // Spaced as the API's cookie parser still reads it: signed in, never a visitor's page.
    for (const spaced of [`${SESSION_COOKIE} =abc`, `theme=dark;\t${SESSION_COOKIE}\t= "abc"`]) {
      expect(visitorPageKey("GET", "/1", spaced, "gzip")).toBeNull();
    }
    expect(visitorPageKey("GET", "/1", "reader_settings=%E0", "gzip")).toBeNull();
  });
});
