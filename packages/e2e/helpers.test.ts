import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  COLOUR_RULES,
  DESKTOP,
  expectNoAxeViolations,
  launchBrowser,
  useBrowser,
} from "./support/browser.ts";
import { decodeEntities, htmlToText } from "./support/catalogue.ts";

// The journeys are only as good as their checks: these prove the checks fail when they should.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // A page of a context of its own, as the journeys' pages are.
  page = await (await browser.newContext()).newPage();
});

afterAll(async () => {
  await browser?.close();
});

const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head>
<body><main><h1>Clean page</h1><p>Readable text.</p><a href="/x">A named link</a></main></body></html>`;

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head>
<body><main><h1>Broken page</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
<p id="faint" style="color:#ddd;background:#fff">Too faint to read.</p>
<a href="/y" id="empty-link"></a></main></body></html>`;

describe("expectNoAxeViolations", () => {
  test("passes on an accessible page", async () => {
    await page.setContent(CLEAN);
    await expectNoAxeViolations(page, "the clean page");
  });

  test("fails with the rule, its help and the offending elements", async () => {
    await page.setContent(BROKEN);
    const error = await expectNoAxeViolations(page, "the broken page").then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain("on the broken page");
    expect(message).toMatch(/image-alt \[critical\]: Images must have alternative text/);
    expect(message).toContain("#no-alt");
    expect(message).toMatch(/color-contrast \[serious\]/);
    expect(message).toContain("#faint");
    expect(message).toMatch(/link-name \[serious\]/);
    expect(message).toContain("#empty-link");
  });

  test("given the colour rules, finds only what colours decide", async () => {
    await page.setContent(BROKEN);
    const error = await expectNoAxeViolations(page, "the broken page", COLOUR_RULES).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain("1 accessibility violation(s) on the broken page");
    expect(message).toMatch(/color-contrast \[serious\]/);
    expect(message).toContain("#faint");
  });
});

/**
 * The site's sticky header over a tall main whose first line holds two 20 px buttons side by
 * side, each within the other's 24 px circle (WCAG 2.5.8): too small wherever they are.
 */
const SMALL_UNDER_HEADER = `<!doctype html><html lang="en">
<head><title>Header</title><style>
  body { margin: 0; }
  .site-header { position: sticky; top: 0; height: 64px; background: #fff; }
  .site-header a { display: inline-block; min-width: 44px; min-height: 44px; }
  main { padding-top: 16px; height: 3000px; }
  main button { width: 20px; height: 20px; padding: 0; margin: 0; }
</style></head>
<body><header class="site-header"><a href="/">Home</a></header>
<main><p><button aria-label="Less">-</button><button aria-label="More">+</button></p>
<h1>Header</h1></main></body></html>`;

describe("expectNoAxeViolations, on a page scrolled under the sticky header", () => {
  test("still finds targets too small that the header passes over, and leaves the scroll", async () => {
    await page.setContent(SMALL_UNDER_HEADER);
    // The buttons' line (80 to 100 px down the page) is now under the header (0 to 64 px).
    await page.evaluate(() => window.scrollTo(0, 60));
    const error = await expectNoAxeViolations(page, "the small buttons").then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/target-size \[serious\]/);
    expect(message).toContain('button[aria-label="Less"]');
    expect(await page.evaluate(() => window.scrollY)).toBe(60);
  });
});

describe("withPage", () => {
  const { withPage } = useBrowser();
  const visit = (html: string) =>
    withPage({ viewport: DESKTOP, baseURL: "about:blank" }, async (page) => {
      await page.setContent(html);
      // Errors are reported to the test a moment after the page throws them.
      await page.waitForTimeout(100);
    });

  test("passes a journey whose page threw nothing", async () => {
    await expect(visit(CLEAN)).resolves.toBeUndefined();
  });

  test("fails a journey whose page threw an error, or left a promise's rejected, uncaught", async () => {
    await expect(visit(`<script>throw new Error("a handler broke")</script>`)).rejects.toThrow(
      /errors the journey's pages did not catch.*a handler broke/s,
    );
    await expect(
      visit(`<script>Promise.reject(new Error("a save failed unheard"))</script>`),
    ).rejects.toThrow(/a save failed unheard/);
  });
});

describe("htmlToText", () => {
  test("keeps rendered text and drops scripts, tags and attributes", () => {
    const html = `<head><meta name="description" content="hidden meta"></head>
      <h1 class="t">Tom &amp; Jerry&#x27;s &quot;Tale&quot;</h1>
      <script>window.__data = "only in the script";</script><p>Para&#39;s  text</p>`;
    const text = htmlToText(html);
    expect(text).toBe(`Tom & Jerry's "Tale" Para's text`);
    expect(text).not.toContain("only in the script");
    expect(text).not.toContain("hidden meta");
  });

  test("decodes numeric and named references only", () => {
    expect(decodeEntities("&lt;b&gt; &#8220;x&#8221; &unknown;")).toBe("<b> “x” &unknown;");
  });
});
