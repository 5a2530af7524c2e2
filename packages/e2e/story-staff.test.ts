import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  holdRequests,
  logInAt,
  PHONE,
  recordSpeech,
  smallTargets,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";

const server = useServer();
const { withPage } = useBrowser();

async function storyPath() {
  const [story] = await hotStories(server.url, 1);
  if (!story) throw new Error("no hot story");
  return { id: story.id, path: `/story/${story.id}` };
}

const lockPanel = (page: Page) => page.getByRole("complementary", { name: "Story lock" });
const adminPanel = (page: Page) => page.locator("details.staff-admin");

/** Any request for the staff panels' chunk: nobody but staff should make one. */
function watchStaffChunk(page: Page): () => boolean {
  let asked = false;
  page.on("request", (request) => {
    if (request.url().includes("staff-panels")) asked = true;
  });
  return () => asked;
}

describe("the story page's staff panels", () => {
  test("an admin changes the category, sees the check icon, and downloads the text", async () => {
    const { id, path } = await storyPath();
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", path);
      const lock = lockPanel(page);
      await lock.waitFor();
      await expect(
        lock.getByRole("link", { name: "Review this story's reports" }).getAttribute("href"),
      ).resolves.toBe(`/admin/community_reports?model_type=2&model_id=${id}&status=all`);

      const category = lock.getByLabel("Category");
      const current = await category.inputValue();
      const options = await category
        .locator("option:not([disabled])")
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      const other = options.find((value) => value !== current);
      if (!other) throw new Error("only one category");
      await category.selectOption(other);
      await lock.getByRole("button", { name: "Save" }).click();
      // "Saved" and its check icon come together, and go together 3 seconds on: waited for as
      // one, so a slow step between two checks cannot miss them.
      const status = lock
        .getByRole("status")
        .filter({ hasText: "Saved", has: page.locator("svg.staff-status__ok") });
      await status.waitFor();
      const view = await (await page.request.get(`/v5/admin/stories/${id}`)).json();
      expect(view.categoryId).toBe(Number(other));
      // The check icon goes after 3 seconds.
      await status.waitFor({ state: "detached", timeout: 5000 });

      const admin = adminPanel(page);
      await admin.locator("summary").click();
      await admin.getByText("Total reads by author").waitFor();
      await expectNoAxeViolations(page, "the staff panels at 1280 px");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        admin.getByRole("button", { name: "Download story text (.zip)" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`inkwell-story-${id}.zip`);
      const archive = await readFile(await download.path());
      expect(archive.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
      expect(archive.includes(Buffer.from("01 "))).toBe(true);
      // Still on the story: the download did not navigate away.
      expect(new URL(page.url()).pathname).toBe(path);
    });
  });

  test("a category staff set is locked: its writer sees it fixed, until staff unlock it", async () => {
    const mine = await (
      await fetch(`${server.url}/api/v3/users/demo_writer/stories?limit=1&fields=stories(id)`)
    ).json();
    const id = (mine as { stories: { id: number }[] }).stories[0]?.id;
    if (!id) throw new Error("demo_writer has no story");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (staff) => {
      await logInAt(staff, "demo_admin", `/story/${id}`);
      const lock = lockPanel(staff);
      const locked = lock.getByRole("checkbox", { name: /^Locked/ });
      await locked.waitFor();
      const category = lock.getByLabel("Category");
      const current = await category.inputValue();
      const other = await category
        .locator(`option:not([disabled]):not([value="${current}"])`)
        .first()
        .getAttribute("value");
      await category.selectOption(other ?? "");
      await lock.getByRole("button", { name: "Save" }).click();
      await lock.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      expect(await locked.isChecked()).toBe(true);

      await withPage({ viewport: PHONE, baseURL: server.url }, async (writer) => {
        await logInAt(writer, "demo_writer", `/myworks/${id}`);
        await writer.getByRole("tab", { name: "Story Details" }).click();
        const writerCategory = writer.getByLabel("Category");
        await writerCategory.waitFor();
        expect(await writerCategory.isDisabled()).toBe(true);
        expect(await writer.locator("#story-language").isDisabled()).toBe(true);
        expect(
          await writer
            .getByText("Inkwell staff set this story's language and category.", { exact: false })
            .isVisible(),
        ).toBe(true);
        await expectNoAxeViolations(writer, "a locked story's details at 360 px");

        await locked.uncheck();
        await lock.getByRole("button", { name: "Save" }).click();
        await expect
          .poll(async () => (await staff.request.get(`/v5/admin/stories/${id}`)).json())
          .toMatchObject({ locked: false });
        await writer.reload();
        await writer.getByRole("tab", { name: "Story Details" }).click();
        await writer.getByLabel("Category").waitFor();
        expect(await writer.getByLabel("Category").isDisabled()).toBe(false);
      });
    });
  });

  test("at 360 px the admin panel opens by keyboard and passes axe", async () => {
    const { path } = await storyPath();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", path);
      const summary = adminPanel(page).locator("summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      await adminPanel(page).getByText("Author age").waitFor();
      await expectNoAxeViolations(page, "the staff panels at 360 px");
      // Staff follow and tick these with a thumb: each link and checkbox is a 44 px target.
      expect(await smallTargets(page.locator(".staff-panel a, .staff-check"))).toEqual([]);
      // So is the staff's link to the story's reports under the report card's buttons.
      const reportCard = page.getByRole("complementary", {
        name: "Something wrong with this story?",
      });
      expect(await smallTargets(reportCard.getByRole("link", { name: "Reports" }))).toEqual([]);

      // No ads on this story: the page's ad slot goes at once and comes back when allowed.
      const ad = page.getByRole("complementary", { name: "Advertisement" });
      expect(await ad.count()).toBe(1);
      const noAds = adminPanel(page).getByRole("checkbox", { name: "No ads on this story" });
      await noAds.check();
      await expect.poll(() => ad.count()).toBe(0);
      await page.reload();
      expect(await ad.count()).toBe(0);
      await adminPanel(page).locator("summary").click();
      await noAds.uncheck();
      await expect.poll(() => ad.count()).toBe(1);
      const notes = adminPanel(page).getByRole("region", { name: "Admin notes" });
      await notes.getByText("Kept ads off the story.").waitFor();
    });
  });

  test("an admin keeps a note on the story at 360 px: listed at once and after a reload", async () => {
    const { path } = await storyPath();
    const note = `Writer asked to keep the cover (${Date.now()})`;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", path);
      const admin = adminPanel(page);
      await admin.locator("summary").click();
      const notes = admin.getByRole("region", { name: "Admin notes" });
      const add = notes.getByRole("button", { name: "Add note" });
      const box = notes.getByLabel("New note");
      // Add note can be pressed with nothing written: it says so on the field, saving nothing.
      const before = await notes.getByRole("listitem").count();
      await untilHydrated(add);
      await box.fill("   ");
      await add.press("Enter");
      const missing = notes.getByText("Write a note first.");
      await missing.waitFor();
      await expect.poll(() => box.evaluate((field) => field === document.activeElement)).toBe(true);
      expect(await box.getAttribute("aria-invalid")).toBe("true");
      const described = [notes.getByText("3 / 2,000"), missing, notes.getByRole("status")];
      const ids = await Promise.all(described.map((part) => part.getAttribute("id")));
      expect(await box.getAttribute("aria-describedby")).toBe(ids.join(" "));
      // In the colour errors have, not the muted one the side card gives its hint.
      const colour = (part: Locator) => part.evaluate((node) => getComputedStyle(node).color);
      expect(await colour(missing)).not.toBe(await colour(notes.getByText("3 / 2,000")));
      await expectNoAxeViolations(page, "an admin note asked for at 360 px");
      expect(await notes.getByRole("listitem").count()).toBe(before);

      await box.fill(note);
      expect(await missing.count()).toBe(0);
      expect(await box.getAttribute("aria-invalid")).toBeNull();
      await notes.getByText(`${note.length} / 2,000`).waitFor();
      await box.press("Tab");
      await page.keyboard.press("Enter");
      await notes.getByRole("listitem").filter({ hasText: note }).waitFor();
      await notes.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      expect(await box.inputValue()).toBe("");
      expect((await box.boundingBox())?.width).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page, "the admin notes at 360 px");

      await page.reload();
      await adminPanel(page).locator("summary").click();
      await adminPanel(page).getByRole("listitem").filter({ hasText: note }).waitFor();
      const byAdmin = adminPanel(page).getByRole("listitem").filter({ hasText: "demo_admin" });
      expect(await byAdmin.count()).toBeGreaterThan(0);
    });
  });

  test("a writer changes their story's rating, and an admin sees it in the rating history", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", "/myworks");
      const href = await page
        .getByRole("list", { name: "Your stories" })
        .getByRole("heading")
        .getByRole("link")
        .first()
        .getAttribute("href");
      const id = Number(href?.split("/").at(-1));
      await page.goto(`/myworks/${id}`);
      await page.getByRole("tab", { name: "Story Details" }).click();
      const mature = page.getByLabel("Mature");
      const becomes = !(await mature.isChecked());
      await mature.setChecked(becomes);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved", { exact: true }).waitFor();

      await withPage({ viewport: PHONE, baseURL: server.url }, async (staff) => {
        await logInAt(staff, "demo_admin", `/story/${id}`);
        const admin = adminPanel(staff);
        await admin.locator("summary").click();
        const history = admin.getByRole("region", { name: "Rating history" });
        const change = history.getByRole("listitem").filter({ hasText: "demo_writer" });
        await change.waitFor();
        const rating = becomes ? "Mature" : "Not mature";
        expect(await change.getByText(rating, { exact: true }).count()).toBe(1);
        await expectNoAxeViolations(staff, "the rating history at 360 px");
        await admin.getByRole("link", { name: "Rating history page" }).click();
        await staff.getByRole("heading", { name: "Rating history", level: 1 }).waitFor();
        expect(await smallTargets(staff.locator(".admin-page a"))).toEqual([]);
      });
    });
  });

  test("an admin marks another writer's story Mature from its Story Details at 360 px", async () => {
    // Not the story the other tests read: visitors meet a gate on this one afterwards.
    const story = (await hotStories(server.url, 4))[3];
    if (!story) throw new Error("fewer than four hot stories");
    const path = `/story/${story.id}`;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", path);
      await adminPanel(page).locator("summary").click();
      await adminPanel(page).getByRole("link", { name: "Edit story details" }).click();
      await page.waitForURL(`${server.url}/myworks/${story.id}`);
      const author = await page.request.get(`/v4/works/${story.id}`).then((r) => r.json());
      await page
        .getByText(`You are changing ${author.author}'s Story Details as Inkwell staff.`, {
          exact: false,
        })
        .waitFor();
      // The details alone: no table of contents, no Story Notes, no analytics.
      expect(await page.getByRole("tab").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Analytics" }).count()).toBe(0);
      await expectNoAxeViolations(page, "an admin's Story Details of another writer at 360 px");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      const mature = page.getByLabel("Mature");
      expect(await mature.isChecked()).toBe(false);
      await mature.check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved", { exact: true }).waitFor();

      await withPage({ viewport: PHONE, baseURL: server.url }, async (visitor) => {
        await visitor.goto(path);
        await visitor.getByRole("heading", { name: "This story is for mature readers" }).waitFor();
      });

      await page.goto(path);
      await adminPanel(page).locator("summary").click();
      const notes = adminPanel(page).getByRole("region", { name: "Admin notes" });
      await notes.getByText("Edited the story's details: rating.").waitFor();
      const history = adminPanel(page).getByRole("region", { name: "Rating history" });
      await history.getByRole("listitem").filter({ hasText: "demo_admin" }).waitFor();

      // The spec's admin links: the rating history has a page of its own…
      await history.getByRole("link", { name: "Rating history page" }).click();
      await page.waitForURL(`${server.url}/admin/story_rating_history.php?story_id=${story.id}`);
      await page.getByRole("heading", { level: 1, name: "Rating history" }).waitFor();
      const change = page.getByRole("main").getByRole("listitem").filter({ hasText: "demo_admin" });
      expect(await change.getByText("Mature", { exact: true }).count()).toBe(1);
      await expectNoAxeViolations(page, "the rating history page at 360 px");
      await page.getByRole("link", { name: "Back to the story" }).click();
      await page.waitForURL(`${server.url}/story/${story.id}`);
      // Opened from the staff tools, without a story, the page asks for one.
      await page.getByLabel("Account").click();
      await page
        .getByRole("navigation", { name: "Staff tools" })
        .getByRole("link", { name: "Story rating history" })
        .click();
      await page.waitForURL(`${server.url}/admin/story_rating_history.php`);
      await page.getByRole("heading", { level: 1, name: "Rating history" }).waitFor();
      const field = await untilHydrated(page.getByRole("textbox", { name: "Story" }));
      expect(await field.inputValue()).toBe("");
      expect(await page.getByRole("main").getByRole("listitem").count()).toBe(0);
      await expectNoAxeViolations(page, "the rating history page without a story at 360 px");
      const open = async (asked: string) => {
        await field.fill(asked);
        await page.getByRole("button", { name: "Open", exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get("story_id") === asked);
      };
      await open("the mature one");
      await page.getByText("That is neither a story's link nor its number.").waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      await open("987654321");
      await page.getByText("No story has that number.").waitFor();
      await expectNoAxeViolations(page, "the rating history page, no such story, at 360 px");
      await open(`${server.url}/story/${story.id}`);
      await change.getByText("Mature", { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Back to the story" }).getAttribute("href")).toBe(
        `/story/${story.id}`,
      );
      // …and content review is the story's reports in the staff queue.
      await page.goto(`/contentreview?groupid=${story.id}`);
      await page.waitForURL(
        `${server.url}/admin/community_reports?model_type=2&model_id=${story.id}&status=all`,
      );
    });
  });

  test("an ambassador at 360 px: Story lock saves the language arrow keys settle on, once, on Save; no admin panel", async () => {
    const story = (await hotStories(server.url, 3))[2];
    if (!story) throw new Error("fewer than three hot stories");
    const address = `/v5/admin/stories/${story.id}`;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const saves: unknown[] = [];
      page.on("request", (request) => {
        if (request.method() === "PATCH" && request.url().endsWith(address)) {
          saves.push(request.postDataJSON());
        }
      });
      await logInAt(page, "demo_ambassador", `/story/${story.id}`);
      const lock = lockPanel(page);
      const language = await untilHydrated(lock.getByLabel("Language"));
      const locked = lock.getByRole("checkbox", { name: /^Locked/ });
      const save = lock.getByRole("button", { name: "Save" });
      const wasLocked = await locked.isChecked();
      // Nothing to save, said each time Save is pressed: the line empties and says it again
      // (decision 131).
      const said = await recordSpeech(lock.getByRole("status"));
      const nothing = "Nothing to save: change the language, the category or the lock first.";
      await save.click();
      await expect.poll(said).toBe(`said: [${nothing}]`);
      await save.click();
      await expect.poll(said).toBe(`said: [${nothing}] [] [${nothing}]`);

      // Arrow keys pass three languages on the way: none of them is sent.
      const before = await language.inputValue();
      await language.focus();
      for (const _ of [1, 2, 3]) await page.keyboard.press("ArrowDown");
      const chosen = Number(await language.inputValue());
      expect(chosen).not.toBe(Number(before));
      expect(await locked.isChecked()).toBe(true);
      expect(saves).toEqual([]);

      // A second press while the first is under way sends nothing.
      const release = await holdRequests(page, `**${address}`, { method: "PATCH" });
      await save.click();
      await expect.poll(() => saves.length).toBe(1);
      await page.keyboard.press("Enter");
      expect(await save.getAttribute("aria-disabled")).toBe("true");
      release();
      await lock.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      expect(saves).toEqual([{ languageId: chosen, ...(!wasLocked && { locked: true }) }]);
      const view = await (await page.request.get(address)).json();
      expect(view).toMatchObject({ languageId: chosen, locked: true });
      await expectNoAxeViolations(page, "the Story lock panel at 360 px");
      expect(await adminPanel(page).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      // Put back as it was, by keyboard alone.
      await language.focus();
      for (const _ of [1, 2, 3]) await page.keyboard.press("ArrowUp");
      await locked.setChecked(wasLocked);
      await save.focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(async () => (await page.request.get(address)).json())
        .toMatchObject({ languageId: Number(before), locked: wasLocked });
      expect(saves).toHaveLength(2);

      const refused = await page.request.get(`/apiv2/storytext?group_id=${story.id}&output=zip`);
      expect(refused.status()).toBe(403);
      // Not for ambassadors, so not in their staff tools either.
      await page.getByLabel("Account").click();
      const staff = page.getByRole("navigation", { name: "Staff tools" });
      await staff.getByRole("link", { name: "Reports queue" }).waitFor();
      expect(await staff.getByRole("link", { name: "Story rating history" }).count()).toBe(0);
      const history = await page.goto(`/admin/story_rating_history.php?story_id=${story.id}`);
      expect(history?.status()).toBe(404);
      const unnamed = await page.goto("/admin/story_rating_history.php");
      expect(unnamed?.status()).toBe(404);
    });
  });

  test("a reader and a visitor see neither, and never download the panels", async () => {
    const { path } = await storyPath();
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      const askedForPanels = watchStaffChunk(page);
      await logInAt(page, "demo_reader", path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await lockPanel(page).count()).toBe(0);
      expect(await adminPanel(page).count()).toBe(0);
      expect(askedForPanels()).toBe(false);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const askedForPanels = watchStaffChunk(page);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await lockPanel(page).count()).toBe(0);
      expect(askedForPanels()).toBe(false);
    });
  });
});
