import { PROFILE_MESSAGES_PAGE_SIZE } from "@inkwell/shared";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  PHONE,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

const PROFILE = "/user/demo_writer";
const WRITERS = "Ask me anything about the next part!";
const READERS = "Loved <b>the ending</b>, @demo_writer";

async function openProfileAs(page: Page, username: string, profile = PROFILE) {
  await logInAt(page, username, profile);
}

const conversations = (page: Page) =>
  page.getByRole("region", { name: "Conversations", exact: true });
const thread = (page: Page, text: string) =>
  conversations(page).locator(".profile-message-thread").filter({ hasText: text });

async function post(page: Page, text: string) {
  const section = conversations(page);
  await section.getByLabel(/^Message on /).fill(text);
  await section.getByRole("button", { name: "Post", exact: true }).click();
}

describe("Conversations on a profile", () => {
  test("Show more messages hands focus to the first message it added", async () => {
    const profile = "/user/demo_ambassador";
    // Eleven messages, more than a page: posting allows ten a minute per account.
    const postAs = async (username: string, bodies: string[]) =>
      withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
        await openProfileAs(page, username, profile);
        for (const body of bodies) {
          const status = await page.evaluate(
            async (text) =>
              (
                await fetch("/api/v3/users/demo_ambassador/messages", {
                  method: "POST",
                  headers: { accept: "application/json", "content-type": "application/json" },
                  body: JSON.stringify({ body: text }),
                })
              ).status,
            body,
          );
          expect(status).toBe(201);
        }
      });
    await postAs("demo_writer", ["The oldest message"]);
    await postAs(
      "demo_admin",
      Array.from({ length: PROFILE_MESSAGES_PAGE_SIZE }, (_, n) => `Message ${n + 1}`),
    );

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_reader", profile);
      const threads = conversations(page).locator(".profile-message-thread");
      expect(await threads.count()).toBe(PROFILE_MESSAGES_PAGE_SIZE);
      const more = await untilHydrated(
        conversations(page).getByRole("button", { name: "Show more messages" }),
      );
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => threads.count()).toBe(PROFILE_MESSAGES_PAGE_SIZE + 1);
      // The first new message's author, where reading goes on.
      const firstNew = threads.nth(PROFILE_MESSAGES_PAGE_SIZE);
      expect(await firstNew.textContent()).toContain("The oldest message");
      const author = firstNew.getByRole("link", { name: "Wren Writer", exact: true });
      expect(await author.evaluate((link) => link === document.activeElement)).toBe(true);
    });
  });

  test("a reader posts on a writer's profile and replies, a too-long message is refused, the writer deletes one", async () => {
    // The writer opens the conversation on their own profile.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_writer");
      await conversations(page)
        .getByText("No conversations yet. Post a message for your readers.")
        .waitFor();
      await post(page, WRITERS);
      await thread(page, WRITERS).waitFor();
      expect(
        await conversations(page)
          .getByLabel(/^Message on /)
          .inputValue(),
      ).toBe("");
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_reader");
      // A new message comes first, its text shown as written and its mention linked.
      await post(page, READERS);
      const first = conversations(page).locator(".profile-message-thread").first();
      await expect.poll(() => first.textContent()).toContain(READERS);
      expect(await first.getByRole("link", { name: "@demo_writer" }).getAttribute("href")).toBe(
        "/user/demo_writer",
      );
      await conversations(page).getByText("2 messages").waitFor();

      // A reply to the writer's message, by keyboard: Enter opens the box, Ctrl+Enter posts.
      const writers = thread(page, WRITERS);
      await writers.getByRole("button", { name: "Reply to Wren Writer" }).focus();
      await page.keyboard.press("Enter");
      const replyBox = writers.getByLabel("Your reply to Wren Writer");
      await expect
        .poll(() => replyBox.evaluate((box) => box === document.activeElement))
        .toBe(true);
      await page.keyboard.type("Will there be a map?");
      await page.keyboard.press("Control+Enter");
      await writers
        .locator(".profile-message--reply")
        .filter({ hasText: "Will there be a map?" })
        .waitFor();
      expect(await replyBox.count()).toBe(0);

      // Over 2,000 characters: the counter turns, the post is refused, the text stays.
      const tooLong = "x".repeat(2001);
      await post(page, tooLong);
      await conversations(page)
        .getByRole("alert")
        .filter({ hasText: "A message can have at most 2,000 characters." })
        .waitFor();
      const composer = conversations(page).getByLabel(/^Message on /);
      expect(await composer.inputValue()).toBe(tooLong);
      expect(await composer.getAttribute("aria-invalid")).toBe("true");
      expect(await conversations(page).getByText("2,001 of 2,000 characters").count()).toBe(1);
      await expectNoAxeViolations(page, "Conversations with an error at 1280 px");

      // A Report on someone else's message opens the report modal's public-message flow.
      await writers.getByRole("button", { name: "Report message by Wren Writer" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this post" });
      await dialog.getByRole("button", { name: "Hate speech" }).click();
      await dialog.getByLabel("Tell us what happened").fill("Testing the report of a post.");
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.getByRole("heading", { name: "Thank you for your report" }).waitFor();
      await dialog.getByRole("button", { name: "Done" }).click();
      // Nobody reports their own message.
      expect(
        await thread(page, READERS)
          .getByRole("button", { name: /^Report message by / })
          .count(),
      ).toBe(0);
    });

    // On a phone, in the dark theme: the list, replies and a delete confirmation.
    await withPage({ viewport: PHONE, baseURL: server.url, colorScheme: "dark" }, async (page) => {
      await openProfileAs(page, "demo_reader");
      await thread(page, WRITERS).getByText("Will there be a map?").waitFor();
      await expectNoAxeViolations(page, "Conversations at 360 px, dark");
      await thread(page, READERS)
        .getByRole("button", { name: "Delete message by Rae Reader" })
        .click();
      const confirm = page.getByRole("dialog", { name: "Delete this message?" });
      await expectNoAxeViolations(page, "the delete confirmation at 360 px, dark");
      // Cancel keeps it.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
      expect(await thread(page, READERS).count()).toBe(1);
    });

    // The writer deletes the reader's message on their profile, after confirming.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_writer");
      await thread(page, READERS)
        .getByRole("button", { name: "Delete message by Rae Reader" })
        .click();
      const confirm = page.getByRole("dialog", { name: "Delete this message?" });
      await confirm
        .getByText("The message and its replies will be removed for everyone.")
        .waitFor();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect.poll(() => thread(page, READERS).count()).toBe(0);
      await conversations(page)
        .getByRole("status")
        .filter({ hasText: "Message deleted." })
        .waitFor();
      // Gone for good, and the writer's own thread stays.
      await page.reload();
      await thread(page, WRITERS).waitFor();
      expect(await thread(page, READERS).count()).toBe(0);
      await expectNoAxeViolations(page, "Conversations at 1280 px");
    });
  }, 150_000);

  test("Post keeps focus while it posts, and a second press sends nothing more", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_reader", "/user/demo_admin");
      let posts = 0;
      let release = () => {};
      const held = new Promise<void>((go) => {
        release = go;
      });
      await page.route("**/api/v3/users/demo_admin/messages", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts++;
        await held;
        await route.continue();
      });
      const section = conversations(page);
      await section.getByLabel(/^Message on /).fill("Is the sequel coming soon?");
      const button = section.locator("form").getByRole("button", { name: /^(Post|Posting)/ });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => posts).toBe(1);
      // Busy, the button says so and keeps focus; pressing it again does nothing.
      expect(await button.getAttribute("aria-disabled")).toBe("true");
      expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      release();
      await thread(page, "Is the sequel coming soon?").waitFor();
      expect(posts).toBe(1);
      expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);
    });
  });

  test("a visitor is asked to sign up before posting, and nothing is posted; text typed early is kept", async () => {
    const total = async () => {
      const response = await fetch(`${server.url}/api/v3/users/demo_writer/messages`);
      return ((await response.json()) as { total: number }).total;
    };
    const before = await total();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A slow phone: the message is typed before the page's scripts arrive, and kept.
      const release = await holdRequests(page, "**/assets/**/*.js");
      await page.goto(PROFILE, { waitUntil: "commit" });
      await conversations(page)
        .getByLabel(/^Message on /)
        .fill("Hello from a visitor");
      // Pressed now, the form would go the browser's way and reload the page, text and all.
      const button = conversations(page).getByRole("button", { name: "Post", exact: true });
      expect(await button.isDisabled()).toBe(true);
      release();
      await button.click();
      await page
        .getByRole("dialog", {
          name: "Sign up to comment and interact with the largest storytelling community",
        })
        .waitFor();
      expect(await thread(page, "Hello from a visitor").count()).toBe(0);
      // The text waits in the composer for after signing up.
      expect(
        await conversations(page)
          .getByLabel(/^Message on /)
          .inputValue(),
      ).toBe("Hello from a visitor");
    });
    expect(await total()).toBe(before);
  });

  test("the owner's fourth announcement in 24 hours is refused in the composer, the text kept", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openProfileAs(page, "demo_ambassador", "/user/demo_ambassador");
      for (const n of [1, 2, 3]) {
        await post(page, `Announcement ${n}`);
        await thread(page, `Announcement ${n}`).waitFor();
      }
      await post(page, "Announcement 4");
      await conversations(page)
        .getByRole("alert")
        .filter({ hasText: "You can post up to 3 announcements on your profile in 24 hours." })
        .waitFor();
      expect(await thread(page, "Announcement 4").count()).toBe(0);
      expect(
        await conversations(page)
          .getByLabel(/^Message on /)
          .inputValue(),
      ).toBe("Announcement 4");
      await expectNoAxeViolations(page, "an announcement refused at 360 px");
    });
  }, 90_000);
});
