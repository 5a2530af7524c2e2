import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logInAt,
  PHONE,
  smallTargets,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { hotStories } from "./support/catalogue.ts";
import { useServer } from "./support/server.ts";
import { signUp } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

const RUDE = "Every reader of this story is an idiot";

/** The first part of one of demo_writer's stories, where demo_writer posts a rude comment. */
let partUrl: string;

beforeAll(async () => {
  const response = await fetch(`${server.url}/api/v3/users/demo_writer/stories?limit=1`);
  const { stories } = (await response.json()) as { stories: { firstPartId: number | null }[] };
  const partId = stories[0]?.firstPartId;
  if (!partId) throw new Error("demo_writer has no published story");
  partUrl = `/${partId}`;
});

const comments = (page: Page) => page.getByRole("region", { name: "Comments", exact: true });

async function openCommentReport(page: Page) {
  const thread = comments(page).locator(".comment-thread").filter({ hasText: RUDE }).first();
  await thread.waitFor();
  await thread.getByRole("button", { name: /^Report comment by / }).click();
  const dialog = page.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByRole("button", { name: "Harassment or bullying" }).waitFor();
  return dialog;
}

/**
 * The names of a list of facts (dt) whose first line of text does not end level with their
 * fact's (dd) first line: none where each row reads across on one line.
 */
const offBaseline = (list: Element) => {
  const firstLineBottom = (element: Element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getClientRects()[0]?.bottom ?? 0;
    }
    return 0;
  };
  return [...list.querySelectorAll("dt")]
    .filter((name) => {
      const fact = name.nextElementSibling;
      return !fact || Math.abs(firstLineBottom(name) - firstLineBottom(fact)) > 1;
    })
    .map((name) => name.textContent);
};

describe("reports", () => {
  test("the writer posts the comment that will be reported, and cannot report it", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", partUrl);
      const form = comments(page);
      await form.getByLabel("Your comment").fill(RUDE);
      await form.getByRole("button", { name: "Comment", exact: true }).click();
      await form.locator(".comment-thread").filter({ hasText: RUDE }).first().waitFor();
      // Nobody reports their own comment.
      expect(
        await form
          .locator(".comment-thread")
          .filter({ hasText: RUDE })
          .first()
          .getByRole("button", { name: /^Report comment by / })
          .count(),
      ).toBe(0);
    });
  });

  test("a visitor reports a comment through the tree, fixing a bad email on the way", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(partUrl);
      const dialog = await openCommentReport(page);
      await expectNoAxeViolations(page, "the report modal's first step at 360 px");
      await dialog.getByRole("button", { name: "Harassment or bullying" }).click();
      await dialog.getByText("Who is this comment aimed at?").waitFor();
      // Back returns to the first step, and forward again.
      await dialog.getByRole("button", { name: "Back" }).click();
      await dialog.getByRole("button", { name: "Harassment or bullying" }).click();
      await dialog.getByRole("button", { name: "Someone else" }).click();
      const next = dialog.getByRole("button", { name: "Next" });
      expect(await next.isDisabled()).toBe(true);
      await dialog.getByLabel("Tell us what happened").fill("Insulting every reader at once.");
      await next.click();

      await dialog.getByRole("heading", { name: "How can we reach you?" }).waitFor();
      const submit = dialog.getByRole("button", { name: "Submit Report" });
      await dialog.getByLabel("Name").fill("Vi Visitor");
      await dialog.getByLabel("Email").fill("vi@example");
      await dialog.getByLabel("Name").focus();
      await dialog.getByText("The email address is invalid.").waitFor();
      expect(await dialog.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
      expect(await submit.isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "the contact step with an error at 360 px");

      await dialog.getByLabel("Email").fill("vi@example.com");
      expect(await dialog.getByText("The email address is invalid.").count()).toBe(0);
      // A send that fails closes the modal (§10); opened again, it has the visitor's name
      // and email filled in, as typed.
      await page.route("**/v4/support/tickets/", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await submit.click();
      await dialog.waitFor({ state: "detached" });
      await page.unroute("**/v4/support/tickets/");
      await (await openCommentReport(page))
        .getByRole("button", { name: "Harassment or bullying" })
        .click();
      await dialog.getByRole("button", { name: "Someone else" }).click();
      await next.click();
      expect(await dialog.getByLabel("Name").inputValue()).toBe("Vi Visitor");
      expect(await dialog.getByLabel("Email").inputValue()).toBe("vi@example.com");
      await submit.click();
      await dialog.getByRole("heading", { name: "Thank you for your report" }).waitFor();
      // A visitor has no one to mute.
      expect(await dialog.getByRole("button", { name: /^Mute / }).count()).toBe(0);
      await expectNoAxeViolations(page, "the thank-you screen at 360 px");
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
  });

  test("a signed-in reporter is not asked for contact info, and may mute the writer", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", partUrl);
      // A report that fails to send closes the dialog and says so in a toast, whose alert
      // region is on the page before it speaks (decision 058).
      await page.route("**/v4/support/tickets/", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      let dialog = await openCommentReport(page);
      await dialog.getByRole("button", { name: "Spam or scam" }).click();
      await dialog.getByLabel("Tell us what happened").fill("Unwanted greetings.");
      const toast = await page.locator(".toast__message").elementHandle();
      if (!toast) throw new Error("the reading page has the report toast's region");
      expect(await toast.textContent()).toBe("");
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect
        .poll(() => toast.textContent())
        .toBe("An error has occurred. We're sorry about that!");
      await expectNoAxeViolations(page, "the reading page with the report's failure toast");
      await page.getByRole("button", { name: "Dismiss" }).click();
      expect(await toast.textContent()).toBe("");
      await page.unroute("**/v4/support/tickets/");

      dialog = await openCommentReport(page);
      await dialog.getByRole("button", { name: "Hate speech" }).click();
      // Each step takes focus to its heading: the chosen button is gone, focus is not.
      const focusedHeading = () =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return focused?.tagName === "H3" ? focused.textContent : null;
        });
      await expect.poll(focusedHeading).toBe("Hate speech");
      await dialog.getByLabel("Tell us what happened").fill("Calling all readers idiots.");
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.getByRole("heading", { name: "Thank you for your report" }).waitFor();
      await expect.poll(focusedHeading).toBe("Thank you for your report");
      await expectNoAxeViolations(page, "the thank-you screen at 1280 px");
      await dialog.getByRole("button", { name: /^Mute / }).click();
      await dialog.getByRole("status").filter({ hasText: "is now muted." }).waitFor();
      await dialog.getByRole("button", { name: /^Unmute / }).click();
      await dialog.getByRole("status").filter({ hasText: "is now unmuted." }).waitFor();
    });
  });

  test("an ambassador sees both reports in the queue and resolves the reader's with a note", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/admin/community_reports");
      await page.getByRole("heading", { name: "Community reports" }).waitFor();
      const items = page.locator(".staff-reports__item").filter({ hasText: "Comment:" });
      await items.filter({ hasText: "Reporter: Vi Visitor" }).waitFor();
      await expectNoAxeViolations(page, "the staff queue at 1280 px");
      await items.filter({ hasText: "Reporter: demo_reader" }).getByRole("link").first().click();
      await page.getByText("Calling all readers idiots.").waitFor();
      // An ambassador sees who reported, never their email (only system admins do).
      const reporter = page.locator("dd").filter({ hasText: "(@demo_reader)" });
      expect(await reporter.textContent()).toBe("Rae Reader (@demo_reader)");
      expect(await page.getByText("demo_reader@example.com").count()).toBe(0);
      // Each fact's first line is level with its name, a link's too (44 px tall, its text centred).
      expect(await page.locator(".staff-report__facts").evaluate(offBaseline)).toEqual([]);
      // Nothing is chosen for the moderator: Resolve, reached by Tab, says what it waits for.
      const resolve = page.getByRole("button", { name: "Resolve" });
      const outcomeChoice = page.getByLabel("What happened");
      await untilHydrated(resolve);
      await page.getByLabel("Note for staff (optional)").focus();
      await page.keyboard.press("Tab");
      expect(await resolve.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      const missing = page.getByText("Choose what happened before you resolve the report.");
      await missing.waitFor();
      await expect
        .poll(() => outcomeChoice.evaluate((select) => select === document.activeElement))
        .toBe(true);
      expect(await outcomeChoice.getAttribute("aria-invalid")).toBe("true");
      expect(await outcomeChoice.getAttribute("aria-describedby")).toBe(
        await missing.getAttribute("id"),
      );
      expect(await page.getByText("Resolved by demo_ambassador").count()).toBe(0);
      await outcomeChoice.selectOption("content_removed");
      expect(await missing.count()).toBe(0);
      await page.getByLabel("Note for staff (optional)").fill("Removed; writer warned in DM.");
      await expectNoAxeViolations(page, "a report at 1280 px");
      await page.getByRole("button", { name: "Resolve" }).click();
      await page.getByText("Resolved by demo_ambassador").waitFor();
      await page.getByText("Removed; writer warned in DM.").waitFor();
      // Resolve is gone: focus is on what was recorded, not on the page's body.
      const recorded = page.getByText("We removed the content.");
      await expect
        .poll(() => recorded.evaluate((line) => line === document.activeElement))
        .toBe(true);
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, "a resolved report at 360 px");
      // Staff on a phone tap the way back and the reported content: 44 px targets each.
      expect(await smallTargets(page.locator(".staff-report a"))).toEqual([]);
      // Reopened by keyboard, the form asks afresh, with focus on what happened.
      await page.getByRole("button", { name: "Reopen" }).press("Enter");
      const outcome = page.getByLabel("What happened");
      await expect
        .poll(() => outcome.evaluate((select) => select === document.activeElement))
        .toBe(true);
      expect(await outcome.inputValue()).toBe("");
      expect(await page.getByLabel("Note for staff (optional)").inputValue()).toBe("");
      // On a phone the Staff notes heading stands clear of the Resolve button above it.
      const resolveBox = await page.getByRole("button", { name: "Resolve" }).boundingBox();
      const notesBox = await page.getByRole("heading", { name: "Staff notes" }).boundingBox();
      expect(
        (notesBox?.y ?? 0) - ((resolveBox?.y ?? 0) + (resolveBox?.height ?? 0)),
      ).toBeGreaterThanOrEqual(32);
      await outcome.selectOption("content_removed");
      await page.getByRole("button", { name: "Resolve" }).press("Enter");
      await expect
        .poll(() => recorded.evaluate((line) => line === document.activeElement))
        .toBe(true);
      await page.goto("/admin/community_reports?status=resolved");
      await page
        .locator(".staff-reports__item")
        .filter({ hasText: "Reporter: demo_reader" })
        .filter({ hasText: "Content removed" })
        .waitFor();
      await expectNoAxeViolations(page, "the resolved queue at 360 px");
      expect(await smallTargets(page.locator(".staff-reports a"))).toEqual([]);
    });
  });

  test("the reporter sees what happened in settings; readers and visitors get no queue", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/settings");
      await page.getByRole("link", { name: "Reports" }).click();
      const mine = page.getByRole("list", { name: "Reports" }).locator("li").first();
      await mine.filter({ hasText: "Resolved" }).waitFor();
      expect(await mine.textContent()).toContain("We removed the content.");
      await expectNoAxeViolations(page, "settings, reports, at 360 px");
      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page, "settings, reports, at 1280 px");
      // Readers have no queue, and visitors are sent to log in.
      const response = await page.goto("/admin/community_reports");
      expect(response?.status()).toBe(404);
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/admin/community_reports?model_type=2&model_id=1");
      await page.waitForURL(/\/login\?nextUrl=/);
      expect(new URL(page.url()).searchParams.get("nextUrl")).toBe(
        "/admin/community_reports?model_type=2&model_id=1",
      );
    });
  });

  let reported: { id: number; title: string };
  let original: { id: number; title: string };

  test("a visitor is offered a copyright notice but not the copyright report", async () => {
    const stories = await hotStories(server.url, 12);
    const owned = (await (
      await fetch(`${server.url}/api/v3/users/demo_reader/stories?limit=50`)
    ).json()) as { stories: { id: number }[] };
    const others = stories.filter((story) => !owned.stories.some((s) => s.id === story.id));
    if (!others[0] || !others[1]) throw new Error("not enough hot stories");
    [reported, original] = [others[0], others[1]];

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/story/${reported.id}`);
      await page.getByRole("button", { name: "Report this story" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this story" });
      await dialog.getByRole("button", { name: "Spam or scam" }).waitFor();
      expect(await dialog.getByRole("button", { name: "Copyright infringement" }).count()).toBe(0);
      expect(await dialog.getByRole("link", { name: /file a copyright notice/ }).count()).toBe(1);
      // A choice whose words wrap on a phone keeps its arrow as large as the others'.
      const arrows = await dialog
        .locator(".report__choice svg")
        .evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().width));
      expect(new Set(arrows)).toEqual(new Set([18]));
      await expectNoAxeViolations(page, "a visitor's story report at 360 px");

      // The notice page is told what was reported (§2's query), and names the story.
      const details = (await (
        await fetch(`${server.url}/api/v3/stories/${reported.id}?fields=user(username),language`)
      ).json()) as { user: { username: string }; language: { name: string } };
      await dialog.getByRole("link", { name: /file a copyright notice/ }).click();
      await page.waitForURL((url) => url.pathname === "/help/dmca");
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
        storyId: String(reported.id),
        reportedUser: details.user.username,
        language: details.language.name,
      });
      expect(
        await page.getByLabel("Inkwell URLs of the infringing content (one per line)").inputValue(),
      ).toBe(`${server.url}/story/${reported.id}`);
    });
  });

  test("a reader reports a story as a copy through the copyright sub-flow", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/story/${reported.id}`);
      await page.getByRole("button", { name: "Report this story" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this story" });
      await dialog.getByRole("button", { name: "Copyright infringement" }).click();
      // The step's controls replace the last ones: focus goes to its heading, as on every step.
      const heading = dialog.getByRole("heading", { name: "Copyright infringement" });
      await expect
        .poll(() => heading.evaluate((node) => node === document.activeElement))
        .toBe(true);
      const field = dialog.getByLabel("Original story URL");
      // A field like the report's others, big enough to tap and read.
      expect((await field.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      const alert = dialog.getByRole("button", { name: "Alert" });
      // The story page's report card lays out its own buttons, not the modal's: Alert spans
      // the form as Submit Report does in every report modal.
      expect((await alert.boundingBox())?.width).toBe((await field.boundingBox())?.width);
      await field.fill("https://example.com/not-a-story");
      await dialog.getByText("Invalid story URL").waitFor();
      expect(await alert.isDisabled()).toBe(true);
      await field.fill(`${server.url}/story/99999999`);
      await dialog.getByText("Invalid story URL").waitFor();
      await field.fill("");
      await field.blur();
      await dialog.getByText("The original URL is required").waitFor();
      expect(await alert.isDisabled()).toBe(true);
      await expectNoAxeViolations(page, "the copyright sub-flow with an error at 360 px");
      await field.fill(`${server.url}/story/${original.id}`);
      await dialog.getByText(`Original story: ${original.title}`).waitFor();
      await expect.poll(() => alert.isDisabled()).toBe(false);
      await alert.click();
      await dialog.getByText("We've sent your copyright report to our team").waitFor();
      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page, "the copyright confirmation at 1280 px");
    });
  });

  test("an admin finds the copyright report from the story's admin link and notes it", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", `/story/${reported.id}`);
      await page.getByRole("link", { name: "Reports" }).click();
      await page.waitForURL(/model_type=2/);
      const item = page
        .locator(".staff-reports__item")
        .filter({ hasText: "reported_copyright" })
        .filter({ hasText: "Reporter: demo_reader" });
      await item.getByRole("link").first().click();

      // Save note can be pressed with nothing written: it says so on the field, saving nothing.
      const save = page.getByRole("button", { name: "Save note" });
      const field = page.getByLabel("Add a note");
      await untilHydrated(save);
      await field.fill("   ");
      await save.press("Enter");
      const missing = page.getByText("Write a note first.");
      await missing.waitFor();
      await expect.poll(() => field.evaluate((note) => note === document.activeElement)).toBe(true);
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await field.getAttribute("aria-describedby")).toBe(await missing.getAttribute("id"));
      expect(await page.getByText("No notes yet.").count()).toBe(1);
      await expectNoAxeViolations(page, "a report's note asked for at 1280 px");

      await field.fill("The two texts match line for line.");
      expect(await missing.count()).toBe(0);
      expect(await field.getAttribute("aria-invalid")).toBeNull();
      await save.press("Enter");
      await page
        .getByRole("listitem")
        .filter({ hasText: "The two texts match line for line." })
        .filter({ hasText: "demo_admin" })
        .waitFor();
      expect(await field.inputValue()).toBe("");
      // Saved, the keyboard is where it was: on Save note, not thrown back to the page's top.
      expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);
    });
  });

  test("a reader reports a story's cover, and an ambassador hides it from the report", async () => {
    const [story] = await hotStories(server.url, 1);
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", `/story/${story?.id}`);
      await page.getByRole("button", { name: "Report the cover image" }).click();
      const dialog = page.getByRole("dialog", { name: "Report this image" });
      await dialog.getByRole("button", { name: "Violent or graphic image" }).click();
      await dialog.getByLabel("Tell us what happened").fill("A gory close-up.");
      await expectNoAxeViolations(page, "a cover report at 360 px");
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.getByRole("heading", { name: "Thank you for your report" }).waitFor();
    });
    const cover = async () =>
      (
        (await (await fetch(`${server.url}/api/v3/stories/${story?.id}?fields=cover`)).json()) as {
          cover: string | null;
        }
      ).cover;
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", "/admin/community_reports?model_type=6");
      // On a phone the whole card opens its report, not only the title's line.
      const line = page.locator(".staff-reports__item").getByText("Reporter: demo_reader").first();
      await line.scrollIntoViewIfNeeded();
      const reporter = await line.boundingBox();
      if (!reporter) throw new Error("the report's reporter line is not shown");
      await page.mouse.click(reporter.x + reporter.width / 2, reporter.y + reporter.height / 2);
      await page.waitForURL(/\/admin\/community_reports\/\d+$/);
      const hide = page.getByRole("button", { name: "Hide this image" });
      await untilHydrated(hide);
      // Asked first, as the story page's Remove cover: Cancel hides nothing.
      await hide.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Hide this image?" });
      await dialog
        .getByText("Nobody but its owner will see it, with a notice that it breaks our Content")
        .waitFor();
      await expectNoAxeViolations(page, "hiding a reported image, asked at 360 px");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await hide.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await cover()).not.toBeNull();

      await hide.press("Enter");
      await dialog.getByRole("button", { name: "Hide this image" }).click();
      const hidden = page.getByText("Hidden: only its owner sees it now");
      await hidden.waitFor();
      // The button is gone: focus is on the line saying what was done.
      await expect
        .poll(() => hidden.evaluate((line) => line === document.activeElement))
        .toBe(true);
    });
    expect(await cover()).toBeNull();
  });

  test("what a reporter typed stays through Back and through a send that failed", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "kept_reporter");
      await page.goto("/user/demo_writer");
      const dialog = page.getByRole("dialog", { name: "Report this account" });
      const details = dialog.getByLabel("Tell us what happened");
      const walkToDetails = async () => {
        await page.locator(".profile-safety__menu summary").click();
        await page.getByRole("button", { name: "Report", exact: true }).click();
        await dialog.getByRole("button", { name: "Harassment or bullying" }).click();
        await dialog.getByRole("button", { name: "Me", exact: true }).click();
      };
      const typed = "They answer every part I post with insults.";
      await walkToDetails();
      await details.fill(typed);
      // A step back to check the choice, and on again: the words are still there.
      await dialog.getByRole("button", { name: "Back" }).click();
      await dialog.getByRole("button", { name: "Me", exact: true }).click();
      expect(await details.inputValue()).toBe(typed);

      // A send that fails closes the modal (§10); the same report opened again has them back.
      await page.route("**/v4/support/tickets/", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.unroute("**/v4/support/tickets/");
      await walkToDetails();
      expect(await details.inputValue()).toBe(typed);
      await expectNoAxeViolations(page, "the report's kept details at 360 px");
    });
  });

  test("a profile's menu and a message offer the report modal", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/user/demo_writer");
      await page.locator(".profile-safety__menu summary").click();
      await page.getByRole("button", { name: "Report", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Report this account" });
      await dialog.getByRole("button", { name: "Impersonation" }).waitFor();
      await expectNoAxeViolations(page, "a profile report at 1280 px");
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_writer", "/inbox/demo_reader");
      await page.getByRole("textbox", { name: /^Message / }).fill("Hello from the writer");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      // In the conversation: the composer may still hold the text for a moment.
      await page
        .getByRole("region", { name: /^Messages with / })
        .getByText("Hello from the writer")
        .waitFor();
    });
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/inbox/demo_writer");
      // The flag names whose message it reports, and quotes it.
      await page
        .getByRole("button", { name: /^Report .+'s message “Hello from the writer”$/ })
        .click();
      const dialog = page.getByRole("dialog", { name: "Report this message" });
      await dialog.getByRole("button", { name: "Spam or scam" }).click();
      await dialog.getByLabel("Tell us what happened").fill("Unwanted greetings.");
      await dialog.getByRole("button", { name: "Submit Report" }).click();
      await dialog.getByRole("heading", { name: "Thank you for your report" }).waitFor();
    });
  });
});
