import {
  type CommentData,
  type CommentResource,
  formatAbsoluteDate,
  truncate,
} from "@inkwell/shared";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { recordedAdDecision } from "./support/ad-decisions.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  expectSaidEachTime,
  fingerSize,
  holdRequests,
  logInAt,
  nextFrames,
  PHONE,
  recordSpeech,
  tapsBeside,
  useBrowser,
} from "./support/browser.ts";
import { paragraphWords } from "./support/catalogue.ts";
import { readDatabase } from "./support/database.ts";
import { useServer } from "./support/server.ts";
import { signUpGate } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

/** The first part of one of demo_writer's stories, where the journeys join the demo's readers. */
let partId: number;
let partUrl: string;

beforeAll(async () => {
  const response = await fetch(`${server.url}/api/v3/users/demo_writer/stories?limit=1`);
  const { stories } = (await response.json()) as { stories: { firstPartId: number | null }[] };
  const first = stories[0]?.firstPartId;
  if (!first) throw new Error("demo_writer has no published story");
  partId = first;
  partUrl = `/${partId}`;
});

async function openPartAs(page: Page, username: string) {
  await logInAt(page, username, partUrl);
  await commentsLoaded(page);
}

/** The section has left its loading state (comments load in the browser, after hydration). */
async function commentsLoaded(page: Page) {
  await page.locator(".comment-thread, .comment-list__empty").first().waitFor();
}

/** The accessible name and description a screen reader gets for the element `selector` finds. */
async function spokenAs(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
    nodeId,
    fetchRelatives: false,
  });
  await cdp.detach();
  return { name: nodes[0]?.name?.value, description: nodes[0]?.description?.value };
}

const comments = (page: Page) => page.getByRole("region", { name: "Comments", exact: true });
const thread = (page: Page, text: string) =>
  comments(page).locator(".comment-thread").filter({ hasText: text });

async function post(scope: ReturnType<typeof comments>, label: string, text: string) {
  await scope.getByLabel(label).fill(text);
  await scope
    .getByRole("button", { name: label === "Your reply" ? "Reply" : "Comment", exact: true })
    .last()
    .click();
}

/** Joined to a part `p`: it is free, not mature, and published, like its story. */
const READABLE = `JOIN stories s ON s.id = p.story_id
   WHERE s.is_paid = 0 AND s.rating <> 4 AND s.draft = 0 AND s.deleted = 0
     AND p.draft = 0 AND p.deleted = 0`;

/** The first readable part `p` meets `condition` in, or an error naming what is missing. */
function readablePart(condition: string, missing: string): { id: number } {
  const [part] = readDatabase<{ id: number }>(
    server.dataDir,
    `SELECT p.id FROM parts p ${READABLE} AND ${condition} ORDER BY p.id LIMIT 1`,
  );
  if (!part) throw new Error(`the demo has no part with ${missing}`);
  return part;
}

/** How many threads part `p` has, its paragraphs' aside. */
const THREADS = `(SELECT count(*) FROM comments c WHERE c.part_id = p.id AND c.parent_id IS NULL
   AND c.paragraph_id IS NULL AND c.deleted = 0)`;

/** A readable part with 12 to 20 threads: a first set of ten, and a second to load. */
const partWithTwoSets = () => readablePart(`${THREADS} BETWEEN 12 AND 20`, "12-20 threads");

/** A readable part with more than two sets of threads, some with 5 replies or more. */
const partWithLongThreads = () =>
  readablePart(
    `${THREADS} > 20 AND EXISTS (SELECT 1 FROM comments c WHERE c.part_id = p.id
       AND c.paragraph_id IS NULL AND c.deleted = 0
       AND (SELECT count(*) FROM comments r WHERE r.parent_id = c.id AND r.deleted = 0) >= 5)`,
    "long threads in three sets",
  );

/** A readable part with comments on two of its paragraphs or more. */
const partWithParagraphComments = () =>
  readablePart(
    `(SELECT count(DISTINCT c.paragraph_id) FROM comments c WHERE c.part_id = p.id
       AND c.parent_id IS NULL AND c.deleted = 0) >= 2`,
    "comments on two paragraphs",
  );

/**
 * Opens part `id` with its comments held back; the function returned lets them come, and
 * resolves to the layout shift their arrival made, as Chromium measures it for CLS.
 */
async function openWhileCommentsLoad(page: Page, id: number): Promise<() => Promise<number>> {
  const release = await holdRequests(
    page,
    "**/v5/comments/namespaces/parts/resources/*/comments?*",
  );
  await page.goto(`/${id}`);
  await comments(page).getByText("Loading comments").waitFor();
  return async () => {
    // What the reader did meanwhile (a jump that grew the held room) is painted first: only
    // what the comments' arrival moves is measured.
    await nextFrames(page);
    await page.evaluate(() => {
      const page = window as unknown as { shifted: number };
      page.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          page.shifted += (entry as PerformanceEntry & { value: number }).value;
        }
      }).observe({ type: "layout-shift" });
    });
    release();
    await commentsLoaded(page);
    await nextFrames(page);
    return page.evaluate(() => (window as unknown as { shifted: number }).shifted);
  };
}

/**
 * Scrolls to the end of the part's first set of threads, which loads the second (scrolling,
 * not pressing Load more: the button may be gone, or load a third, by the time it is pressed).
 * Resolves to the part's threads.
 */
async function scrollToSecondSet(page: Page): Promise<Locator> {
  const threads = comments(page).locator(".comment-list > .comment-thread");
  await comments(page)
    .getByRole("button", { name: "Load more", exact: true })
    .scrollIntoViewIfNeeded();
  await expect.poll(() => threads.count()).toBeGreaterThan(10);
  return threads;
}

/** Follows a commenter's `link` to their profile and comes Back: resolves to the place left. */
async function leaveAndComeBack(page: Page, link: Locator): Promise<number> {
  await link.scrollIntoViewIfNeeded();
  const left = await scrolled(page);
  await link.click();
  await page.waitForURL(/\/user\//);
  await page.goBack();
  return left;
}

const scrolled = (page: Page) => page.evaluate(() => window.scrollY);

const footerTop = (page: Page) =>
  page.locator(".site-footer").evaluate((footer) => footer.getBoundingClientRect().top);

/** Posts `texts` on `resource` as demo account `username`: resolves to the comments' ids. */
async function postAs(username: string, resource: CommentResource, texts: string[]) {
  const ids: string[] = [];
  await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
    const login = await page.request.post("/login", {
      headers: { accept: "application/json" },
      data: { username, password: "inkwell-demo" },
    });
    expect(login.status()).toBe(200);
    for (const text of texts) {
      const answer = await page.request.post("/v5/comments", { data: { resource, text } });
      expect(answer.status()).toBe(201);
      ids.push(((await answer.json()) as CommentData).commentId.resourceId);
    }
  });
  return ids;
}

describe("comments on the reading page", () => {
  test("the writer comments; a reader posts, replies, likes and unlikes, comments on a paragraph and deletes; the writer deletes a reader's reply", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_writer");
      await post(comments(page), "Your comment", "Thanks for reading, everyone!");
      const writers = thread(page, "Thanks for reading, everyone!");
      await expect.poll(() => writers.getByText("Writer", { exact: true }).count()).toBe(1);
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_reader");

      // A new comment appears first, its text escaped and its mention linked.
      await post(comments(page), "Your comment", "Loved it, @demo_writer <b>really</b>");
      const first = comments(page).locator(".comment-thread").first();
      await expect
        .poll(() => first.textContent())
        .toContain("Loved it, @demo_writer <b>really</b>");
      expect(await first.getByRole("link", { name: "@demo_writer" }).getAttribute("href")).toBe(
        "/user/demo_writer",
      );

      // A reply to the writer's comment.
      const writers = thread(page, "Thanks for reading, everyone!");
      // Each comment's buttons name whose comment they act on, the visible word first.
      await writers.getByRole("button", { name: "Reply to Wren Writer", exact: true }).click();
      await post(writers, "Your reply", "You're welcome!");
      await expect.poll(() => writers.locator(".comment--reply").count()).toBe(1);
      const ownReply = writers.locator(".comment--reply");
      expect(
        await ownReply.getByRole("button", { name: /^Delete/ }).getAttribute("aria-label"),
      ).toBe(`Delete your own comment (${await ownReply.locator("time").textContent()})`);

      // A like, kept by the server.
      const like = writers.locator(".comment").first().getByRole("button", { name: /^Like/ });
      const liked = page.waitForResponse(
        (response) => response.url().endsWith("/sentiments/like") && response.status() === 200,
      );
      await like.click();
      await liked;
      expect(await like.getAttribute("aria-pressed")).toBe("true");
      // The heart names whose comment it likes: every comment has one.
      expect(await like.getAttribute("aria-label")).toBe("Like Wren Writer's comment (1 like)");
      // …and taken back.
      const unliked = page.waitForResponse(
        (response) =>
          response.url().endsWith("/sentiments/like") &&
          response.request().method() === "DELETE" &&
          response.status() === 200,
      );
      await like.click();
      await unliked;
      expect(await like.getAttribute("aria-pressed")).toBe("false");
      expect(await like.getAttribute("aria-label")).toBe("Like Wren Writer's comment (0 likes)");
      await like.click();
      await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");

      await expectNoAxeViolations(page, "comments at 1280 px");

      // A comment on a paragraph the demo's readers left alone, through its marker; the
      // marker counts it.
      const commented = readDatabase<{ paragraph_id: string }>(
        server.dataDir,
        "SELECT paragraph_id FROM comments WHERE part_id = ? AND paragraph_id IS NOT NULL",
        partId,
      ).map((row) => row.paragraph_id);
      const paragraphIds = await page
        .locator(".reader__text p[data-p-id]")
        .evaluateAll((paragraphs) => paragraphs.map((p) => p.getAttribute("data-p-id")));
      const paragraphId = paragraphIds.find((id) => id !== null && !commented.includes(id));
      if (!paragraphId) throw new Error("every paragraph of the part has comments");
      // Each marker names its paragraph: a screen reader's list of buttons tells them apart.
      const paragraph = paragraphIds.indexOf(paragraphId) + 1;
      const marker = page.locator(`.reader__text p[data-p-id="${paragraphId}"] .paragraph-marker`);
      expect(await marker.getAttribute("aria-label")).toBe(`Comment on paragraph ${paragraph}`);
      await marker.click();
      const panel = page.getByRole("dialog", { name: "Comments on this paragraph" });
      await panel.getByText("Be the first to comment").waitFor();
      await post(panel, "Your comment", "This line gave me chills.");
      await panel.getByText("This line gave me chills.").waitFor();
      await expectNoAxeViolations(page, "paragraph comments at 1280 px");
      await panel.getByRole("button", { name: "Close" }).click();
      await expect
        .poll(() => marker.getAttribute("aria-label"))
        .toBe(`1 comment on paragraph ${paragraph}`);

      // A paragraph's deep link opens its comments; a comment's opens its thread on its own.
      await page.goto(`${partUrl}?paragraphId=${paragraphId}`);
      await panel.getByText("This line gave me chills.").waitFor();
      await panel.getByRole("button", { name: "Close" }).click();
      const replyLink = await writers
        .locator(".comment--reply .comment__time")
        .getAttribute("href");
      await page.goto(replyLink ?? "");
      await comments(page)
        .locator(".comment--highlighted")
        .filter({ hasText: "You're welcome!" })
        .waitFor();
      await comments(page).getByRole("button", { name: "Return to all comments" }).click();
      await thread(page, "Loved it, @demo_writer").waitFor();

      // Deleting their own comment removes it.
      const mine = thread(page, "Loved it, @demo_writer");
      await mine.locator(".comment").first().getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => thread(page, "Loved it, @demo_writer").count()).toBe(0);
    });

    // The story's author may delete a reader's comment on their story.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_writer");
      const writers = thread(page, "Thanks for reading, everyone!");
      const reply = writers.locator(".comment--reply").filter({ hasText: "You're welcome!" });
      const readerName = await reply.locator(".comment__author").textContent();
      const remove = reply.getByRole("button", { name: /^Delete/ });
      expect(await remove.getAttribute("aria-label")).toBe(
        `Delete ${readerName}'s comment (${await reply.locator("time").textContent()})`,
      );
      await remove.click();
      await expect.poll(() => writers.locator(".comment--reply").count()).toBe(0);
      await page.reload();
      await commentsLoaded(page);
      expect(
        await thread(page, "Thanks for reading, everyone!").getByText("You're welcome!").count(),
      ).toBe(0);
    });
  });

  test("dates a comment older than a day on the reader's own clock, a newer one as time ago", async () => {
    // A free part of a story for everyone whose first comment is more than two days old.
    const [seeded] = readDatabase<{ part_id: number }>(
      server.dataDir,
      `SELECT c.part_id FROM comments c JOIN parts p ON p.id = c.part_id
       JOIN stories s ON s.id = p.story_id
       WHERE c.parent_id IS NULL AND c.paragraph_id IS NULL AND c.deleted = 0
         AND p.paywalled = 0 AND p.draft = 0 AND s.rating <> 4 AND s.draft = 0
         AND c.created_at < ?
       ORDER BY c.id LIMIT 1`,
      Date.now() - 2 * 86_400_000,
    );
    if (!seeded) throw new Error("the demo has no comment older than two days");
    await withPage(
      { viewport: PHONE, baseURL: server.url, timezoneId: "Asia/Tokyo" },
      async (page) => {
        await logInAt(page, "demo_reader", `/${seeded.part_id}`);
        await commentsLoaded(page);
        await post(comments(page), "Your comment", "Just read this part.");
        await thread(page, "Just read this part.").waitFor();
        const times = comments(page).locator(".comment__time time");
        const shown = await times.evaluateAll((nodes) =>
          nodes.map((node) => ({
            at: node.getAttribute("datetime") ?? "",
            text: node.textContent ?? "",
          })),
        );
        const now = Date.now();
        const old = shown.filter(({ at }) => now - Date.parse(at) > 86_400_000);
        const recent = shown.filter(({ at }) => now - Date.parse(at) < 3_600_000);
        expect(old.length).toBeGreaterThan(0);
        expect(recent.length).toBeGreaterThan(0);
        for (const { at, text } of old) expect(text).toBe(formatAbsoluteDate(at, "Asia/Tokyo"));
        for (const { text } of recent) expect(text).toMatch(/^(Now|\d+ minutes? ago)$/);
        // On a phone each comment's time has a line of its own under the name, short or long.
        const timeUnderName = await comments(page)
          .locator(".comment__header")
          .evaluateAll((headers) =>
            headers.map((header) => {
              const name = header.querySelector(".comment__author")?.getBoundingClientRect();
              const time = header.querySelector(".comment__time")?.getBoundingClientRect();
              return Boolean(name && time && time.top >= name.bottom - 1);
            }),
          );
        expect(timeUnderName.length).toBeGreaterThan(1);
        expect(timeUnderName.every(Boolean)).toBe(true);
      },
    );
  });

  test("by keyboard: Reply focuses its form and Cancel returns; the first reply shown or posted gets focus", async () => {
    // A part whose threads fit the first page, one of them with replies past the 2 shown.
    const [found] = readDatabase<{ part_id: number }>(
      server.dataDir,
      `SELECT c.part_id FROM comments c
         JOIN parts p ON p.id = c.part_id JOIN stories s ON s.id = p.story_id
       WHERE c.parent_id IS NULL AND c.paragraph_id IS NULL AND c.deleted = 0
         AND c.reply_count > 2 AND s.is_paid = 0 AND s.rating <> 4 AND s.draft = 0
         AND s.deleted = 0 AND p.draft = 0 AND p.deleted = 0
         AND (SELECT count(*) FROM comments t WHERE t.part_id = c.part_id
                AND t.parent_id IS NULL AND t.paragraph_id IS NULL AND t.deleted = 0) <= 10
       ORDER BY c.part_id LIMIT 1`,
    );
    if (!found) throw new Error("the demo has a thread with more than 2 replies");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${found.part_id}`);
      await commentsLoaded(page);
      // Named by its first comment: once every reply shows, it has no View button to find it by.
      const threadId = await comments(page)
        .locator(".comment-thread")
        .filter({ has: page.getByRole("button", { name: /^View \d+ Repl/ }) })
        .first()
        .locator(":scope > .comment")
        .getAttribute("id");
      const withMore = page.locator(`.comment-thread:has(> #${threadId})`);
      const author = await withMore.locator(":scope > .comment .comment__author").textContent();
      const reply = withMore
        .locator(":scope > .comment")
        .getByRole("button", { name: `Reply to ${author}`, exact: true });
      await reply.focus();
      await page.keyboard.press("Enter");
      const input = withMore.getByLabel("Your reply");
      await input.waitFor();
      expect(await input.evaluate((node) => node === document.activeElement)).toBe(true);
      await withMore.getByRole("button", { name: "Cancel" }).focus();
      await page.keyboard.press("Enter");
      await input.waitFor({ state: "detached" });
      expect(await reply.evaluate((node) => node === document.activeElement)).toBe(true);

      const shownIds = () =>
        withMore.locator(".comment--reply").evaluateAll((nodes) => nodes.map((node) => node.id));
      const before = await shownIds();
      const view = withMore.getByRole("button", { name: /^View \d+ Repl/ });
      expect(await view.getAttribute("aria-label")).toBe(
        `${await view.textContent()} to ${author}`,
      );
      await view.focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await shownIds()).length).toBeGreaterThan(before.length);
      const firstNew = (await shownIds()).find((id) => !before.includes(id));
      expect(
        await page.evaluate(() => document.activeElement?.closest("article")?.id ?? null),
      ).toBe(firstNew);
      expect(
        await page.evaluate(() => document.activeElement?.matches(".comment__author") ?? false),
      ).toBe(true);

      await reply.focus();
      await page.keyboard.press("Enter");
      await page.keyboard.type("Caught up on every reply.");
      await withMore.locator("form").getByRole("button", { name: "Reply" }).focus();
      await page.keyboard.press("Enter");
      await input.waitFor({ state: "detached" });
      expect(
        await page.evaluate(() => document.activeElement?.closest("article")?.textContent ?? ""),
      ).toContain("Caught up on every reply.");
    });
  });

  test("a link to a reply past the first two opens its thread with that reply shown and marked", async () => {
    // A reply with at least two older replies in its thread, on a part anyone may read.
    const [linked] = readDatabase<{ id: number; part_id: number }>(
      server.dataDir,
      `SELECT r.id, r.part_id FROM comments r
         JOIN comments c ON c.id = r.parent_id
         JOIN parts p ON p.id = r.part_id JOIN stories s ON s.id = p.story_id
       WHERE r.deleted = 0 AND c.deleted = 0 AND s.is_paid = 0 AND s.rating <> 4
         AND s.draft = 0 AND s.deleted = 0 AND p.draft = 0 AND p.deleted = 0
         AND (SELECT count(*) FROM comments o WHERE o.parent_id = r.parent_id AND o.deleted = 0
                AND (o.created_at < r.created_at OR (o.created_at = r.created_at AND o.id < r.id))) >= 2
       ORDER BY r.id LIMIT 1`,
    );
    if (!linked) throw new Error("the demo has a thread with more than 2 replies");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${linked.part_id}?commentId=${linked.id}`);
      const marked = comments(page).locator(`.comment--highlighted#comment-${linked.id}`);
      await marked.waitFor();
      const replyIds = () =>
        comments(page)
          .locator(".comment--reply")
          .evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(await replyIds()).toHaveLength(3);
      // The rest of the replies load around it, and it is not shown twice.
      const more = comments(page).getByRole("button", { name: /^View \d+ Repl/ });
      if (await more.count()) {
        await more.click();
        await more.waitFor({ state: "detached" });
      }
      const ids = await replyIds();
      expect(ids.filter((id) => id === `comment-${linked.id}`)).toHaveLength(1);
      expect(ids.length).toBeGreaterThanOrEqual(3);
    });
  });

  test("a link to a comment that is gone says it cannot be found; Return shows the others", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`${partUrl}?commentId=999999999`);
      // reader.md §8: a missing single comment is the not-found state.
      await comments(page).getByText("The comment cannot be found.", { exact: true }).waitFor();
      await comments(page).getByRole("button", { name: "Return to all comments" }).click();
      await commentsLoaded(page);
      expect(await comments(page).getByText("The comment cannot be found.").count()).toBe(0);
    });
  });

  test("a link to a comment on another part says it cannot be found here", async () => {
    const [elsewhere] = readDatabase<{ id: number }>(
      server.dataDir,
      `SELECT c.id FROM comments c JOIN parts p ON p.id = c.part_id ${READABLE}
         AND c.deleted = 0 AND c.parent_id IS NULL AND c.part_id <> ?
       ORDER BY c.id LIMIT 1`,
      partId,
    );
    if (!elsewhere) throw new Error("the demo has a comment on another part");
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto(`${partUrl}?commentId=${elsewhere.id}`);
      await comments(page).getByText("The comment cannot be found.", { exact: true }).waitFor();
      expect(await comments(page).locator(`#comment-${elsewhere.id}`).count()).toBe(0);
    });
  });

  test("by keyboard: a posted comment is announced; Delete moves focus to the next comment, the last to the empty list; the last Load more to the first new thread", async () => {
    // A free part nobody has commented on yet, and one with a second set of threads to load.
    const [quiet] = readDatabase<{ id: number }>(
      server.dataDir,
      `SELECT p.id FROM parts p ${READABLE}
         AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.part_id = p.id)
       ORDER BY p.id DESC LIMIT 1`,
    );
    const busy = partWithTwoSets();
    if (!quiet) throw new Error("the demo has no part without comments");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const focusedArticle = () =>
        page.evaluate(() =>
          document.activeElement?.matches(".comment__author")
            ? (document.activeElement.closest("article")?.id ?? null)
            : null,
        );
      const idOf = (text: string) =>
        comments(page).locator("article.comment").filter({ hasText: text }).getAttribute("id");
      const press = async (scope: ReturnType<typeof comments>, name: string | RegExp) => {
        await scope.getByRole("button", { name, exact: true }).focus();
        await page.keyboard.press("Enter");
      };

      // Not demo_reader, whose posts in the other tests use up the ten a minute allowed.
      await logInAt(page, "demo_ambassador", `/${quiet.id}`);
      await commentsLoaded(page);
      const announced = comments(page).locator("form [role=status]");
      await expect.poll(() => announced.textContent()).toBe("");
      for (const text of ["The first word.", "The second word."]) {
        await comments(page).getByLabel("Your comment").focus();
        await page.keyboard.type(text);
        await press(comments(page).locator("form"), "Comment");
        await thread(page, text).waitFor();
      }
      await expect.poll(() => announced.textContent()).toBe("Your comment was posted.");
      const second = thread(page, "The second word.");
      for (const text of ["Reply one.", "Reply two."]) {
        await press(second.locator(":scope > .comment"), /^Reply to /);
        await page.keyboard.type(text);
        await press(second.locator("form"), "Reply");
        // Not getByText: the reply form's field holds the same text until the post is in.
        await second.locator("article").filter({ hasText: text }).waitFor();
      }

      // A reply goes to the next reply, the last reply to the thread's first comment.
      const replyTwo = await idOf("Reply two.");
      await press(
        second.locator("article").filter({ hasText: "Reply one." }),
        /^Delete your own comment /,
      );
      await second.getByText("Reply one.").waitFor({ state: "detached" });
      expect(await focusedArticle()).toBe(replyTwo);
      const secondId = await idOf("The second word.");
      await press(
        second.locator("article").filter({ hasText: "Reply two." }),
        /^Delete your own comment /,
      );
      await second.getByText("Reply two.").waitFor({ state: "detached" });
      expect(await focusedArticle()).toBe(secondId);
      // A thread goes to the next thread; the last one to the words saying none are left.
      const firstId = await idOf("The first word.");
      await press(second.locator(":scope > .comment"), /^Delete your own comment /);
      await second.waitFor({ state: "detached" });
      expect(await focusedArticle()).toBe(firstId);
      await press(
        thread(page, "The first word.").locator(":scope > .comment"),
        /^Delete your own comment /,
      );
      const empty = comments(page).getByText("Be the first to comment");
      await empty.waitFor();
      expect(await empty.evaluate((node) => node === document.activeElement)).toBe(true);

      // Reached by focus alone, the button comes within the scroll observer's reach and goes
      // with the set it loads; where observers are missing, pressing it does the same.
      const threadIds = () =>
        comments(page)
          .locator(".comment-thread > .comment")
          .evaluateAll((nodes) => nodes.map((node) => node.id));
      for (const observer of [true, false]) {
        if (!observer)
          await page.addInitScript(() => Reflect.deleteProperty(window, "IntersectionObserver"));
        await page.goto(`/${busy.id}`);
        await commentsLoaded(page);
        const more = comments(page).getByRole("button", { name: "Load more" });
        // Focused and counted in one step: on a loaded machine the set may arrive between two.
        const before = await more.evaluate((button) => {
          button.focus();
          return [...document.querySelectorAll(".comment-thread > .comment")].map(
            (node) => node.id,
          );
        });
        if (!observer) await page.keyboard.press("Enter");
        await more.waitFor({ state: "detached" });
        const firstNew = (await threadIds()).find((id) => !before.includes(id));
        expect(firstNew).toBeDefined();
        await expect.poll(focusedArticle).toBe(firstNew);
      }
    });
  });

  test("Load more pressed by keyboard hands focus to the first new thread, the button staying", async () => {
    const busy = partWithLongThreads();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // Without observers, only the press loads the next set.
      await page.addInitScript(() => Reflect.deleteProperty(window, "IntersectionObserver"));
      await page.goto(`/${busy.id}`);
      await commentsLoaded(page);
      const more = comments(page).getByRole("button", { name: "Load more", exact: true });
      const threadIds = () =>
        comments(page)
          .locator(".comment-thread > .comment")
          .evaluateAll((nodes) => nodes.map((node) => node.id));
      const before = await threadIds();
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await threadIds()).length).toBeGreaterThan(before.length);
      const firstNew = (await threadIds()).find((id) => !before.includes(id));
      expect(firstNew).toBeDefined();
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.matches(".comment__author")
              ? (document.activeElement.closest("article")?.id ?? null)
              : null,
          ),
        )
        .toBe(firstNew);
      // A third set is still to come: the button stays, below the new threads.
      expect(await more.isVisible()).toBe(true);
    });
  });

  test("on a phone, a paragraph's comments quote it, on screen and to a screen reader, and pass axe", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_reader");
      await comments(page).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page, "comments at 360 px");
      // A paragraph longer than the quote: its words without its marker's.
      const paragraphs = await Promise.all(
        (await page.locator(".reader__text p[data-p-id]").all()).map(async (p) => ({
          id: await p.getAttribute("data-p-id"),
          text: await paragraphWords(p),
        })),
      );
      const long = paragraphs.find(({ text }) => text.length > 100);
      if (!long) throw new Error("the part has no paragraph longer than 100 characters");
      // Cut as Inkwell cuts text short: at 100 characters, the ellipsis included.
      const quote = truncate(long.text, 100);
      expect(quote.endsWith("…")).toBe(true);
      await page.locator(`.reader__text p[data-p-id="${long.id}"] .paragraph-marker`).click();
      const panel = page.getByRole("dialog", { name: "Comments on this paragraph" });
      await panel.waitFor();
      await commentsLoaded(page);
      // Seen at the top of the sheet, under its title and above the comment box.
      const shown = panel.getByText(quote, { exact: true });
      const [said, box] = await Promise.all([
        shown.boundingBox(),
        panel.getByLabel("Your comment").boundingBox(),
      ]);
      expect(said?.y).toBeGreaterThanOrEqual(0);
      expect((said?.y ?? Infinity) + (said?.height ?? 0)).toBeLessThanOrEqual(box?.y ?? 0);
      // Heard as the sheet opens: its name, then the paragraph it is about.
      expect(await spokenAs(page, "dialog[open]")).toEqual({
        name: "Comments on this paragraph",
        description: quote,
      });
      await expectNoAxeViolations(page, "paragraph comments at 360 px");
    });
  });

  test("on a phone, Reading settings, a comment's name, time and actions and a paragraph's marker are all 44 px to a finger", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_reader");
      const settings = await page.getByRole("button", { name: "Reading settings" }).boundingBox();
      expect(settings?.height).toBeGreaterThanOrEqual(44);
      const actions = comments(page).locator(".comment__actions").first().getByRole("button");
      const heights = await actions.evaluateAll((buttons) =>
        buttons.map((button) => button.getBoundingClientRect().height),
      );
      expect(heights.length).toBeGreaterThan(0);
      expect(heights.filter((height) => height < 44)).toEqual([]);
      // The name above the time: each its own 44 px, neither taking taps meant for the other.
      const header = comments(page).locator(".comment__header").first().getByRole("link");
      expect(await header.count()).toBe(2);
      for (const link of await header.all()) {
        expect((await fingerSize(link)).height).toBeGreaterThanOrEqual(44);
      }
      // The marker is drawn at 24 px beside the text; its target reaches 10 px around it.
      const marker = page.locator(".reader__text .paragraph-marker").first();
      expect(await marker.evaluate((node) => node.getBoundingClientRect().height)).toBe(24);
      expect(await tapsBeside(marker, "above", 9)).toBe(true);
      expect(await tapsBeside(marker, "left", 9)).toBe(true);
    });
  });

  test("on a phone, a reader's four actions on a comment in a paragraph's sheet take one row, as under the part", async () => {
    const busy = partWithParagraphComments();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/${busy.id}`);
      await commentsLoaded(page);
      await page.locator(".reader__text .paragraph-marker--active").first().click();
      const panel = page.getByRole("dialog", { name: "Comments on this paragraph" });
      const others = panel
        .locator(".comment")
        .filter({ has: page.getByRole("button", { name: /^Mute / }) });
      await others.first().waitFor();
      const rows = await others.evaluateAll((found) =>
        found.map((comment) => {
          const actions = [...comment.querySelectorAll(".comment__actions > *")];
          return {
            actions: actions.length,
            rows: new Set(actions.map((action) => action.getBoundingClientRect().top)).size,
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(0);
      // Like, Reply, Mute and Report: Report had a row of its own in a modal's 24 px edges.
      expect(rows.filter(({ actions }) => actions < 4)).toEqual([]);
      expect(rows.filter(({ rows }) => rows > 1)).toEqual([]);
    });
  });

  test("says so when comments fail to load, post, like or delete, and hides offensive ones", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const fail = (method: string, pattern: string) =>
        page.route(pattern, (route) =>
          route.request().method() === method
            ? route.fulfill({ status: 500, body: "{}" })
            : route.fallback(),
        );

      // Loading fails: the error and Retry, which loads them. The failure is held back until
      // the list's alert region is found: it is on the page before it speaks (decision 058).
      const answer = await holdRequests(
        page,
        "**/v5/comments/namespaces/parts/resources/*/comments*",
        { method: "GET", answer: { status: 500, body: "{}" } },
      );
      await logInAt(page, "demo_reader", partUrl);
      const listAlert = await comments(page)
        .locator(".comment-list__status[role=alert]")
        .elementHandle();
      if (!listAlert) throw new Error("the comment list has an alert region");
      expect(await listAlert.textContent()).toBe("");
      answer();
      await expect
        .poll(() => listAlert.textContent())
        .toBe("There was an issue retrieving comments.");
      await page.unrouteAll();
      await comments(page).getByRole("button", { name: "Retry" }).click();
      await commentsLoaded(page);

      // An empty comment is refused under the field each time, and said each time.
      await expectSaidEachTime(
        comments(page).locator("form > .field__error[role=alert]"),
        () => comments(page).getByRole("button", { name: "Comment", exact: true }).click(),
        "Write something before posting.",
      );

      // Posting fails: the message and Retry, which posts the same text.
      await fail("POST", "**/v5/comments");
      const postAlert = await comments(page).locator(".comment-form__failed").elementHandle();
      if (!postAlert) throw new Error("the comment form has an alert region");
      await post(comments(page), "Your comment", "Second time lucky");
      const failed = comments(page)
        .getByRole("alert")
        .filter({ hasText: "Comment failed to post" });
      await failed.waitFor();
      expect(await postAlert.textContent()).toMatch(/^Comment failed to post/);
      await page.unrouteAll();
      await failed.getByRole("button", { name: "Retry" }).click();
      await thread(page, "Second time lucky").waitFor();

      // A like that fails goes back.
      await fail("PUT", "**/sentiments/like");
      const like = thread(page, "Second time lucky").getByRole("button", { name: /^Like/ });
      await like.click();
      await expect.poll(() => like.getAttribute("aria-pressed")).toBe("false");
      await page.unrouteAll();

      // A delete that fails keeps the comment and says so, in a live region already there.
      const toast = comments(page).getByRole("status").and(page.locator(".comments__toast"));
      await fail("DELETE", "**/v5/comments/*");
      await thread(page, "Second time lucky").getByRole("button", { name: "Delete" }).click();
      await expect
        .poll(() => toast.textContent())
        .toBe("Sorry, something went wrong. Please try again.");
      expect(await thread(page, "Second time lucky").count()).toBe(1);
      // A second failure is said again: the toast empties as the delete goes out.
      const said = await recordSpeech(toast);
      await thread(page, "Second time lucky").getByRole("button", { name: "Delete" }).click();
      await expect.poll(said).toBe("said: [] [Sorry, something went wrong. Please try again.]");
      await page.unrouteAll();

      // An offensive comment is folded behind a reveal.
      await post(comments(page), "Your comment", "What a shit ending");
      const folded = comments(page).locator(".comment-thread").first();
      await folded.getByText("This comment may be offensive.").waitFor();
      expect(await folded.getByText("What a shit ending").count()).toBe(0);
      await folded
        .getByRole("button", {
          name: `Show comment by ${await folded.locator(".comment__author").textContent()}`,
          exact: true,
        })
        .click();
      await folded.getByText("What a shit ending").waitFor();
    });
  });

  test("a further set that fails to load says so, and Load more tries again", async () => {
    const busy = partWithTwoSets();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const nextSet = "**/v5/comments/namespaces/parts/resources/*/comments?*after=*";
      await page.route(nextSet, (route) => route.abort("internetdisconnected"));
      await page.goto(`/${busy.id}`);
      await commentsLoaded(page);
      const shown = comments(page).locator(".comment-list > .comment-thread");
      expect(await shown.count()).toBe(10);
      const more = comments(page).getByRole("button", { name: "Load more", exact: true });
      await more.click();
      const failure = comments(page)
        .getByRole("alert")
        .filter({ hasText: "More comments could not be loaded. Press Load more to try again." });
      await failure.waitFor();
      expect(await shown.count()).toBe(10);
      await page.unroute(nextSet);
      await more.click();
      await expect.poll(() => shown.count()).toBeGreaterThan(10);
      expect(await failure.count()).toBe(0);
    });
  });

  test("Back from a commenter's profile shows the comments loaded before, where the reader was", async () => {
    const busy = partWithTwoSets();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${busy.id}`);
      await commentsLoaded(page);
      const shown = await scrollToSecondSet(page);
      const count = await shown.count();
      const author = shown
        .nth(count - 1)
        .locator(".comment__author")
        .first();
      const left = await leaveAndComeBack(page, author);
      await expect.poll(() => shown.count()).toBe(count);
      await expect.poll(() => scrolled(page)).toBe(left);
    });
  });

  test("comments arriving after the page move nothing on the screen: the footer waits below it", async () => {
    const busy = partWithTwoSets();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const arrive = await openWhileCommentsLoad(page, busy.id);
      // The reader has read to the end of the part before its comments came.
      await page
        .locator("#comments-heading")
        .evaluate((heading) => heading.scrollIntoView({ block: "center" }));
      expect(await footerTop(page)).toBeGreaterThanOrEqual(PHONE.height);
      expect(await arrive()).toBe(0);
      expect(await footerTop(page)).toBeGreaterThanOrEqual(PHONE.height);
    });
  });

  test("a long first set the reader has scrolled into before it came moves nothing on the screen", async () => {
    const busy = partWithTwoSets();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const arrive = await openWhileCommentsLoad(page, busy.id);
      // The reader has scrolled 300 px into the room held for the comments: its top is gone.
      await comments(page).evaluate((section) => {
        section.scrollIntoView();
        window.scrollBy(0, 300);
      });
      await expect.poll(() => footerTop(page)).toBeGreaterThanOrEqual(PHONE.height);
      expect(await arrive()).toBe(0);
      // The first set is long: it runs past the foot of the screen, with the footer below it.
      const listEnd = await comments(page)
        .locator(".comment-list")
        .evaluate((list) => list.getBoundingClientRect().bottom);
      expect(listEnd).toBeGreaterThan(PHONE.height);
      expect(await footerTop(page)).toBeGreaterThanOrEqual(listEnd);
    });
  });

  test("Back from a replier's profile opens the replies the reader had opened, where they were", async () => {
    const busy = partWithLongThreads();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${busy.id}`);
      await commentsLoaded(page);
      const threads = await scrollToSecondSet(page);
      const threadCount = await threads.count();
      // The last thread loaded with replies to open, opened.
      const view = comments(page)
        .getByRole("button", { name: /^View \d+ Replies to / })
        .last();
      const threadId = await view.evaluate(
        (button) => button.closest(".comment-thread")?.querySelector(".comment")?.id ?? "",
      );
      const opened = threads.filter({ has: page.locator(`#${threadId}`) });
      const replies = opened.locator(".comment-thread__replies > .comment");
      await view.click();
      await opened.getByRole("button", { name: /^View / }).waitFor({ state: "detached" });
      const replyCount = await replies.count();
      expect(replyCount).toBeGreaterThanOrEqual(5);
      const author = replies.last().locator(".comment__author");
      const left = await leaveAndComeBack(page, author);
      await expect.poll(() => replies.count()).toBe(replyCount);
      await expect.poll(() => scrolled(page)).toBe(left);
      expect(await threads.count()).toBe(threadCount);
      expect(await opened.getByRole("button", { name: /^View / }).count()).toBe(0);
    });
  });

  test("Back from a commenter's profile opens the paragraph's comments again, where the reader was", async () => {
    const busy = partWithParagraphComments();
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${busy.id}`);
      await commentsLoaded(page);
      const marker = page.locator(".reader__text .paragraph-marker--active").last();
      await marker.scrollIntoViewIfNeeded();
      await marker.click();
      const panel = page.getByRole("dialog", { name: "Comments on this paragraph" });
      const first = panel.locator(".comment-thread").first();
      await first.waitFor();
      const firstId = await first.locator(".comment").first().getAttribute("id");
      const left = await leaveAndComeBack(page, first.locator(".comment__author").first());
      expect(left).toBeGreaterThan(0);
      await panel.locator(".comment-thread").first().waitFor();
      expect(await panel.locator(".comment").first().getAttribute("id")).toBe(firstId);
      await expect.poll(() => scrolled(page)).toBe(left);
      // Closed, the panel stays closed: the address no longer names the paragraph.
      await panel.getByRole("button", { name: "Close" }).click();
      expect(new URL(page.url()).searchParams.has("paragraphId")).toBe(false);
    });
  });

  test("Back from a commenter's profile opens the paragraph's further sets and replies again, where the reader was in the panel", async () => {
    // A part no journey comments on, whose first paragraph gets two sets of comments here.
    const quiet = readablePart(
      `p.id <> ${partId} AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.part_id = p.id)`,
      "no comments",
    );
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/${quiet.id}`);
      const paragraph = page.locator(".reader__text p[data-p-id]").first();
      const paragraphId = (await paragraph.getAttribute("data-p-id")) ?? "";
      const onParagraph = {
        namespace: "parts" as const,
        resourceId: String(quiet.id),
        paragraphId,
      };
      const texts = (label: string, count: number) =>
        Array.from({ length: count }, (_, n) => `${label} ${n + 1}`);
      // Eleven threads, one with three replies (two show, a third to open): ten posts a
      // minute are each account's.
      await postAs("demo_admin", onParagraph, texts("Paragraph comment", 10));
      const [replied = ""] = await postAs("demo_writer", onParagraph, ["The eleventh comment"]);
      await postAs(
        "demo_writer",
        { namespace: "comments", resourceId: replied },
        texts("Reply", 3),
      );

      await page.reload();
      await paragraph.locator(".paragraph-marker").click();
      const panel = page.getByRole("dialog", { name: "Comments on this paragraph" });
      const threads = panel.locator(".comment-list > .comment-thread");
      await threads.first().waitFor();
      expect(await threads.count()).toBe(10);
      await panel.getByRole("button", { name: "Load more", exact: true }).click();
      await expect.poll(() => threads.count()).toBe(11);
      const opened = threads.filter({ has: page.locator(`#comment-${replied}`) });
      await opened.getByRole("button", { name: /^View 1 Reply to / }).click();
      const replies = opened.locator(".comment-thread__replies > .comment");
      await expect.poll(() => replies.count()).toBe(3);
      // The reader leaves from a thread of the second set, the panel scrolled part way.
      const author = threads.nth(10).locator(".comment__author").first();
      await author.evaluate((link) => link.scrollIntoView({ block: "center" }));
      const panelScroll = () => panel.evaluate((dialog) => dialog.scrollTop);
      const left = await panelScroll();
      expect(left).toBeGreaterThan(0);
      await author.click();
      await page.waitForURL(/\/user\//);
      await page.goBack();
      await expect.poll(() => threads.count()).toBe(11);
      await expect.poll(() => replies.count()).toBe(3);
      await expect.poll(panelScroll).toBe(left);
    });
  });

  test("a reader mutes a commenter from their comment at 360 px, and their comments go", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await openPartAs(page, "demo_ambassador");
      await post(comments(page), "Your comment", "Muting test: a comment from the ambassador");
      const own = thread(page, "Muting test: a comment from the ambassador");
      await own.waitFor();
      // Nobody is offered to mute themselves; others' comments offer it.
      const muteButtons = (scope: ReturnType<typeof comments>) =>
        scope.getByRole("button", { name: /^Mute / }).count();
      expect(await muteButtons(own)).toBe(0);
      expect(await muteButtons(comments(page))).toBeGreaterThan(0);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The part's first set claims more to come, and the next set is held until after the
      // mute: the list's reload after the mute must wait for it, not be dropped.
      let release = () => {};
      const nextSetAsked = new Promise<void>((asked) => {
        let firstSet = true;
        void page.route(
          `**/v5/comments/namespaces/parts/resources/${partUrl.slice(1)}/comments?*`,
          async (route) => {
            if (new URL(route.request().url()).searchParams.has("after")) {
              asked();
              await new Promise<void>((go) => {
                release = go;
              });
              await route.fulfill({
                json: { comments: [], after: null, hasMore: false, ads: false },
              });
              return;
            }
            const response = await route.fetch();
            const body = (await response.json()) as { after: string | null; hasMore: boolean };
            if (firstSet) Object.assign(body, { after: "next", hasMore: true });
            firstSet = false;
            await route.fulfill({ response, json: body });
          },
        );
      });
      await openPartAs(page, "demo_reader");
      await comments(page).getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await nextSetAsked;
      const theirs = thread(page, "Muting test: a comment from the ambassador");
      const name = await theirs.locator(".comment__author").first().textContent();
      await theirs.getByRole("button", { name: `Mute ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: `Mute ${name}?` });
      await confirm
        .getByText("It can take up to 30 minutes to take effect.", { exact: false })
        .waitFor();
      await expectNoAxeViolations(page, "the mute confirmation from a comment at 360 px");
      await confirm.getByRole("button", { name: "Mute", exact: true }).click();
      await comments(page)
        .getByText(`${name} is now muted. You can unmute them at any time.`)
        .waitFor();
      release();
      await theirs.waitFor({ state: "detached" });
      // Everyone else's comments stay.
      await thread(page, "Thanks for reading, everyone!").waitFor();

      const muted = await page.request.post("/apiv2/ignoreuser?action=get_ignored_web", {
        headers: { accept: "application/json" },
      });
      expect(JSON.stringify(await muted.json())).toContain("demo_ambassador");
      // Unmuted again, so the rest of the file meets the ambassador's comments as before.
      const unmute = await page.request.post(
        "/apiv2/ignoreuser?id=demo_ambassador&action=unignore_user",
        { headers: { accept: "application/json", origin: server.url } },
      );
      expect(unmute.status()).toBe(200);
    });
  });

  test("keeps a comment typed before the page's scripts arrive, and Comment waits for them", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // A slow phone: the page is there, its scripts are not yet.
      const release = await holdRequests(page, "**/assets/**/*.js");
      await page.goto(partUrl, { waitUntil: "commit" });
      const box = comments(page).getByLabel("Your comment");
      await box.fill("Typed before the scripts came");
      // Pressed now, the form would go the browser's way and reload the page, text and all.
      const button = comments(page).getByRole("button", { name: "Comment", exact: true });
      expect(await button.isDisabled()).toBe(true);
      release();
      // The comments' arrival renders the form again: the text is still the reader's.
      await commentsLoaded(page);
      expect(await box.inputValue()).toBe("Typed before the scripts came");
      expect(await comments(page).getByText("29 / 2,000").count()).toBe(1);
      await button.click();
      await signUpGate(page);
    });
  });

  test("asks a visitor to sign up when they press Comment", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      // The comments' ad slots are decided as the part opens: by default, for a visitor.
      const decision = await recordedAdDecision(page, server.dataDir, "comments", partId, () =>
        page.goto(partUrl),
      );
      expect(decision).toEqual({ eligible: 1, factor: "default" });
      await commentsLoaded(page);
      await post(comments(page), "Your comment", "Hello!");
      const gate = await signUpGate(page);
      // Its buttons keep their labels on one line at 360 px: no two-line pills.
      for (const name of ["Sign up with email", "I already have an account"]) {
        const box = await gate.getByRole("link", { name }).boundingBox();
        expect(box?.height, name).toBeLessThanOrEqual(48);
      }
    });
  });
});
