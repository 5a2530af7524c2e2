import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations, launchBrowser } from "./support/browser.ts";
import { decodeEntities, htmlToText } from "./support/catalogue.ts";

// The journeys are only as good as their checks: these prove the checks fail when they should.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  // AxeBuilder needs a page that belongs to an explicit context.
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
