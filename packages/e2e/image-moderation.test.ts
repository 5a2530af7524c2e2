import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  smallTargets,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { restoreAppealed } from "./support/image-appeals.ts";
import { useServer } from "./support/server.ts";

const server = useServer();

/** A 1 × 1 PNG, as the base64 an upload sends. */
const TINY_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const { withPage } = useBrowser();

/** demo_writer's first story (or the one at `index`) and its cover. */
async function writersStory(index = 0) {
  const response = await fetch(
    `${server.url}/api/v3/users/demo_writer/stories?limit=${index + 1}&fields=stories(id,title,cover)`,
  );
  const { stories } = (await response.json()) as {
    stories: { id: number; title: string; cover: string | null }[];
  };
  const story = stories[index];
  if (!story?.cover) throw new Error(`demo_writer has no story ${index + 1} with a cover`);
  return { ...story, cover: story.cover };
}

async function signInAt(page: Page, username: string, path: string) {
  await logInAt(page, username, path);
}

/** A JSON call from the page, as its own scripts make them (same origin, its cookies). */
const postFromPage = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([url, json]) =>
      (
        await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: json,
        })
      ).status,
    [path, JSON.stringify(body)] as const,
  );

/** Whether the story page shows the cover image itself (not the titled placeholder). */
const showsCover = async (page: Page, cover: string) =>
  (await page.locator(`.story-header img[src^="${cover}"]`).count()) > 0;

describe("image moderation", () => {
  test("a flagged cover: hidden from readers, appealed once by its writer, restored by an admin", async () => {
    const story = await writersStory();
    const storyPath = `/story/${story.id}`;

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_admin", storyPath);
      const panel = page.locator("details.staff-admin");
      await panel.locator("summary").click();
      await (await untilHydrated(panel.getByRole("button", { name: "Remove cover" }))).click();
      await page
        .getByRole("dialog", { name: "Remove this story's cover?" })
        .getByRole("button", { name: "Remove cover" })
        .click();
      // The button went with the cover: the keyboard is on the line that says so.
      const removed = panel.getByText("Cover removed", { exact: true });
      await expect
        .poll(() => removed.evaluate((line) => line === document.activeElement))
        .toBe(true);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(storyPath);
      await page.getByRole("heading", { name: story.title, level: 1 }).waitFor();
      expect(await showsCover(page, story.cover)).toBe(false);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_writer", storyPath);
      await page.getByText("Only you can see this cover").waitFor();
      expect(await showsCover(page, story.cover)).toBe(true);
      await expectNoAxeViolations(page, "the writer's story page with a flagged cover at 360 px");
      await page.goto(`/myworks/${story.id}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      await page
        .locator(".cover-picker")
        .getByText("This image has been deemed unsafe and will only be visible to you.")
        .waitFor();
      await page.goto(storyPath);
      await page.locator(".banned-cover").getByRole("link", { name: "Appeal" }).click();

      await page.getByRole("heading", { name: "Appeal a hidden image" }).waitFor();
      const send = page.getByRole("button", { name: "Send" });
      expect(await send.isDisabled()).toBe(true);
      const reason = page.getByLabel("Why should this image be restored?");
      await reason.fill("It is a watercolour of a lighthouse I painted myself.");
      expect(await page.getByText(/^\d+ characters left$/).textContent()).toBe(
        `${435 - "It is a watercolour of a lighthouse I painted myself.".length} characters left`,
      );
      await expectNoAxeViolations(page, "the image appeal form at 360 px");
      await send.click();
      const thanks = page.getByRole("heading", { name: "Thank you, we've received your appeal" });
      await thanks.waitFor();
      // The form and its Send are gone: focus is on the words that say it was received.
      expect(await thanks.evaluate((heading) => heading === document.activeElement)).toBe(true);
      await page.getByRole("link", { name: "OK, got it" }).click();
      await page.waitForURL(`${server.url}/inbox/InkwellSupport`);
      await page.getByText("We've received your appeal of a flagged image.").waitFor();

      await page.goto(`/image-appeal?image_url=${encodeURIComponent(story.cover)}`);
      await page.getByLabel("Why should this image be restored?").fill("Please look again.");
      await page.getByRole("button", { name: "Send" }).click();
      await page
        .getByRole("alert")
        .filter({
          hasText:
            "This image has already been appealed. Once a decision has been made, we will notify you.",
        })
        .waitFor();

      // Typed by hand, an address naming no flagged image of theirs is no dead end of a form
      // bound to fail: it is the site's 404, which says so and leads home.
      for (const address of [
        "/image-appeal",
        `/image-appeal?image_url=${encodeURIComponent("/media/covers/no-such-image.jpg")}`,
      ]) {
        expect((await page.goto(address))?.status(), address).toBe(404);
        await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
        expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
        await page.getByRole("link", { name: "Go home" }).click();
        await page.getByRole("heading", { name: "Your home", level: 1 }).waitFor();
      }
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_admin", "/admin/image_appeals");
      // Named by the story the cover is on, linked by its title, with who appealed.
      const appeal = page.getByRole("listitem", { name: story.title });
      await appeal.getByText("It is a watercolour of a lighthouse I painted myself.").waitFor();
      expect(
        await appeal.getByRole("link", { name: story.title, exact: true }).getAttribute("href"),
      ).toBe(`/story/${story.id}`);
      await appeal.getByText("Appealed by demo_writer", { exact: true }).waitFor();
      await expectNoAxeViolations(page, "the image appeals queue at 1280 px");
      await restoreAppealed(appeal);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(storyPath);
      expect(await showsCover(page, story.cover)).toBe(true);
    });
  });

  test("a flagged picture in a part: gone for readers, marked for its writer", async () => {
    // The second story: the first one's cover is the other journey's.
    const response = await fetch(
      `${server.url}/api/v3/users/demo_writer/stories?limit=2&fields=stories(id)`,
    );
    const story = ((await response.json()) as { stories: { id: number }[] }).stories[1];
    if (!story) throw new Error("demo_writer has fewer than two stories");
    const { firstPartId } = (await (
      await fetch(`${server.url}/api/v3/stories/${story.id}?fields=firstPartId`)
    ).json()) as { firstPartId: number };
    const partPath = `/${firstPartId}`;
    let picture = "";

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_writer", partPath);
      picture = await page.evaluate(
        async ([partId, image]) => {
          const send = async (method: string, url: string, body: unknown) => {
            const response = await fetch(url, {
              method,
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
            });
            if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
            return response.json();
          };
          const { url } = await send("POST", `/v4/parts/${partId}/images`, { image });
          const current = await (await fetch(`/apiv2/storytext?id=${partId}&output=json`)).json();
          await send("PUT", `/v4/parts/${partId}`, {
            text: `<p>A picture I took:</p><p><img src="${url}" alt=""></p>${current.text}`,
            text_hash: current.text_hash,
          });
          await send("POST", `/v4/parts/${partId}/publish-changes`, {});
          return url as string;
        },
        [firstPartId, TINY_PNG] as const,
      );
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_admin", partPath);
      expect(await page.locator(`.reader__text img[src="${picture}"]`).count()).toBe(1);
      expect(await postFromPage(page, "/v5/image_moderation/flags", { image_url: picture })).toBe(
        201,
      );
      await page.reload();
      await page.locator(".reader__text p").first().waitFor();
      expect(await page.locator(`.reader__text img[src="${picture}"]`).count()).toBe(0);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_writer", partPath);
      const notice = page.getByRole("note").filter({
        hasText: "This image has been deemed unsafe and will only be visible to you.",
      });
      await notice.waitFor();
      expect(await page.locator(`.reader__text img[src="${picture}"]`).count()).toBe(1);
      expect(await notice.getByRole("link", { name: "Appeal" }).getAttribute("href")).toBe(
        `/image-appeal?image_url=${encodeURIComponent(picture)}`,
      );
      await expectNoAxeViolations(page, "the writer's part with a flagged picture at 360 px");

      // In the editor the notice stays until the picture leaves the text.
      await page.goto(`/myworks/${story.id}/write/${firstPartId}`);
      await notice.waitFor();
      await page.locator(`.part-editor__text img[src="${picture}"]`).evaluate((img) => {
        const text = img.closest(".part-editor__text");
        img.remove();
        text?.dispatchEvent(new InputEvent("input", { bubbles: true }));
      });
      await notice.waitFor({ state: "detached" });
    });
  });

  test("at 360 px a moderator is asked before an appeal's decision, which can't be undone", async () => {
    // The third story: the first two are the other journeys'.
    const story = await writersStory(2);
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_admin", "/admin/image_appeals");
      expect(
        await postFromPage(page, "/v5/image_moderation/flags", { image_url: story.cover }),
      ).toBe(201);
    });
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_writer", `/story/${story.id}`);
      expect(
        await postFromPage(page, "/v5/image_moderation/appeal", {
          image_url: story.cover,
          reason: "My own photograph.",
        }),
      ).toBe(200);
    });

    await withPage({ viewport: PHONE, colorScheme: "dark", baseURL: server.url }, async (page) => {
      await signInAt(page, "demo_ambassador", "/admin/image_appeals");
      const appeal = page.getByRole("listitem", { name: story.title });
      await appeal.getByText("My own photograph.").waitFor();
      // The story's link is 44 px to a finger; the cover keeps its own shape (512 × 800), not
      // stretched to the item; the lines stand the body's gap apart, not a paragraph's margin.
      expect(await smallTargets(appeal.getByRole("link", { name: story.title }))).toEqual([]);
      const cover = await appeal.locator("img").boundingBox();
      expect(Math.round(cover?.height ?? 0)).toBe(Math.round(((cover?.width ?? 0) * 800) / 512));
      const [by, reason] = await Promise.all([
        appeal.getByText("Appealed by demo_writer").boundingBox(),
        appeal.getByText("My own photograph.").boundingBox(),
      ]);
      expect(Math.round((reason?.y ?? 0) - (by?.y ?? 0) - (by?.height ?? 0))).toBe(8);
      const keepHidden = appeal.getByRole("button", { name: "Keep hidden" });
      await untilHydrated(keepHidden);
      await keepHidden.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Keep this image hidden?" });
      await dialog
        .getByText(
          "Only demo_writer will see it, and the appeal is closed: they can't appeal this image again.",
        )
        .waitFor();
      await expectNoAxeViolations(page, "the appeal decision's confirmation at 360 px, dark");
      // Not yet: nothing is decided, and focus is back on the button that asked.
      await dialog.getByRole("button", { name: "Not yet" }).press("Enter");
      await dialog.waitFor({ state: "hidden" });
      expect(await keepHidden.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.reload();
      await keepHidden.waitFor();

      await untilHydrated(keepHidden);
      await keepHidden.click();
      await dialog.getByRole("button", { name: "Keep hidden" }).click();
      const outcome = appeal.getByRole("status");
      await outcome.filter({ hasText: "Kept hidden." }).waitFor();
      // The buttons are gone: focus is on the line saying what was done, not the page.
      expect(await outcome.evaluate((line) => line === document.activeElement)).toBe(true);
      await page.reload();
      await page.getByRole("heading", { name: "Image appeals", level: 1 }).waitFor();
      expect(await page.getByText("My own photograph.").count()).toBe(0);
    });
  });

  test("the appeals queue is not there for readers", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      expect((await page.goto("/admin/image_appeals"))?.status()).toBe(404);
    });
  });
});
