import { SUPPORT_USERNAME } from "@inkwell/shared";
import type { Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  confirmationGaps,
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  PHONE,
  smallTargets,
  tabThroughChips,
  tapsBeside,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";

const server = useServer();
const browsers = useBrowser();

const PASSWORD = "inkwell-demo";

/** A signed-in page of its own browser context (its own cookies and address). */
async function signedInPage(username: string, viewport: { width: number; height: number }) {
  const context = await browsers.newContext({ viewport, baseURL: server.url });
  const page = await context.newPage();
  await logInAt(page, username, "/inbox");
  return { page, close: () => context.close() };
}

const composer = (page: Page) => page.getByRole("textbox", { name: /^Message / });

/** A message in the conversation itself (the composer may still hold the same text). */
const sentMessage = (page: Page, text: string) =>
  page.getByRole("region", { name: /^Messages with / }).getByText(text, { exact: true });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** Every message sent to demo_admin fails the given way, until the page is unrouted. */
const failSends = (page: Page, fail: (route: Route) => Promise<void>) =>
  page.route("**/inbox/demo_admin", (route) =>
    route.request().method() === "POST" ? fail(route) : route.fallback(),
  );

/** A failed send is said, and its text stays in the box to send again. */
async function expectSendKept(page: Page, text: string) {
  await page
    .getByRole("alert")
    .filter({ hasText: "Sorry, something went wrong. Please try again." })
    .waitFor();
  expect(await composer(page).inputValue()).toBe(text);
}

describe("the inbox", () => {
  test("visitors going to /inbox are sent to log in first", async () => {
    const context = await browsers.newContext({ viewport: PHONE, baseURL: server.url });
    try {
      const page = await context.newPage();
      await page.goto("/inbox");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        "/login?nextUrl=%2Finbox",
      );
    } finally {
      await context.close();
    }
  });

  test("a conversation fits the first screen, its composer in view, at every width from 576 px", async () => {
    // From 576 px the conversation is a box in the page, under a two-row header up to 767 px.
    const a = await signedInPage("demo_ambassador", { width: 640, height: 700 });
    try {
      await a.page.goto("/inbox/demo_writer");
      for (const width of [576, 640, 767, 768, 1280]) {
        await a.page.setViewportSize({ width, height: 700 });
        const send = await a.page.getByRole("button", { name: "Send", exact: true }).boundingBox();
        if (!send) throw new Error("the composer is laid out");
        expect(send.y + send.height, `at ${width} px`).toBeLessThanOrEqual(700);
        expect(await a.page.evaluate(() => window.scrollY)).toBe(0);
      }
    } finally {
      await a.close();
    }
  });

  test("on a phone the conversation is the whole screen, and Tab reaches only what is on it", async () => {
    const a = await signedInPage("demo_ambassador", PHONE);
    try {
      await a.page.goto("/inbox/demo_writer");
      await composer(a.page).waitFor();
      const stops: string[] = [];
      for (let i = 0; i < 14; i++) {
        await a.page.keyboard.press("Tab");
        stops.push(
          await a.page.evaluate(() => {
            const active = document.activeElement;
            if (!active || active === document.body) return "body";
            const box = active.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            const seen = top !== null && (active === top || active.contains(top));
            return `${active.closest(".conversation") ? "conversation" : "page"} ${seen ? "seen" : "hidden"}: ${active.textContent?.trim() || active.getAttribute("aria-label")}`;
          }),
        );
      }
      // The skip link shows itself when focused; everything else is the conversation's own.
      const stray = stops.filter(
        (stop) =>
          stop !== "body" && !stop.startsWith("conversation seen") && !stop.includes("Skip"),
      );
      expect(stray).toEqual([]);
      expect(stops.filter((stop) => stop.startsWith("conversation seen")).length).toBeGreaterThan(
        2,
      );

      // A long name is cut in the header: it no longer widens the conversation past the
      // screen, which pushed Send nearer the right edge than the box is to the left, or off it.
      const [longest] = readDatabase<{ username: string }>(
        server.dataDir,
        "SELECT username FROM users WHERE username <> ? ORDER BY length(name) DESC, id LIMIT 1",
        SUPPORT_USERNAME,
      );
      await a.page.goto(`/inbox/${longest?.username}`);
      const [box, button] = await Promise.all([
        composer(a.page).boundingBox(),
        a.page.getByRole("button", { name: "Send", exact: true }).boundingBox(),
      ]);
      if (!box || !button) throw new Error("the composer is laid out");
      expect(box.x).toBe(12);
      expect(PHONE.width - (button.x + button.width)).toBe(box.x);
    } finally {
      await a.close();
    }
  });

  test("a message typed before the page's scripts arrive, or that fails to send, stays in the composer", async () => {
    const a = await signedInPage("demo_ambassador", PHONE);
    try {
      // A slow phone: the message is typed before the page's scripts arrive, and kept.
      const release = await holdRequests(a.page, "**/assets/**/*.js");
      await a.page.goto("/inbox/demo_admin", { waitUntil: "commit" });
      await composer(a.page).fill("Are you there?");
      release();
      await failSends(a.page, (route) => route.fulfill({ status: 500, body: "{}" }));
      await a.page.getByRole("button", { name: "Send", exact: true }).click();
      await expectSendKept(a.page, "Are you there?");
      // Offline, the same: said, the text kept, and Send there to press again.
      await a.page.unrouteAll();
      await a.page.reload();
      await failSends(a.page, (route) => route.abort("internetdisconnected"));
      await send(a.page, "Are you there?");
      await expectSendKept(a.page, "Are you there?");
      await a.page.unrouteAll();
      await a.page.getByRole("button", { name: "Send", exact: true }).click();
      await sentMessage(a.page, "Are you there?").waitFor();
      // The live stream may show the message a moment before the send's answer clears the box.
      await expect.poll(() => composer(a.page).inputValue()).toBe("");
      // Sent, Send is disabled again: focus waits in the box for the next message.
      await expect
        .poll(() => composer(a.page).evaluate((box) => box === document.activeElement))
        .toBe(true);
      // The message's small Delete icon answers a finger 6 px beside it too; its name quotes
      // the message, so a screen reader's list of buttons tells each message's apart.
      const deleteIcon = a.page.getByRole("button", {
        name: "Delete your message “Are you there?”",
        exact: true,
      });
      expect(await tapsBeside(deleteIcon, "left", 6)).toBe(true);
    } finally {
      await a.close();
    }
  });

  test("the first message of an empty conversation is said in the region already on the page", async () => {
    const a = await signedInPage("demo_writer", PHONE);
    try {
      await a.page.goto("/inbox/demo_admin");
      await a.page.getByText("No messages yet. Say hello!").waitFor();
      // The messages' live region is there while the conversation is empty (decision 058).
      const region = await a.page.getByRole("region", { name: /^Messages with / }).elementHandle();
      if (!region) throw new Error("an empty conversation has its messages' region");
      await send(a.page, "Hello there");
      await expect
        .poll(() => region.evaluate((node) => node.querySelector(".message__body")?.textContent))
        .toBe("Hello there");
      expect(await region.evaluate((node) => node.isConnected)).toBe(true);
    } finally {
      await a.close();
    }
  });

  test("Enter in the To field opens who was typed, not the first of a list still catching up", async () => {
    const a = await signedInPage("demo_reader", PHONE);
    try {
      await a.page.getByRole("button", { name: "New Message" }).click();
      const dialog = a.page.getByRole("dialog", { name: "New Message" });
      const to = dialog.getByRole("textbox", { name: "To" });
      await expect.poll(() => to.evaluate((node) => node === document.activeElement)).toBe(true);
      await a.page.keyboard.type("d");
      const stale = await dialog.getByRole("link").first().textContent();
      // The suggestions' groups are named in the product's words, not the API's categories.
      expect(await dialog.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
        "People you follow",
        "Other people",
      ]);
      // The search for the whole name is slow to answer: "d"'s people stay listed meanwhile.
      const release = await holdRequests(a.page, "**/following_user?term=demo_wri");
      await a.page.keyboard.type("emo_wri");
      await a.page.keyboard.press("Enter");
      expect(await dialog.getByRole("link").first().textContent()).toBe(stale);
      release();
      await a.page.waitForURL(/\/inbox\/[^/]+$/);
      expect(new URL(a.page.url()).pathname).toBe("/inbox/demo_writer");
    } finally {
      await a.close();
    }
  });

  test("a person picked in New Message opens their conversation ready to type; one opened otherwise does not", async () => {
    const a = await signedInPage("demo_reader", DESKTOP);
    try {
      await a.page.getByRole("button", { name: "New Message" }).click();
      const dialog = a.page.getByRole("dialog", { name: "New Message" });
      await a.page.keyboard.type("demo_wri");
      await dialog.getByRole("link", { name: "demo_writer" }).waitFor();
      // By keyboard only: down to the person, Enter, and what is typed next is the message.
      await a.page.keyboard.press("ArrowDown");
      await a.page.keyboard.press("Enter");
      await a.page.waitForURL(`${server.url}/inbox/demo_writer`);
      await expect
        .poll(() => composer(a.page).evaluate((node) => node === document.activeElement))
        .toBe(true);
      await a.page.keyboard.type("Typed straight away");
      expect(await composer(a.page).inputValue()).toBe("Typed straight away");

      // A conversation opened to read keeps a phone's keyboard down.
      await a.page.goto("/inbox/demo_admin");
      expect(await composer(a.page).evaluate((node) => node === document.activeElement)).toBe(
        false,
      );
    } finally {
      await a.close();
    }
  });

  test("two people write live to each other, then a block stops the conversation", async () => {
    const a = await signedInPage("demo_reader", DESKTOP);
    const b = await signedInPage("demo_writer", PHONE);
    try {
      // A starts the conversation from the New Message modal.
      await a.page.getByRole("button", { name: "New Message" }).click();
      // The modal opens on its one field; Enter there opens the first person listed.
      const to = a.page.getByRole("textbox", { name: "To" });
      await expect.poll(() => to.evaluate((node) => node === document.activeElement)).toBe(true);
      await a.page.keyboard.type("demo_wri");
      const suggestion = a.page.getByRole("link", { name: "demo_writer" });
      await suggestion.waitFor();
      // Without a picture, the avatar is the display name's initial (Wren Writer), as the
      // conversation's header and every other avatar show it.
      expect(await suggestion.locator(".avatar").textContent()).toBe("W");
      await a.page.keyboard.press("Enter");
      await a.page.waitForURL(`${server.url}/inbox/demo_writer`);
      expect(await a.page.locator(".conversation__header .avatar").textContent()).toBe("W");
      await expectNoAxeViolations(a.page, "conversation at 1280 px");

      // B waits in the thread list; the header's unread badge appears without a reload.
      const first = `Hello from the reader ${Date.now()} https://example.com`;
      await send(a.page, first);
      await expect
        .poll(() => b.page.getByRole("link", { name: /^Inbox, \d+ unread$/ }).count())
        .toBe(1);
      await expectNoAxeViolations(b.page, "inbox at 360 px");
      // The filters are one row of 44 px chips: a chip past a phone's edge comes into sight
      // by Tab, and the page itself never scrolls sideways.
      const filters = b.page.getByRole("navigation", { name: "Show conversations" });
      const chips = await tabThroughChips(b.page, filters);
      expect(chips.map((chip) => chip.name)).toEqual(["All", "Followers", "Following", "Unread"]);
      for (const chip of chips) {
        expect(chip).toMatchObject({ top: chips[0]?.top, inSight: true });
        expect(chip.height).toBeGreaterThanOrEqual(44);
      }
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      // B opens it, then A's next message arrives live in B's open conversation.
      await b.page.goto("/inbox/demo_reader");
      await b.page.getByText(first.split(" https")[0] ?? first).waitFor();
      expect(await b.page.getByRole("link", { name: "https://example.com" }).count()).toBe(1);
      await send(a.page, "Are you there?");
      await b.page.getByText("Are you there?").waitFor();
      await expectNoAxeViolations(b.page, "conversation at 360 px");

      // B replies; A sees the reply live.
      await send(b.page, "Yes, reading your message now.");
      await a.page.getByText("Yes, reading your message now.").waitFor();
      // A screen reader hears who wrote each message, which the page shows by the bubble's side.
      const said = (text: string) =>
        a.page.getByRole("listitem").filter({ hasText: text }).ariaSnapshot();
      expect(await said("Are you there?")).toContain("You:");
      expect(await said("Yes, reading your message now.")).toContain("Wren Writer:");

      // A blocks B; B's next message is refused with the notice in place of the composer.
      const blocked = await a.page.evaluate(async () => {
        const response = await fetch("/v4/users/demo_writer/blocks", {
          method: "POST",
          headers: { accept: "application/json" },
        });
        return response.status;
      });
      expect(blocked).toBe(200);
      await send(b.page, "Still there?");
      await b.page.getByText("You can’t reply to this conversation.").waitFor();
      expect(await composer(b.page).count()).toBe(0);
      await a.page.reload();
      await a.page
        .getByText("You have blocked Name of demo_writer and cannot reply to this conversation.")
        .or(a.page.getByText(/^You have blocked .+ and cannot reply to this conversation\.$/))
        .first()
        .waitFor();

      await a.page.evaluate(() =>
        fetch("/v4/users/demo_writer/blocks", {
          method: "DELETE",
          headers: { accept: "application/json" },
        }),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("a long last message is cut short so the unread count shows whole, narrow or wide", async () => {
    const sender = await signedInPage("demo_admin", DESKTOP);
    const long = `A long note ${Date.now()}: ${"the lighthouse keeper kept every letter ".repeat(6).trim()}`;
    try {
      await sender.page.goto("/inbox/demo_ambassador");
      await send(sender.page, long);
      await sentMessage(sender.page, long).waitFor();
    } finally {
      await sender.close();
    }
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, close } = await signedInPage("demo_ambassador", viewport);
      try {
        const row = page.locator('a.thread__link[href="/inbox/demo_admin"]');
        const badge = row.getByText(/^\d+ unread$/);
        await badge.waitFor();
        // The header counts it too, though the inbox page opened the stream first.
        await expect
          .poll(() =>
            page
              .getByRole("banner")
              .getByRole("link", { name: /^Inbox, \d+ unread$/ })
              .count(),
          )
          .toBe(1);
        const [rowBox, badgeBox] = await Promise.all([row.boundingBox(), badge.boundingBox()]);
        if (!rowBox || !badgeBox) throw new Error("The thread row or its unread count has no box");
        expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
        const preview = row.locator(".thread__preview");
        expect(await preview.textContent()).toBe(long);
        expect(await preview.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
        // The avatar beside it opens the sender's profile: 44 px to a finger on a phone.
        const avatar = page.locator('a.thread__avatar[href="/user/demo_admin"]');
        if (viewport === PHONE) expect(await smallTargets(avatar)).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  type PutFeature = (name: string, data: unknown) => Promise<{ status(): number }>;

  /**
   * The demo admin, signed in through the API, sets feature flags and settings (`put`) while
   * demo_reader's inbox is open on a phone; `reset` is what they are set back to after.
   */
  async function withFeatureAdmin(
    reset: Record<string, unknown>,
    run: (put: PutFeature, reader: Page) => Promise<void>,
  ) {
    const admin = await browsers.newContext({ baseURL: server.url });
    const put: PutFeature = (name, data) =>
      admin.request.put(`/api/v3/internal/features/${name}`, { data });
    const reader = await signedInPage("demo_reader", PHONE);
    try {
      const login = await admin.request.post("/login", {
        headers: { accept: "application/json" },
        data: { username: "demo_admin", password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await run(put, reader.page);
    } finally {
      for (const [name, data] of Object.entries(reset)) await put(name, data);
      await reader.close();
      await admin.close();
    }
  }

  test("the warning notice names the messaging end date an admin set", async () => {
    const reset = {
      display_warning_notice: { enabled: false },
      messaging_end_date: { value: null },
    };
    await withFeatureAdmin(reset, async (put, page) => {
      expect((await put("display_warning_notice", { enabled: true })).status()).toBe(200);
      expect((await put("messaging_end_date", { value: "2099-06-30" })).status()).toBe(200);
      await page.reload();
      const dated =
        "User-to-user messaging ends on June 30, 2099, and existing conversations will be deleted.";
      await page.getByText(dated).waitFor();
      await expectNoAxeViolations(page, "the inbox with the dated warning");
      await page.goto("/inbox/demo_writer");
      await page.getByText(dated).waitFor();

      expect((await put("messaging_end_date", { value: null })).status()).toBe(200);
      await page.reload();
      await page
        .getByText("User-to-user messaging is ending, and existing conversations will be deleted.")
        .waitFor();
    });
  });

  // What the end date's passing turns on (decision 156), set here by the flags it sets.
  test("with messaging over, the inbox says direct messages are gone and offers nowhere to write", async () => {
    const reset = {
      display_deprecation_notice: { enabled: false },
      can_send_private_message: { enabled: true },
    };
    await withFeatureAdmin(reset, async (put, page) => {
      expect((await put("display_deprecation_notice", { enabled: true })).status()).toBe(200);
      expect((await put("can_send_private_message", { enabled: false })).status()).toBe(200);
      await page.reload();
      await page.getByText("Direct messages are no longer available.").waitFor();
      expect(await page.getByRole("button", { name: "New Message" }).count()).toBe(0);
      await expectNoAxeViolations(page, "the inbox once messaging is over");
      await page.goto("/inbox/demo_writer");
      await page.getByText("You can’t reply to this conversation.").waitFor();
      expect(await composer(page).count()).toBe(0);
    });
  });

  test("muting and blocking from the conversation menu swap the composer for the notice at once", async () => {
    const a = await signedInPage("demo_ambassador", PHONE);
    const { page } = a;
    const menuItems = () => page.locator(".conversation__menu-panel").getByRole("button");
    const choose = async (item: string) => {
      await page.getByLabel("Conversation options").click();
      await menuItems()
        .filter({ hasText: new RegExp(`^${item}$`) })
        .click();
    };
    const toast = page.getByRole("status").filter({ hasText: / is now / });
    const notice = (verb: string) =>
      page.getByText(new RegExp(`^You have ${verb} .+ and cannot reply to this conversation\\.$`));
    const flag = async () => {
      await page.goto("/inbox");
      const row = page
        .getByRole("listitem")
        .filter({ has: page.locator('a[href="/inbox/demo_reader"]') });
      return (await row.locator(".thread__flag").allTextContents()).join("");
    };
    try {
      await page.goto("/inbox/demo_reader");
      // A message still on its way as the reader turns to the menu does not, once sent, pull
      // focus back to the box (which would close the menu under them).
      let deliver = () => {};
      const delivered = new Promise<void>((resolve) => {
        deliver = resolve;
      });
      await page.route("**/inbox/demo_reader", async (route) => {
        if (route.request().method() === "POST") await delivered;
        await route.fallback();
      });
      const word = `A word from the ambassador ${Date.now()}`;
      await send(page, word);
      await page.getByLabel("Conversation options").click();
      deliver();
      await sentMessage(page, word).waitFor();
      await page.unroute("**/inbox/demo_reader");
      // The name that opens the profile and a message's Delete are 44 px to a finger.
      expect(await smallTargets(page.locator(".conversation__who, .message__delete"))).toEqual([]);
      expect(
        await page
          .getByLabel("Conversation options")
          .evaluate((node) => node === document.activeElement),
      ).toBe(true);
      expect(await menuItems().allTextContents()).toEqual([
        "Mute",
        "Block",
        "Report",
        "Delete Conversation",
      ]);
      await expectNoAxeViolations(page, "the conversation menu at 360 px");
      // Escape closes it, as it does the header's menus, and focus is back on its button.
      await page.keyboard.press("Escape");
      expect(await menuItems().first().isVisible()).toBe(false);
      expect(
        await page
          .getByLabel("Conversation options")
          .evaluate((node) => node === document.activeElement),
      ).toBe(true);

      await choose("Mute");
      const confirm = page.getByRole("dialog", { name: /^Mute .+\?$/ });
      await confirm.waitFor();
      // Its bare question sits as far from the title and the buttons as other modals' text.
      expect(await confirmationGaps(confirm)).toEqual([16, 16]);
      await expectNoAxeViolations(page, "the mute confirmation");
      // The notice that takes the composer's place speaks in a region already on the page.
      const noticeRegion = await page.locator(".conversation__notice").elementHandle();
      if (!noticeRegion) throw new Error("the conversation has its notice's region");
      expect(await noticeRegion.textContent()).toBe("");
      await confirm.getByRole("button", { name: "Mute" }).click();
      await expect
        .poll(() => noticeRegion.textContent())
        .toMatch(/^You have muted .+ and cannot reply to this conversation\.$/);
      await toast
        .filter({ hasText: /is now muted\. You can unmute them at any time\.$/ })
        .waitFor();
      await notice("muted").waitFor();
      expect(await composer(page).count()).toBe(0);
      // The item pressed went with the menu: focus is back on the menu's button, not lost.
      expect(
        await page
          .getByLabel("Conversation options")
          .evaluate((node) => node === document.activeElement),
      ).toBe(true);
      expect(await flag()).toBe("Muted");

      await page.goto("/inbox/demo_reader");
      await notice("muted").waitFor();
      await choose("Unmute");
      await toast
        .filter({ hasText: /is now unmuted\. You can mute them at any time\.$/ })
        .waitFor();
      await composer(page).waitFor();
      expect(await flag()).toBe("");

      await page.goto("/inbox/demo_reader");
      await choose("Block");
      await page
        .getByRole("dialog", { name: /^Block .+\?$/ })
        .getByRole("button", { name: "Block" })
        .click();
      await notice("blocked").waitFor();
      await page.getByLabel("Conversation options").click();
      expect(await menuItems().allTextContents()).toEqual([
        "Unblock",
        "Report",
        "Delete Conversation",
      ]);
      await page.getByLabel("Conversation options").click();
      expect(await flag()).toBe("Blocked");
      await expectNoAxeViolations(page, "the thread list with a blocked user at 360 px");

      await page.goto("/inbox/demo_reader");
      await choose("Unblock");
      await page
        .getByRole("dialog", { name: /^Unblock .+\?$/ })
        .getByRole("button", { name: "Unblock" })
        .click();
      await composer(page).waitFor();
      expect(await flag()).toBe("");
    } finally {
      await a.close();
    }
  });

  test("Show more conversations hands focus to the first one it added; a load the scroll began moves none", async () => {
    const username = "many_conversations";
    const context = await browsers.newContext({
      viewport: { width: 360, height: 400 },
      baseURL: server.url,
    });
    try {
      const page = await context.newPage();
      await signUp(page, username);
      await verifyEmail(page, username);
      // Eleven conversations started, more than the inbox's first page of ten.
      const others = readDatabase<{ username: string }>(
        server.dataDir,
        "SELECT username FROM users WHERE username NOT LIKE 'demo_%' AND is_staff = 0 ORDER BY id LIMIT 40",
      );
      let started = 0;
      for (const { username: other } of others) {
        if (started === 11) break;
        const status = await page.evaluate(
          async ({ me, other }) =>
            (
              await fetch(`/api/v3/users/${me}/inbox/${other}`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ sender: me, recipient: other, body: "Hello there" }),
              })
            ).status,
          { me: username, other },
        );
        if (status === 200 || status === 201) started++;
      }
      expect(started).toBe(11);

      const rows = page.locator(".inbox__threads > li");
      const firstOfSecondPage = () =>
        page.evaluate(
          () =>
            document.activeElement ===
            document.querySelectorAll(".inbox__threads > li")[10]?.querySelector("a[href]"),
        );
      // Reached by keyboard, the button scrolls into view and the next page lands there.
      await page.goto("/inbox");
      await page.locator("[data-hydrating]").first().waitFor({ state: "detached" });
      expect(await rows.count()).toBe(10);
      await page.getByRole("button", { name: "Show more conversations" }).focus();
      await expect.poll(firstOfSecondPage).toBe(true);

      // Scrolled to by the wheel, with focus elsewhere, the page lands and focus stays put
      // (a new tab: the same one would come back scrolled to where it was).
      const scrolled = await context.newPage();
      await scrolled.goto("/inbox");
      await scrolled.locator("[data-hydrating]").first().waitFor({ state: "detached" });
      const scrolledRows = scrolled.locator(".inbox__threads > li");
      expect(await scrolledRows.count()).toBe(10);
      await scrolled.mouse.wheel(0, 3000);
      await expect.poll(() => scrolledRows.count()).toBe(11);
      expect(await scrolled.evaluate(() => document.activeElement === document.body)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
