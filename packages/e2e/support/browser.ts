import { AxeBuilder } from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Cookie,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

/** Debian's Chromium: the journeys never download a browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** The rules whose outcome a page's colours alone decide: all another colour scheme can change. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe (WCAG 2.0/2.1 A and AA, or only `rules`) on the page as it is now; throws a
 * readable list if any rule fails.
 */
export async function expectNoAxeViolations(
  page: Page,
  label = page.url(),
  rules?: string[],
): Promise<void> {
  // Label in Name (WCAG 2.5.3, level A) is still marked experimental in axe: asked for by name.
  const axe = rules
    ? new AxeBuilder({ page }).withRules(rules)
    : new AxeBuilder({ page })
        .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
        .withTags(WCAG_TAGS);
  // Legacy mode runs axe in the page itself, where the default opens a blank page to merge
  // each frame's results: half the time, for pages that hold no cross-origin frame.
  const { violations } = await withHeaderInPlace(page, () => axe.setLegacyMode(true).analyze());
  if (violations.length === 0) return;
  const lines = violations.map((violation) => {
    const targets = violation.nodes.map((node) => {
      const summary = node.failureSummary?.split("\n").slice(1).join(" ").trim();
      return `    - ${node.target.join(" ")}${summary ? `: ${summary}` : ""}`;
    });
    return [
      `  ${violation.id} [${violation.impact ?? "unknown impact"}]: ${violation.help} (${violation.helpUrl})`,
      ...targets,
    ].join("\n");
  });
  throw new Error(
    `${violations.length} accessibility violation(s) on ${label}:\n${lines.join("\n")}`,
  );
}

/**
 * axe measures targets where the page is scrolled: a link passing under the sticky site
 * header would count as obscured by the header's controls (and as too near them), though
 * the reader scrolls it clear. While `run` runs the header stays where the top of the page
 * has it (relative keeps its place in the flow, so nothing else moves, nor does the
 * scroll): what is too small or too close anywhere is still found.
 */
async function withHeaderInPlace<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const unstuck = await page.evaluate(() => {
    const header = document.querySelector<HTMLElement>(".site-header");
    if (!header || getComputedStyle(header).position !== "sticky") return false;
    header.style.position = "relative";
    return true;
  });
  try {
    return await run();
  } finally {
    if (unstuck) {
      await page.evaluate(() => {
        document.querySelector<HTMLElement>(".site-header")?.style.removeProperty("position");
      });
    }
  }
}

type PageOptions = {
  viewport: { width: number; height: number };
  baseURL: string;
  colorScheme?: "light" | "dark";
  /** false: the page as a browser without JavaScript has it (server-rendered forms post). */
  javaScriptEnabled?: boolean;
  /** A touch screen: the page gets touch events (sent with CDP's Input.dispatchTouchEvent). */
  hasTouch?: boolean;
  /** The browser's time zone (an IANA name); the machine's own by default. */
  timezoneId?: string;
  /** Windows' high contrast themes: the system's few colours replace the page's own. */
  forcedColors?: "active" | "none";
  /** The reader's system asks for less motion. */
  reducedMotion?: "reduce" | "no-preference";
  /** Cookies and storage an earlier journey kept with `context.storageState()`. */
  storageState?: BrowserContextOptions["storageState"];
};

/**
 * A confirmation's spacing, in px: from its title bar to its text, and from its text to its
 * buttons. Every modal spaces its body by one gap (16 px), so both read 16.
 */
export function confirmationGaps(dialog: Locator): Promise<[number, number]> {
  return dialog.evaluate((modal) => {
    const box = (selector: string) => {
      const element = modal.querySelector(selector);
      if (!element) throw new Error(`the modal has ${selector}`);
      return element.getBoundingClientRect();
    };
    const [title, text, buttons] = [box(".modal__header"), box("p"), box(".modal__actions")];
    return [Math.round(text.top - title.bottom), Math.round(buttons.top - text.bottom)];
  });
}

/**
 * Where a modal's title sits, in px: how many lines it runs to, from the modal's top to its
 * first line, from its last line to the end of the title bar, and from the middle of its first
 * line to the middle of the close button.
 */
export function titleSpacing(
  dialog: Locator,
): Promise<{ lines: number; above: number; below: number; closeOff: number }> {
  return dialog.evaluate((modal) => {
    const header = modal.querySelector(".modal__header");
    const title = header?.querySelector("h2");
    const close = header?.querySelector(".modal__close");
    if (!header || !title || !close) throw new Error("the modal has a title bar");
    const text = document.createRange();
    text.selectNodeContents(title);
    const lines = [...text.getClientRects()];
    const first = Math.min(...lines.map((line) => line.top));
    const last = Math.max(...lines.map((line) => line.bottom));
    const firstHeight = lines.find((line) => line.top === first)?.height ?? 0;
    const button = close.getBoundingClientRect();
    const half = (px: number) => Math.round(px * 2) / 2;
    return {
      lines: new Set(lines.map((line) => Math.round(line.top))).size,
      above: half(first - modal.getBoundingClientRect().top),
      below: half(header.getBoundingClientRect().bottom - last),
      closeOff: half(button.top + button.height / 2 - (first + firstHeight / 2)),
    };
  });
}

/**
 * Whether a tap `by` px outside the element's box (above it, or left of it) still lands on it:
 * targets drawn smaller than a finger reach into the space around them.
 */
export function tapsBeside(target: Locator, side: "above" | "left", by: number): Promise<boolean> {
  return target.evaluate(
    (element, [side, by]) => {
      element.scrollIntoView({ block: "center" });
      const box = element.getBoundingClientRect();
      const [x, y] =
        side === "above"
          ? [box.left + box.width / 2, box.top - by]
          : [box.left - by, box.top + box.height / 2];
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    },
    [side, by] as const,
  );
}

/**
 * A target's size to a finger: its box, grown by any invisible ::before or ::after target
 * (decision 133), which is placed from the box inside its border.
 */
export function fingerSize(target: Locator): Promise<{ width: number; height: number }> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const px = (value: string) => Number.parseFloat(value);
    const own = getComputedStyle(element);
    const inner = {
      top: box.top + px(own.borderTopWidth),
      right: box.right - px(own.borderRightWidth),
      bottom: box.bottom - px(own.borderBottomWidth),
      left: box.left + px(own.borderLeftWidth),
    };
    let { top, right, bottom, left } = box;
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      if (style.content === "none" || style.position !== "absolute") continue;
      top = Math.min(top, inner.top + px(style.top));
      right = Math.max(right, inner.right - px(style.right));
      bottom = Math.max(bottom, inner.bottom - px(style.bottom));
      left = Math.min(left, inner.left + px(style.left));
    }
    return { width: right - left, height: bottom - top };
  });
}

/**
 * Of the elements `targets` finds, those smaller to a finger (fingerSize) than 44 px across or
 * down, as "text width x height": none where each is easy to tap on a phone. Finding no
 * element at all throws, so a selector that misses the page cannot pass for one that fits.
 */
export async function smallTargets(targets: Locator): Promise<string[]> {
  const found = await targets.all();
  if (found.length === 0) throw new Error(`no target found by ${targets}`);
  const small: string[] = [];
  for (const target of found) {
    const { width, height } = await fingerSize(target);
    if (width >= 44 && height >= 44) continue;
    const text = (await target.textContent())?.trim();
    small.push(`${text} ${Math.round(width)}x${Math.round(height)}`);
  }
  return small;
}

/**
 * The page's form controls that an element fixed to the screen covers, each brought into view
 * as the keyboard brings it (to the nearest edge), as "control's name under fixed's class":
 * none on a page whose fields all stay in reach.
 */
export function controlsUnderFixed(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fixed = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (element) =>
        getComputedStyle(element).position === "fixed" &&
        element.checkVisibility({ visibilityProperty: true }),
    );
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>("input, select, textarea")) {
      if (control.getAttribute("type") === "hidden") continue;
      control.scrollIntoView({ block: "nearest" });
      const box = control.getBoundingClientRect();
      for (const over of fixed) {
        const cover = over.getBoundingClientRect();
        const apart =
          cover.right <= box.left ||
          box.right <= cover.left ||
          cover.bottom <= box.top ||
          box.bottom <= cover.top;
        if (!apart) covered.push(`${control.getAttribute("name")} under ${over.className}`);
      }
    }
    return covered;
  });
}

export interface Chip {
  name: string;
  /** From the top of the chips' parent, in whole px: one row of chips, one top. */
  top: number;
  height: number;
  /** Whether, once Tab had moved focus to it, the chip and its focus ring were wholly in sight. */
  inSight: boolean;
  /** Whether it was clear of the fades at the row's ends, unless scrolled to that end. */
  clearOfFade: boolean;
}

/**
 * Tabs through the link chips of `row` (a navigation; or its tabs, `role: "tab"`) from the
 * first to the last, and says where each lay. The chips' row may scroll sideways: each chip
 * Tab reaches should be scrolled into sight, in that box and on the screen, its focus ring
 * too (`ring` px round it: 5 by default, 0 where the ring is drawn inside). A tab list with
 * one Tab stop is walked by `next: "ArrowRight"`.
 */
export async function tabThroughChips(
  page: Page,
  row: Locator,
  {
    ring = 5,
    role = "link",
    next = "Tab",
  }: { ring?: number; role?: "link" | "tab"; next?: "Tab" | "ArrowRight" } = {},
): Promise<Chip[]> {
  const links = row.getByRole(role);
  await untilHydrated(links.first());
  const count = await links.count();
  const chips: Chip[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index === 0) await links.first().focus();
    else await page.keyboard.press(next);
    const link = links.nth(index);
    expect(await link.evaluate((node) => node === document.activeElement)).toBe(true);
    chips.push(
      await link.evaluate((node, ring) => {
        const box = node.getBoundingClientRect();
        // The row is the nearest box that scrolls sideways (a chip's own row, or a tab strip's
        // list around its items): it cuts off what lies past its edges; the screen always does.
        let scroller = node.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX === "visible") {
          scroller = scroller.parentElement;
        }
        const row = (scroller ?? node.parentElement)?.getBoundingClientRect() ?? box;
        const sight = scroller
          ? row
          : { left: 0, right: window.innerWidth, top: -1e6, bottom: 1e6 };
        return {
          name: node.textContent ?? "",
          top: Math.round(box.top - row.top),
          height: box.height,
          inSight:
            box.left - ring >= Math.max(sight.left, 0) - 0.5 &&
            box.right + ring <= Math.min(sight.right, window.innerWidth) + 0.5 &&
            box.top - ring >= sight.top - 0.5 &&
            box.bottom + ring <= sight.bottom + 0.5,
          // Each end of the row fades (32 px) while more lies past it: a chip short of that
          // end should stop clear of its fade, unless too wide to clear both.
          clearOfFade:
            scroller === null ||
            box.width + 2 * ring > row.width - 64 ||
            ((scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1 ||
              box.right + ring <= row.right - 32 + 0.5) &&
              (scroller.scrollLeft <= 0 || box.left - ring >= row.left + 32 - 0.5)),
        };
      }, ring),
    );
  }
  return chips;
}

/**
 * Waits until React has hydrated `target` (it carries its props) and the page has rendered
 * again as hydrated (a ScriptButton is disabled, data-hydrating, until then: props come in
 * the hydrating render, the enabled button a render later, and focus() on a disabled button
 * does nothing). Code a page loads on demand (signed-in readers' Add to, decision 025)
 * hydrates a moment after the page: a press before then does nothing, for a person as for
 * a test.
 */
export async function untilHydrated(target: Locator): Promise<Locator> {
  await expect
    .poll(() =>
      target.evaluate(
        (node) =>
          Object.keys(node).some((key) => key.startsWith("__reactProps$")) &&
          !node.hasAttribute("data-hydrating"),
      ),
    )
    .toBe(true);
  return target;
}

/**
 * Focuses `target` once it works (untilHydrated), as a keyboard reader reaches it, and checks
 * the focus took: focus() on a control that is still disabled does nothing, and a key pressed
 * next would go to the page.
 */
export async function focusHydrated(target: Locator): Promise<void> {
  await untilHydrated(target);
  await target.focus();
  expect(await target.evaluate((node) => node === document.activeElement)).toBe(true);
}

/**
 * Each context's own client address, sent as X-Forwarded-For: the e2e server trusts one proxy
 * hop (server.ts), so per-address limits (10 log-ins in 15 minutes) count each journey as a
 * reader of its own rather than every journey of a file as one machine. 198.18.0.0/15 is
 * reserved for testing. A journey's requests all share its context's address.
 */
let contexts = 0;
function ownAddress(): string {
  contexts += 1;
  return `198.18.${Math.floor(contexts / 256)}.${contexts % 256}`;
}

/**
 * One Chromium per test file, and a fresh context (cookies, storage, address) for each journey:
 * `withPage(options, async (page, context) => …)` closes the context whatever happens, and
 * fails the journey if one of its pages threw an error it did not catch.
 * `sessionOf(username, baseURL)` signs a demo account in once per file and hands its session
 * to each later journey (per-account sign-in limits).
 */
export function useBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = (): Browser => {
    if (!browser) throw new Error("the browser starts in beforeAll");
    return browser;
  };
  /** A fresh context (cookies, storage) at an address of its own. */
  const newContext = (options: BrowserContextOptions = {}): Promise<BrowserContext> =>
    started().newContext({
      ...options,
      extraHTTPHeaders: { "x-forwarded-for": ownAddress(), ...options.extraHTTPHeaders },
    });
  /**
   * A journey in a fresh context, closed whatever happens. A page that threw an error its code
   * did not catch fails the journey too: the reader saw a control that did nothing, or worse.
   */
  async function withPage(
    options: PageOptions,
    journey: (page: Page, context: BrowserContext) => Promise<void>,
  ) {
    const context = await newContext(options);
    // Uncaught errors and promise rejections of the journey's pages, as "address: message".
    const uncaught: string[] = [];
    context.on("weberror", (error) => {
      uncaught.push(`${error.page()?.url() ?? "a page"}: ${error.error().message}`);
    });
    try {
      await journey(await context.newPage(), context);
    } finally {
      await context.close();
    }
    expect(uncaught.join("\n"), "errors the journey's pages did not catch").toBe("");
  }
  const sessions = new Map<string, BrowserContextOptions["storageState"]>();
  async function sessionOf(username: string, baseURL: string) {
    const known = sessions.get(username);
    if (known) return known;
    let state: BrowserContextOptions["storageState"];
    await withPage({ viewport: DESKTOP, baseURL }, async (page, context) => {
      await logInAt(page, username, "/home");
      state = await context.storageState();
    });
    sessions.set(username, state);
    return state;
  }
  return {
    get browser(): Browser {
      return started();
    },
    newContext,
    withPage,
    sessionOf,
  };
}

/** A one-finger horizontal swipe of `distance` px (negative: to the left) at (x, y), in steps. */
export async function swipe(cdp: CDPSession, x: number, y: number, distance: number) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  const steps = 5;
  for (let step = 1; step <= steps; step++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x + (distance * step) / steps, y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/**
 * Wheels the page down by `by` px and answers where its scroll comes to rest (a wheel's
 * scroll moves over several frames), once it is past `beyond`.
 */
export async function wheelToRest(page: Page, by: number, beyond = 0): Promise<number> {
  await page.mouse.wheel(0, by);
  let rest = -1;
  await expect
    .poll(
      async () => {
        const last = rest;
        rest = await page.evaluate(() => window.scrollY);
        return rest > beyond && rest === last;
      },
      { interval: 250 },
    )
    .toBe(true);
  return rest;
}

/** Fills and sends the email log-in form of the page it is on. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/^(Email or username|Username or Email)$/).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/**
 * The session cookie each demo account got from its first log-in in this file (a file's
 * module state is its own, as is its server): a form log-in takes about three times a
 * page's load, and journeys that are not about logging in need only be signed in.
 */
const demoSessions = new Map<string, Cookie>();

/** The session cookie's name (the server's SESSION_COOKIE). */
const SESSION_COOKIE = "inkwell_session";

/**
 * Signs a demo account (password inkwell-demo) in and waits for `nextUrl`: from the login
 * page the first time in a file, then with the session that log-in gave, while the server
 * still knows it (a journey may have logged it out).
 */
export async function logInAt(page: Page, username: string, nextUrl: string): Promise<void> {
  const context = page.context();
  const known = demoSessions.get(username);
  if (known) {
    await context.addCookies([known]);
    const me = await context.request.get("/api/v3/internal/current_user");
    if (me.ok() && ((await me.json()) as { username?: string }).username === username) {
      await page.goto(nextUrl);
      await page.waitForURL((url) => url.pathname + url.search === nextUrl);
      return;
    }
    demoSessions.delete(username);
    await context.clearCookies({ name: SESSION_COOKIE });
  }
  await page.goto(`/login?${new URLSearchParams({ nextUrl })}`);
  await logIn(page, username, "inkwell-demo");
  await page.waitForURL((url) => url.pathname + url.search === nextUrl);
  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session) demoSessions.set(username, session);
}

/** What a route answers in the server's place. */
type Answer = { status: number; body: string; contentType?: string };

/**
 * Holds the page's requests matching `url` (and `method`, if given) until the returned
 * function is called, then lets them through, or answers them with `answer`. For checking
 * what a page shows while it waits: a loading state, a region already there.
 */
export async function holdRequests(
  page: Page,
  url: string,
  { method, answer }: { method?: string; answer?: Answer } = {},
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await released;
    if (answer) await route.fulfill(answer);
    else await route.fallback();
  });
  return release;
}

/**
 * Answers the page's requests matching `url` (and `method`, if given) with `first`, until the
 * returned function gives the next answer, or `null` to let them through. One route for all
 * of them: a request the page sends by itself (an autosave, a retry) meets the answer of the
 * moment, where between an unroute and the next route it would reach the server.
 */
export async function answerRequests(
  page: Page,
  url: string,
  first: Answer,
  { method }: { method?: string } = {},
): Promise<(next: Answer | null) => void> {
  let answer: Answer | null = first;
  await page.route(url, (route) =>
    answer && (!method || route.request().method() === method)
      ? route.fulfill(answer)
      : route.fallback(),
  );
  return (next) => {
    answer = next;
  };
}

/** Resolves once the browser has painted what is pending (and told of selection changes). */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * The focused control's name (its aria-label, its label's text, else its own text) and
 * whether it shows it has focus: a visible element matching :focus-visible, so a keyboard
 * user sees where they are. "" and false when focus fell to the page.
 */
export const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const control = document.activeElement;
    if (!(control instanceof HTMLElement) || control === document.body) {
      return { name: "", shown: false };
    }
    const labelled = "labels" in control ? (control.labels as NodeListOf<HTMLLabelElement>) : null;
    const name =
      control.getAttribute("aria-label") ??
      labelled?.[0]?.textContent ??
      control.textContent?.trim() ??
      "";
    return { name, shown: control.matches(":focus-visible") && control.checkVisibility() };
  });

/** Waits until focus is on the control named `name`, and shows there. */
export const expectFocusOn = (page: Page, name: string) =>
  expect.poll(() => focusedControl(page)).toEqual({ name, shown: true });

/** Presses `key`, and expects focus to land on the control named `name`. */
export async function pressOnto(page: Page, key: string, name: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusOn(page, name);
}

/** Presses Tab until focus is on the control named `name`, past at most `limit` others. */
export async function tabOnto(page: Page, name: string, limit = 10): Promise<void> {
  for (let step = 0; step < limit && (await focusedControl(page)).name !== name; step++) {
    await page.keyboard.press("Tab");
  }
  await expectFocusOn(page, name);
}

/**
 * Starts recording what a live region says, each change to its words in order ("[]" when it
 * empties), and returns what it has said so far: "said: [] [Try again.]". Words a region
 * already holds are not said again unless it empties between (decision 058). The region is
 * held as the element `region` finds now: a locator filtered by its words would lose it
 * once it empties.
 */
export async function recordSpeech(region: Locator): Promise<() => Promise<string | undefined>> {
  const element = await region.elementHandle();
  if (!element) throw new Error(`the page has the live region ${region}`);
  await element.evaluate((node) => {
    node.dataset.said = "said:";
    new MutationObserver(() => {
      node.dataset.said += ` [${node.textContent}]`;
    }).observe(node, { childList: true, characterData: true, subtree: true });
  });
  return () => element.evaluate((node) => node.dataset.said);
}

/**
 * Does `act` twice and expects `region` to say `words` each time: it empties between and
 * takes the words back, where unchanged words would be silence to a screen reader
 * (decision 087).
 */
export async function expectSaidEachTime(
  region: Locator,
  act: () => Promise<unknown>,
  words: string,
): Promise<void> {
  const said = await recordSpeech(region);
  await act();
  await expect.poll(said).toBe(`said: [${words}]`);
  await act();
  await expect.poll(said).toBe(`said: [${words}] [] [${words}]`);
}

/**
 * Words a layout broke across lines although each is well narrower than the page (under 80%
 * of a line of it): a column, card or row too narrow for its text at this size, where the
 * browser's last resort (overflow-wrap) left "Paranorma/l" or "Re/co/m/me/nd/ed". A word wider
 * than that (a long username, an address) may break. Breaks after a hyphen are a line's own.
 */
export const brokenWords = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const broken: string[] = [];
    const most = 0.8 * (document.documentElement.clientWidth - 32);
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? "";
      if (!parent || !/\p{L}/u.test(text)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // A picture's lettering (the stand-in cover's title) is drawn to the picture's size.
      if (parent.closest("[role='img'], .cover")) continue;
      for (const word of text.matchAll(/[^\s\-‐–—]*\p{L}[^\s\-‐–—]*[-‐–—]?/gu)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
        if (new Set(boxes.map((box) => Math.round(box.top))).size < 2) continue;
        const width = boxes.reduce((sum, box) => sum + box.width, 0);
        if (width <= most)
          broken.push(`"${word[0]}" (${parent.tagName.toLowerCase()}.${parent.className})`);
      }
    }
    return broken;
  });
