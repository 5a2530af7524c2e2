import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  confirmationGaps,
  DESKTOP,
  expectNoAxeViolations,
  fingerSize,
  focusHydrated,
  holdRequests,
  logInAt,
  PHONE,
  tapsBeside,
  useBrowser,
} from "./support/browser.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";
import { signUp, verifyEmail } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

interface ListedStory {
  id: number;
  tags: string[];
  mature: boolean;
  user: { username: string; name: string };
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Ids on the first page of a tag, as a visitor's API call lists them. */
async function firstPageOf(tag: string): Promise<number[]> {
  const { stories } = await getJson<{ stories: { id: number }[] }>(
    `/api/v3/stories?${new URLSearchParams({ tag, filter: "hot", limit: "24", fields: "stories(id)" })}`,
  );
  return stories.map((story) => story.id);
}

/**
 * A popular story that is on the first page of one of its tags, `shownOn`, and carries
 * another tag, `other`: blocking `other` must take it off `shownOn`'s page.
 */
async function storyOnATagPage(skipAuthor?: string) {
  const { stories } = await getJson<{ stories: ListedStory[] }>(
    "/api/v3/stories?filter=hot&limit=50&fields=stories(id,tags,mature,user(username,name))",
  );
  for (const story of stories) {
    if (story.mature || story.user.username === skipAuthor || story.tags.length < 2) continue;
    const [shownOn, other] = story.tags;
    if (shownOn && other && (await firstPageOf(shownOn)).includes(story.id)) {
      return { ...story, shownOn, other };
    }
  }
  throw new Error("no popular story with two tags is on its first tag's first page");
}

const cardOf = (page: Page, storyId: number) => page.locator(`main a[href="/story/${storyId}"]`);

/**
 * Where Content Preferences' Blocked tags row puts its parts: whether Edit Tags sits beside the
 * heading, and whether the text under them (help, then the tags or the line saying there are
 * none) takes the row's whole width rather than the room the button leaves.
 */
const blockedTagsLayout = (page: Page) =>
  page.locator(".content-prefs__row--tags").evaluate((row) => {
    const heading = row.querySelector("h3");
    const button = row.querySelector(".button");
    if (!heading?.parentElement || !button) throw new Error("the row has its heading and button");
    const [top, bottom] = [heading.getBoundingClientRect(), button.getBoundingClientRect()];
    const width = row.getBoundingClientRect().width;
    const below = [...heading.parentElement.children].filter((child) => child !== heading);
    return {
      besideHeading: bottom.top < top.bottom && bottom.bottom > top.top,
      fullWidth: below.every((child) => Math.abs(child.getBoundingClientRect().width - width) < 1),
    };
  });

async function logInAsReader(page: Page, nextUrl: string) {
  await logInAt(page, "demo_reader", nextUrl);
}

/** Blocks a tag in Settings > Content Preferences, typed as a reader might ('#Tag'). */
async function blockTagInSettings(page: Page, tag: string) {
  await page.goto("/settings#content");
  await page.getByRole("button", { name: "Edit Tags" }).click();
  const input = page.getByPlaceholder("Separate tags with a space");
  await input.fill(`#${tag.toUpperCase()}`);
  await input.press(" ");
  await page.getByRole("button", { name: `Remove #${tag}` }).waitFor();
  await input.press("Escape");
  await page.getByRole("button", { name: "Apply Changes" }).click();
  await page.getByText("Your content preferences were updated.").waitFor();
}

/** A new reader (no blocked tags but the ones typed here) in the Blocked Tags editor: its input. */
async function newReaderEditingTags(page: Page, username: string): Promise<Locator> {
  await signUp(page, username);
  await page.goto("/settings#content");
  await page.getByRole("button", { name: "Edit Tags" }).click();
  return page.getByPlaceholder("Separate tags with a space");
}

/** A JSON call from the page, as its own scripts make them (same origin, its cookies). */
const sendFromPage = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([verb, url, json]) =>
      (
        await fetch(url, {
          method: verb,
          headers: { "content-type": "application/json" },
          ...(json !== null && { body: json }),
        })
      ).status,
    [method, path, body === undefined ? null : JSON.stringify(body)] as const,
  );

/** Presses Block or Unblock on a profile, confirms it, and waits for the page to say so. */
async function confirmOnProfile(page: Page, verb: "Block" | "Unblock", name: string) {
  await page.getByRole("button", { name: verb, exact: true }).first().click();
  await page
    .getByRole("dialog", { name: `${verb} ${name}?` })
    .getByRole("button", { name: verb, exact: true })
    .click();
  const undo = verb === "Block" ? "unblock" : "block";
  await page
    .getByText(`${name} is now ${verb.toLowerCase()}ed. You can ${undo} them at any time.`)
    .waitFor();
}

describe("safety", () => {
  test("blocking a writer from their profile takes their stories off a tag page, until unblocked", async () => {
    const story = await storyOnATagPage("demo_reader");
    const { username, name } = story.user;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, `/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();

      await page.goto(`/user/${username}`);
      await page.getByLabel(`Options for ${name}`).click();
      await page.getByRole("button", { name: "Block", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: `Block ${name}?` });
      // Its bare question sits as far from the title and the buttons as other modals' text.
      await confirm.waitFor();
      expect(await confirmationGaps(confirm)).toEqual([16, 16]);
      await confirm.getByRole("button", { name: "Block", exact: true }).click();
      await page.getByText(`${name} is now blocked. You can unblock them at any time.`).waitFor();
      // The menu that started it is gone: focus is on the line that says what happened.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(`${name} is now blocked. You can unblock them at any time.`);
      // The restricted profile: About, Conversations and Following, and an Unblock button.
      await page.getByText(`You blocked ${name}.`).waitFor();
      await page.getByRole("heading", { name: "Conversations" }).waitFor();
      expect(await page.getByRole("heading", { name: `Stories by ${name}` }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Follow", exact: true }).count()).toBe(0);
      // Their works still counted, and no invitation to post where one cannot.
      const works = page.locator(".profile-header__counts div", { hasText: "Works" }).locator("dd");
      expect(Number(await works.textContent())).toBeGreaterThan(0);
      expect(await page.getByText(/Be the first to post/).count()).toBe(0);
      await expectNoAxeViolations(page, "a blocked writer's restricted profile");

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, story.id).count()).toBe(0);

      await page.goto(`/user/${username}`);
      await page.getByRole("button", { name: "Unblock", exact: true }).first().click();
      const unblock = page.getByRole("dialog", { name: `Unblock ${name}?` });
      expect(await unblock.textContent()).toContain("30 minutes");
      await unblock.getByRole("button", { name: "Unblock", exact: true }).click();
      await page.getByText(`${name} is now unblocked. You can block them at any time.`).waitFor();
      await page.getByRole("heading", { name: `Stories by ${name}` }).waitFor();

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();
    });
  });

  test("blocking someone followed from their profile shows the follow ended, and Follow after unblocking", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "follow_then_block");
      await verifyEmail(page, "follow_then_block");
      await page.goto("/user/demo_writer");
      const followers = page
        .locator(".profile-header__counts > div")
        .filter({ hasText: "Followers" })
        .locator("dd");
      const before = await followers.textContent();
      const follow = page.getByRole("button", { name: "Follow", exact: true });
      await follow.click();
      const following = page.getByRole("button", { name: "Following", exact: true });
      await following.waitFor();
      expect(await followers.textContent()).not.toBe(before);

      await page.getByLabel("Options for Wren Writer").click();
      await confirmOnProfile(page, "Block", "Wren Writer");
      // The block ended the follow: the count says so, without a reload.
      await expect.poll(() => followers.textContent()).toBe(before);
      await confirmOnProfile(page, "Unblock", "Wren Writer");
      await follow.waitFor();
      expect(await follow.getAttribute("aria-pressed")).toBe("false");
      expect(await followers.textContent()).toBe(before);
    });
  });

  test("a tag blocked in settings takes its stories off another tag's page", async () => {
    const story = await storyOnATagPage("demo_reader");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAsReader(page, `/stories/${encodeURIComponent(story.shownOn)}`);
      await cardOf(page, story.id).first().waitFor();

      await page.goto("/settings#content");
      await page.getByRole("button", { name: "Edit Tags" }).waitFor();
      expect(await blockedTagsLayout(page)).toEqual({ besideHeading: true, fullWidth: true });
      await page.getByRole("button", { name: "Edit Tags" }).click();
      const input = page.getByPlaceholder("Separate tags with a space");
      await input.fill("featured");
      await input.press("Enter");
      await page.getByText("Oops! This tag can't be blocked.").waitFor();
      await input.fill(`#${story.other.toUpperCase()}`);
      await input.press(" ");
      const remove = page.getByRole("button", { name: `Remove #${story.other}` });
      await remove.waitFor();
      // The chip's small × is 44 px to a finger, across and down: it answers 6 px above it too.
      expect(await fingerSize(remove)).toEqual({ width: 44, height: 44 });
      expect(await tapsBeside(remove, "above", 6)).toBe(true);
      await expectNoAxeViolations(page, "the blocked tags editor");
      // Escape leaves the editor for the summary, which lists the new tag first.
      await input.press("Escape");
      await page.getByRole("button", { name: "Apply Changes" }).click();
      await page.getByText("Your content preferences were updated.").waitFor();
      const summary = page.getByRole("list", { name: "Blocked tags" });
      expect(await summary.getByRole("listitem").first().textContent()).toBe(`#${story.other}`);
      expect(await blockedTagsLayout(page)).toEqual({ besideHeading: true, fullWidth: true });

      await page.goto(`/stories/${encodeURIComponent(story.shownOn)}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, story.id).count()).toBe(0);
    });
  });

  test("blocking a writer hides their comments and takes their stories out of search, until unblocked", async () => {
    const { stories } = await getJson<{ stories: { id: number; title: string }[] }>(
      "/api/v3/users/demo_writer/stories?limit=1&fields=stories(id,title)",
    );
    const own = stories[0];
    if (!own) throw new Error("demo_writer has no published story");
    // A part of someone else's story, where demo_writer leaves a comment.
    const other = await storyOnATagPage("demo_writer");
    const { firstPartId } = await getJson<{ firstPartId: number }>(
      `/api/v3/stories/${other.id}?fields=firstPartId`,
    );
    const comment = `A comment to hide ${Date.now()}`;
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", `/${firstPartId}`);
      const posted = await sendFromPage(page, "POST", "/v5/comments", {
        resource: { namespace: "parts", resourceId: String(firstPartId) },
        text: comment,
      });
      expect(posted).toBe(201);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const comments = page.getByRole("region", { name: "Comments", exact: true });
      await logInAsReader(page, `/${firstPartId}`);
      await comments.getByText(comment).waitFor();
      await page.goto(`/search/${encodeURIComponent(own.title)}/stories`);
      await cardOf(page, own.id).first().waitFor();

      await page.goto("/user/demo_writer");
      await page.getByLabel("Options for Wren Writer").click();
      await page.getByRole("button", { name: "Block", exact: true }).click();
      await page
        .getByRole("dialog", { name: "Block Wren Writer?" })
        .getByRole("button", { name: "Block", exact: true })
        .click();
      await page.getByText("Wren Writer is now blocked.", { exact: false }).waitFor();

      await page.goto(`/${firstPartId}`);
      await comments.locator(".comment-thread, .comment-list__empty").first().waitFor();
      expect(await comments.getByText(comment).count()).toBe(0);
      await page.goto(`/search/${encodeURIComponent(own.title)}/stories`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, own.id).count()).toBe(0);

      await page.goto("/user/demo_writer");
      await page.getByRole("button", { name: "Unblock", exact: true }).first().click();
      await page
        .getByRole("dialog", { name: "Unblock Wren Writer?" })
        .getByRole("button", { name: "Unblock", exact: true })
        .click();
      await page.getByText("Wren Writer is now unblocked.", { exact: false }).waitFor();
      await page.goto(`/${firstPartId}`);
      await comments.getByText(comment).waitFor();
      await page.goto(`/search/${encodeURIComponent(own.title)}/stories`);
      await cardOf(page, own.id).first().waitFor();
    });
  });

  test("a blocked tag takes its stories off the home feed and out of search", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, "/home");
      const onHome = await page
        .locator('main a[href^="/story/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      const ids = [...new Set(onHome.map((href) => Number(href.split("/")[2])))];
      let target: { id: number; title: string; tag: string } | null = null;
      for (const id of ids) {
        const story = await getJson<{ title: string; tags: string[]; mature: boolean }>(
          `/api/v3/stories/${id}?fields=title,tags,mature`,
        );
        const tag = story.tags.find((name) => name !== "featured");
        if (!story.mature && tag) {
          target = { id, title: story.title, tag };
          break;
        }
      }
      if (!target) throw new Error("no story with a tag on demo_reader's home feed");
      await page.goto(`/search/${encodeURIComponent(target.title)}/stories`);
      await cardOf(page, target.id).first().waitFor();

      await blockTagInSettings(page, target.tag);

      await page.goto("/home");
      await page.locator('main a[href^="/story/"]').first().waitFor();
      expect(await cardOf(page, target.id).count()).toBe(0);
      await page.goto(`/search/${encodeURIComponent(target.title)}/stories`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await cardOf(page, target.id).count()).toBe(0);
      await sendFromPage(page, "PUT", "/v5/users/demo_reader/content-settings/blocked-tags", {
        blockedTags: [],
      });
    });
  });

  test("the mature gate opens Content Preferences: Escape leaves the editor, then the panel", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, "/settings");
      const listed = await page.request.get(
        "/api/v3/stories?filter=hot&limit=50&fields=stories(id,mature)",
      );
      const { stories } = (await listed.json()) as { stories: { id: number; mature: boolean }[] };
      const mature = stories.find((story) => story.mature);
      if (!mature) throw new Error("no mature story among the hottest 50");
      await page.request.put("/v5/users/demo_reader/content-settings/include-mature", {
        data: { includeMature: false },
      });

      await page.goto(`/story/${mature.id}`);
      const panel = page.getByRole("dialog", { name: "Content Preferences" });
      // The panel says it is loading, then, in the same place, that loading failed.
      const answerLoad = await holdRequests(page, "**/v5/users/*/content-settings", {
        method: "GET",
        answer: { status: 500, body: "{}" },
      });
      await page.getByRole("button", { name: "Content preferences" }).click();
      const failure = await panel.getByRole("alert").elementHandle();
      if (!failure) throw new Error("the panel has an alert region while it loads");
      expect(await panel.getByRole("status").textContent()).toBe(
        "Loading your content preferences…",
      );
      answerLoad();
      await expect
        .poll(() => failure.textContent())
        .toBe("Your content preferences could not be loaded. Please try again.");
      await page.unrouteAll();
      await page.reload();

      await page.getByRole("button", { name: "Content preferences" }).click();
      await panel.getByRole("button", { name: "Edit Tags" }).click();
      // Focus goes into the editor, and back to Edit Tags when it closes.
      const isFocused = (locator: Locator) =>
        locator.evaluate((node) => node === document.activeElement);
      const input = panel.getByPlaceholder("Separate tags with a space");
      await expect.poll(() => isFocused(input)).toBe(true);
      await input.press("Escape");
      await panel.getByRole("button", { name: "Edit Tags" }).waitFor();
      await expect
        .poll(() => isFocused(panel.getByRole("button", { name: "Edit Tags" })))
        .toBe(true);
      expect(await panel.isVisible()).toBe(true);
      await expectNoAxeViolations(page, "the Content Preferences panel");
      await page.keyboard.press("Escape");
      // The first close confirms where the settings live, once (the cookie remembers).
      const confirm = page.getByRole("dialog", { name: "Content Preferences saved" });
      await confirm.getByRole("button", { name: "OK" }).click();
      await page.getByRole("button", { name: "Content preferences" }).click();
      await panel.getByRole("button", { name: "Cancel" }).click();
      expect(await confirm.isVisible()).toBe(false);

      // Turning mature stories back on shows the story.
      await page.getByRole("button", { name: "Content preferences" }).click();
      const matureSwitch = panel.getByRole("switch", { name: "Show mature content" });
      await matureSwitch.click();
      // While it saves, the switch is loading (§2's variant) and a second press changes nothing.
      const answer = await holdRequests(page, "**/content-settings/include-mature");
      await panel.getByRole("button", { name: "Apply Changes" }).click();
      await expect.poll(() => matureSwitch.getAttribute("aria-busy")).toBe("true");
      expect(await matureSwitch.isDisabled()).toBe(true);
      // Pressed anyway (a tap does not wait for it to be enabled).
      await matureSwitch.click({ force: true });
      expect(await matureSwitch.getAttribute("aria-checked")).toBe("true");
      const loaded = page.waitForEvent("load");
      answer();
      await loaded;
      await page.getByRole("heading", { name: "This story is for mature readers" }).waitFor({
        state: "detached",
      });
    });
  });

  test("by keyboard, removing a blocked tag or taking a suggested one keeps focus in the editor", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const input = await newReaderEditingTags(page, "tags_reader");
      const focused = () =>
        page.evaluate(
          () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id,
        );
      await input.fill("horror");
      await input.press("Enter");
      await input.fill("vampire");
      await input.press("Enter");
      // The newest first: a removed chip hands focus to the one now in its place, the last
      // chip's to the input.
      await page.getByRole("button", { name: "Remove #vampire" }).press("Enter");
      expect(await focused()).toBe("Remove #horror");
      await page.keyboard.press("Enter");
      expect(await focused()).toBe(await input.getAttribute("id"));
      const suggestions = page.getByRole("region", { name: "Suggested Tags" }).getByRole("button");
      const [first, second] = await suggestions.evaluateAll((buttons) =>
        buttons.slice(0, 2).map((button) => button.textContent ?? ""),
      );
      await suggestions.first().press("Enter");
      await page.getByRole("button", { name: `Remove ${first}` }).waitFor();
      expect(await focused()).toBe(`Block ${second}`);
      await expectNoAxeViolations(page, "the blocked tags editor at 360 px");
    });
  });

  test("blocked tags in settings, applied or not yet, are still there after a look at another tab", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const input = await newReaderEditingTags(page, "tabs_reader");
      await input.fill("horror");
      await input.press("Enter");
      await input.press("Escape");
      await page.getByRole("button", { name: "Apply Changes" }).click();
      await page.getByText("Your content preferences were updated.").waitFor();

      await page.getByRole("link", { name: "Muted Accounts" }).click();
      await page.getByText("You haven't muted anyone.").waitFor();
      await page.getByRole("link", { name: "Content Preferences" }).click();
      // What was applied, not what the page loaded with: a second Apply would undo it.
      const blocked = page.getByRole("list", { name: "Blocked tags" }).getByRole("listitem");
      expect(await blocked.allTextContents()).toEqual(["#horror"]);

      // A tag typed but not applied yet waits for Apply through another tab too.
      await page.getByRole("button", { name: "Edit Tags" }).click();
      await input.fill("vampire");
      await input.press("Enter");
      await page.getByRole("link", { name: "Blocked Accounts" }).click();
      await page.getByText("You haven't blocked anyone.").waitFor();
      await page.getByRole("link", { name: "Content Preferences" }).click();
      await page.getByRole("button", { name: "Remove #vampire" }).waitFor();
      await input.press("Escape");
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith("/content-settings/blocked-tags") &&
          response.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Apply Changes" }).click();
      expect(((await (await saved).json()) as { blockedTags: string[] }).blockedTags).toEqual([
        "vampire",
        "horror",
      ]);
      expect(await blocked.allTextContents()).toEqual(["#vampire", "#horror"]);
      await expectNoAxeViolations(page, "Content Preferences at 360 px");
    });
  });

  test("by keyboard, Apply in settings says it worked and keeps focus, the mature switch included", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const input = await newReaderEditingTags(page, "apply_reader");
      const apply = page.getByRole("button", { name: "Apply Changes" });
      const status = page.getByRole("status").filter({ hasText: /./ });
      const onApply = () => apply.evaluate((button) => button === document.activeElement);
      await input.fill("horror");
      await input.press("Enter");
      // A spinner stands in for Apply while it works; focus comes back to Apply, not the page.
      await apply.focus();
      await page.keyboard.press("Enter");
      await status.getByText("Your content preferences were updated.").waitFor();
      expect(await onApply()).toBe(true);

      // Mature stories change what every page shows, and still the panel says it was done.
      const mature = page.getByRole("switch", { name: "Show mature content" });
      await mature.press("Space");
      expect(await mature.getAttribute("aria-checked")).toBe("false");
      await apply.focus();
      await page.keyboard.press("Enter");
      await status.getByText("Your content preferences were updated.").waitFor();
      expect(await onApply()).toBe(true);
      await page.reload();
      expect(await mature.getAttribute("aria-checked")).toBe("false");
    });
  });

  test("a failed mute shows the server's message only for a refusal (code 467)", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAsReader(page, "/user/demo_writer");
      /** Mutes the writer from their profile, the call answered with `status` and `body`. */
      const muteAnswered = async (status: number, body: object) => {
        await page.unroute("**/apiv2/ignoreuser?*");
        await page.route("**/apiv2/ignoreuser?*", (route) => route.fulfill({ status, json: body }));
        await page.getByLabel("Options for Wren Writer").click();
        await page.getByRole("button", { name: "Mute", exact: true }).click();
        const confirm = page.getByRole("dialog", { name: "Mute Wren Writer?" });
        await confirm.getByRole("button", { name: "Mute", exact: true }).click();
      };

      // Anything else went wrong: its message is not the reader's, so the spec's apology.
      await muteAnswered(500, { code: 500, message: "SQLITE_BUSY: database is locked" });
      await page.getByText("There was an error muting this user. Please try again.").waitFor();
      expect(await page.getByText("SQLITE_BUSY").count()).toBe(0);

      // A refusal's message is written for the reader.
      await muteAnswered(400, {
        code: 467,
        error_code: "bad_request",
        message: "You can't mute yourself.",
      });
      await page.getByText("You can't mute yourself.").waitFor();
    });
  });

  test("on a phone the Blocked Accounts list keeps long names in the margins and focus on its pager", async () => {
    // Nine, one more than a page: the longest usernames, which are what could spill over.
    const longest = readDatabase<{ username: string }>(
      server.dataDir,
      "SELECT username FROM users WHERE username NOT LIKE 'demo_%' ORDER BY length(username) DESC, id LIMIT 9",
    ).map((row) => row.username);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "pager_reader");
      for (const username of longest) {
        expect(await sendFromPage(page, "POST", `/v4/users/${username}/blocks`)).toBe(200);
      }
      await page.goto("/settings#block");
      const list = page.getByRole("list", { name: "Blocked accounts" });
      await list.getByRole("listitem").first().waitFor();
      const spill = await list.evaluate((ul) => {
        const edge = ul.getBoundingClientRect().right;
        return [...ul.querySelectorAll("li")]
          .map((row) => row.getBoundingClientRect().right - edge)
          .filter((past) => past > 0.5);
      });
      expect(spill).toEqual([]);

      // The end of the pages leaves focus on the button pressed, announced unavailable.
      const next = page.getByRole("button", { name: "Next page" });
      const isFocused = (button: Locator) => button.evaluate((b) => b === document.activeElement);
      await focusHydrated(next);
      await page.keyboard.press("Enter");
      await page.getByText("Page 2 of 2").waitFor();
      expect(await list.getByRole("listitem").count()).toBe(1);
      expect(await isFocused(next)).toBe(true);
      expect(await next.getAttribute("aria-disabled")).toBe("true");
      await page.keyboard.press("Enter");
      expect(await page.getByText("Page 2 of 2").count()).toBe(1);
      await page.keyboard.press("Shift+Tab");
      const previous = page.getByRole("button", { name: "Previous page" });
      expect(await isFocused(previous)).toBe(true);
      await page.keyboard.press("Enter");
      await page.getByText("Page 1 of 2").waitFor();
      expect(await list.getByRole("listitem").count()).toBe(8);
      expect(await isFocused(previous)).toBe(true);

      // Each row's button names whom it unblocks, for a screen reader going from one to the next.
      expect(
        await list.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.textContent)),
      ).toEqual(
        longest
          .toReversed()
          .slice(0, 8)
          .map((username) => `Unblock ${username}`),
      );
      // Unblocking takes the row, and its button, away: focus goes to the words saying so.
      const newest = longest.at(-1) ?? "";
      await list.getByRole("button", { name: `Unblock ${newest}`, exact: true }).click();
      const confirm = page.getByRole("dialog", { name: `Unblock ${newest}?` });
      await confirm.getByRole("button", { name: "Unblock", exact: true }).click();
      const said = page.getByText(`${newest} is now unblocked. You can block them at any time.`);
      await said.waitFor();
      expect(await isFocused(said)).toBe(true);
    });
  });

  test("the settings tabs pass axe on a phone and a desktop", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await withPage({ viewport, baseURL: server.url }, async (page) => {
        await logInAsReader(page, "/settings");
        for (const [hash, heading] of [
          ["content", "Content Preferences"],
          ["mute", "Muted Accounts"],
          ["block", "Blocked Accounts"],
        ] as const) {
          await page.goto(`/settings#${hash}`);
          await page.getByRole("heading", { level: 2, name: heading }).waitFor();
          await expectNoAxeViolations(page, `settings #${hash} at ${viewport.width} px`);
        }
      });
    }
  });
});
