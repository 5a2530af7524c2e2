import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  logIn,
  logInAt,
  PHONE,
  untilHydrated,
  useBrowser,
} from "./support/browser.ts";
import { squash } from "./support/catalogue.ts";
import { restoreAppealed } from "./support/image-appeals.ts";
import { GIF, NOT_TAKEN, solidPng } from "./support/images.ts";
import { useServer } from "./support/server.ts";
import { SIGN_UP_PASSWORD, signUp, verifyEmail } from "./support/sign-up.ts";

const server = useServer();
const { withPage } = useBrowser();

interface Author {
  storyId: number;
  storyTitle: string;
  username: string;
  name: string;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A popular story whose author demo_reader does not follow yet (the seed follows some). */
async function storyByAnAuthorNotFollowed(): Promise<Author> {
  const [{ stories }, { users }] = await Promise.all([
    getJson<{ stories: { id: number; title: string; user: { username: string; name: string } }[] }>(
      "/api/v3/stories?filter=hot&limit=50",
    ),
    getJson<{ users: { username: string }[] }>("/api/v3/users/demo_reader/following?limit=50"),
  ]);
  const followed = new Set([...users.map((user) => user.username), "demo_reader"]);
  const story = stories.find((entry) => !followed.has(entry.user.username));
  if (!story) throw new Error("demo_reader follows the author of every popular story");
  return {
    storyId: story.id,
    storyTitle: story.title,
    username: story.user.username,
    name: story.user.name,
  };
}

/** The number under a label of the profile header, as shown ("36", "1.2K"). */
async function count(page: Page, label: "Works" | "Reading Lists" | "Followers") {
  const item = page.locator(".profile-header__counts > div").filter({
    has: page.getByRole("term").filter({ hasText: label }),
  });
  return squash(await item.getByRole("definition").textContent());
}

async function expectNoHorizontalOverflow(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `page width at ${page.url()}`).toBeLessThanOrEqual(width);
}

let author: Author;

beforeAll(async () => {
  author = await storyByAnAuthorNotFollowed();
});

describe("profiles and follow", () => {
  test("a reader follows a story's author from the profile, and unfollows", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");

      await page.goto(`/story/${author.storyId}`);
      await page.getByRole("link", { name: new RegExp(`^by ${author.name}`) }).click();
      await page.waitForURL(`${server.url}/user/${author.username}`);
      const heading = page.getByRole("heading", { level: 1 });
      expect(squash(await heading.textContent())).toContain(author.name);
      expect(await page.getByText(`@${author.username}`, { exact: true }).isVisible()).toBe(true);
      const stories = page.getByRole("list", { name: `Stories by ${author.name}` });
      expect(await stories.getByRole("heading", { level: 3 }).count()).toBeGreaterThan(0);

      const before = Number(await count(page, "Followers"));
      const follow = page.getByRole("button", { name: "Follow", exact: true });
      await follow.click();
      const following = page.getByRole("button", { name: "Following", exact: true });
      await following.waitFor();
      expect(await following.getAttribute("aria-pressed")).toBe("true");
      expect(await count(page, "Followers")).toBe(String(before + 1));
      // The reader now appears among the author's followers once the page is read again.
      await page.reload();
      await following.waitFor();
      expect(await count(page, "Followers")).toBe(String(before + 1));
      const followers = page.getByRole("list", { name: `People following ${author.name}` });
      expect(await followers.getByRole("link", { name: /@demo_reader/ }).isVisible()).toBe(true);

      await following.click();
      await follow.waitFor();
      expect(await count(page, "Followers")).toBe(String(before));
      await page.reload();
      await follow.waitFor();
      expect(await count(page, "Followers")).toBe(String(before));
      expect(await page.getByRole("alert").filter({ hasText: /./ }).count()).toBe(0);
    });
  });

  test("a failed follow puts the count back and says so", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_reader", "/home");
      await page.goto(`/user/${author.username}`);
      const before = await count(page, "Followers");
      await page.route("**/api/v3/users/*/following", (route) =>
        route.fulfill({ status: 500, body: "{}" }),
      );
      // Said in the alert region that was on the page before (decision 058).
      const said = await page.locator(".follow [role=alert]").elementHandle();
      if (!said) throw new Error("the follow button has an alert region");
      expect(await said.textContent()).toBe("");
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      await expect.poll(() => said.textContent()).toBe("Follow failed. Please try again.");
      expect(await count(page, "Followers")).toBe(before);
      expect(
        await page
          .getByRole("button", { name: "Follow", exact: true })
          .getAttribute("aria-pressed"),
      ).toBe("false");
    });
  });

  test("a 'Show more' that fails says so in the spec's words", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto("/user/demo_writer");
      // The next page of the profile's stories (or people) fails to come.
      await page.route(
        (url) =>
          url.pathname.startsWith("/api/v3/users/demo_writer/") && url.searchParams.has("offset"),
        (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
      );
      const said = await page.locator(".page-more + [role=alert]").first().elementHandle();
      if (!said) throw new Error("Show more has an alert region");
      expect(await said.textContent()).toBe("");
      await page.getByRole("button", { name: "Show more" }).first().click();
      await expect.poll(() => said.textContent()).toBe("Something went wrong. Please try again");
      await expectNoAxeViolations(page, "the profile after a failed Show more");
    });
  });

  test("following, then Show more among the followers, lists nobody twice", async () => {
    // A popular writer with more followers than the profile's first page shows.
    const { stories } = await getJson<{ stories: { user: { username: string } }[] }>(
      "/api/v3/stories?filter=hot&limit=20",
    );
    const totals = await Promise.all(
      stories.map(async ({ user }) => ({
        username: user.username,
        total: (
          await getJson<{ total: number }>(`/api/v3/users/${user.username}/followers?limit=1`)
        ).total,
      })),
    );
    const writer = totals.find(({ total }) => total > 20);
    if (!writer) throw new Error("a popular writer has more than 20 followers");
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, "late_follower");
      await verifyEmail(page, "late_follower");
      await page.goto(`/user/${writer.username}`);
      const followers = page.locator(".profile section").filter({
        has: page.getByRole("button", { name: /^Show more in People following/ }),
      });
      const people = followers.getByRole("listitem");
      const before = await people.count();
      // The new follow heads the followers' list, pushing every later page on by one.
      await (
        await untilHydrated(page.getByRole("button", { name: "Follow", exact: true }))
      ).click();
      await page
        .locator(".profile-header")
        .getByRole("button", { name: "Following", exact: true })
        .waitFor();
      await followers.getByRole("button", { name: /^Show more/ }).click();
      await expect.poll(() => people.count()).toBeGreaterThan(before);

      const shown = await people
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(shown.length).toBe(new Set(shown).size);
    });
  });

  test("Show more hands focus to the first story it added", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await page.goto("/user/demo_writer");
      const stories = page.getByRole("list", { name: "Stories by Wren Writer" });
      const cards = stories.getByRole("listitem");
      const before = await cards.count();
      const more = await untilHydrated(
        page.getByRole("button", { name: "Show more in Stories by Wren Writer" }),
      );
      await more.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
      const firstNew = cards.nth(before).getByRole("link");
      const title = await firstNew.getByRole("heading").textContent();
      expect(title?.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(title);
      expect(await firstNew.evaluate((link) => link === document.activeElement)).toBe(true);
    });
  });

  test("a visitor pressing Follow is asked to sign up", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/user/${author.username}`);
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.getByRole("link", { name: "Sign up with email" }).isVisible()).toBe(true);
    });
  });

  test("a profile's story cards are read by title alone, and each Show more names its list", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/user/${author.username}`);
      const stories = page.getByRole("list", { name: `Stories by ${author.name}` });
      // The cover shares the card's link with the title: read, it said the title twice.
      expect(await stories.getByRole("img").count()).toBe(0);
      const titles = await stories.getByRole("heading", { level: 3 }).allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) {
        expect(await stories.getByRole("link", { name: title, exact: true }).count()).toBe(1);
      }

      // Each of a profile's three Show more buttons says which list it grows.
      await page.goto("/user/demo_writer");
      const names = await page
        .getByRole("main")
        .getByRole("button", { name: /^Show more/ })
        .evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim()));
      expect(names).toEqual([
        "Show more in Stories by Wren Writer",
        "Show more in People following Wren Writer",
        "Show more in People Wren Writer follows",
      ]);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`the profile passes axe at ${viewport.width} px (${colorScheme})`, async () => {
        await withPage({ viewport, colorScheme, baseURL: server.url }, async (page) => {
          const response = await page.goto(`/user/${author.username}`);
          expect(response?.status()).toBe(200);
          await expectNoHorizontalOverflow(page, viewport.width);
          await expectNoAxeViolations(page, `the profile at ${viewport.width} px (${colorScheme})`);
        });
      });
    }
  }

  test("an unknown username shows the 'User not found' modal with status 404; Go back goes back", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/user/${author.username}`);
      const response = await page.goto("/user/nobody_by_this_name");
      expect(response?.status()).toBe(404);
      const modal = page.getByRole("dialog", { name: "User not found" });
      await modal.waitFor();
      // A modal over the page (the rest of it inert), once scripts have run.
      await expect.poll(() => modal.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
      expect(
        await modal
          .getByText("This user no longer exists, or is only visible to a selected audience.")
          .isVisible(),
      ).toBe(true);
      expect(await modal.getByRole("link", { name: "Learn more" }).getAttribute("href")).toBe(
        "/terms",
      );
      await expectNoAxeViolations(page, "the user-not-found modal at 360 px");
      await modal.getByRole("button", { name: "Go back" }).click();
      await page.waitForURL(`${server.url}/user/${author.username}`);
    });
  });

  test("the 'User not found' modal shows without scripts, and Escape goes back too", async () => {
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page, context) => {
      await page.goto(`/user/${author.username}`);
      await context.route("**/*.js", (route) => route.abort());
      await page.goto("/user/nobody_by_this_name");
      const modal = page.getByRole("dialog", { name: "User not found" });
      expect(await modal.getByRole("button", { name: "Go back" }).isVisible()).toBe(true);
      await context.unroute("**/*.js");
      await page.reload();
      await expect.poll(() => modal.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
      await page.waitForURL(`${server.url}/user/${author.username}`);
    });
  });
});

describe("editing one's own profile", () => {
  test("a new reader sets a name, about, pictures and colour on a phone, keyboard and axe included", async () => {
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      const username = "juniper_edits";
      await signUp(page, username);
      await page.goto(`/user/${username}`);
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "the profile form at 360 px");

      // Refused in the browser, with the server's words: nothing is sent.
      const name = dialog.getByRole("textbox", { name: "Name" });
      const picker = (group: string) =>
        dialog.getByRole("group", { name: group }).getByLabel("Choose a picture");
      await name.fill("   ");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText("Enter the name to show on your profile.").waitFor();
      expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      await picker("Profile picture").setInputFiles(GIF);
      await dialog.getByRole("alert").filter({ hasText: NOT_TAKEN }).waitFor();

      await name.fill("Juniper Vale");
      await dialog
        .getByRole("textbox", { name: "About" })
        .fill("Night-shift reader.\n\nAsk me about #fantasy, or say hi to @demo_writer.");
      expect(await dialog.getByText("70 of 2,000 characters").isVisible()).toBe(true);
      await picker("Profile picture").setInputFiles({
        name: "me.png",
        mimeType: "image/png",
        buffer: solidPng(300, 200, [220, 140, 40]),
      });
      await dialog.getByRole("img", { name: "Your new profile picture" }).waitFor();
      await picker("Background picture").setInputFiles({
        name: "band.png",
        mimeType: "image/png",
        buffer: solidPng(800, 400, [30, 90, 160]),
      });
      await dialog.getByRole("img", { name: "Your new background picture" }).waitFor();
      // The colours are one radio group: arrows move the choice.
      await dialog.getByRole("radio", { name: "Teal" }).check();
      await page.keyboard.press("ArrowRight");
      expect(await dialog.getByRole("radio", { name: "Ocean" }).isChecked()).toBe(true);
      await expectNoAxeViolations(page, "the filled profile form at 360 px");
      await dialog.getByRole("button", { name: "Save" }).click();

      await page.getByText("Your profile was saved.").waitFor();
      await dialog.waitFor({ state: "hidden" });
      const header = page.locator(".profile-header");
      await header.getByRole("heading", { level: 1, name: "Juniper Vale" }).waitFor();
      const about = page.getByRole("region", { name: "About" });
      expect(squash(await about.textContent())).toContain("Ask me about #fantasy");
      expect(await about.getByRole("link", { name: "@demo_writer" }).getAttribute("href")).toBe(
        "/user/demo_writer",
      );
      // Served at the §9 sizes: the 128 px avatar from its resized copy, the band at 1920.
      const avatar = header.locator(".profile-header__avatar img");
      await expect
        .poll(() =>
          avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBe(128);
      expect(await avatar.getAttribute("src")).toMatch(
        /^\/media\/avatars\/\d+-[0-9a-f]{12}\.jpg\?w=128$/,
      );
      const band = header.locator(".profile-header__background");
      await expect
        .poll(() =>
          band.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        )
        .toBe(1920);
      expect(
        await header
          .locator(".profile-header__band")
          .evaluate((element) => element.style.background),
      ).toBe("rgb(3, 105, 161)");
      await expectNoHorizontalOverflow(page, PHONE.width);
      await expectNoAxeViolations(page, "the edited profile at 360 px");

      // Kept: after a reload, and taken away again with Remove.
      await page.reload();
      await header.getByRole("heading", { level: 1, name: "Juniper Vale" }).waitFor();
      const thisMonth = new Date().toLocaleDateString("en-US", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      expect(await header.getByText(`Joined ${thisMonth}`, { exact: true }).isVisible()).toBe(true);
      await page.getByRole("button", { name: "Edit profile" }).click();
      await dialog
        .getByRole("group", { name: "Profile picture" })
        .getByRole("button", { name: "Remove" })
        .click();
      await dialog.getByText("Removed when you press Save.").waitFor();
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Your profile was saved.").waitFor();
      await expect.poll(() => avatar.count()).toBe(0);
      expect(squash(await header.locator(".avatar--initial").textContent())).toBe("J");

      // Nobody else is offered the form.
      await page.goto("/user/demo_writer");
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Edit profile" }).count()).toBe(0);
    });
  });

  test("an ambassador hides a profile picture; its owner appeals and staff restore it", async () => {
    const username = "rowan_pictures";
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await signUp(page, username);
      await page.goto(`/user/${username}`);
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      // A name apart from the username: the appeals queue names the profile by it.
      await dialog.getByRole("textbox", { name: "Name" }).fill("Rowan Ash");
      await dialog
        .getByRole("group", { name: "Profile picture" })
        .getByLabel("Choose a picture")
        .setInputFiles({
          name: "me.png",
          mimeType: "image/png",
          buffer: solidPng(200, 200, [180, 40, 90]),
        });
      await dialog.getByRole("img", { name: "Your new profile picture" }).waitFor();
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Your profile was saved.").waitFor();
    });

    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_ambassador", `/user/${username}`);
      const avatar = page.locator(".profile-header__avatar img");
      await avatar.waitFor();
      await page.getByLabel("Options for Rowan Ash").click();
      expect(await page.getByRole("button", { name: "Hide background picture" }).count()).toBe(0);
      await page.getByRole("button", { name: "Hide profile picture" }).click();
      const confirm = page.getByRole("dialog", { name: "Hide this profile picture?" });
      await confirm.getByRole("button", { name: "Hide profile picture" }).click();
      await page.getByText("The picture is hidden: only its owner sees it now").waitFor();
      await expect.poll(() => avatar.count()).toBe(0);
    });

    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/login?${new URLSearchParams({ nextUrl: `/user/${username}` })}`);
      await logIn(page, username, SIGN_UP_PASSWORD);
      await page.waitForURL(`${server.url}/user/${username}`);
      const notice = page.getByRole("note").first();
      await notice.waitFor();
      expect(await notice.getByRole("link", { name: "Appeal" }).getAttribute("href")).toMatch(
        /^\/image-appeal\?image_url=%2Fmedia%2Favatars%2F\d+-[0-9a-f]{12}\.jpg$/,
      );
      expect(await page.locator(".profile-header__avatar img").count()).toBe(0);
      await expectNoHorizontalOverflow(page, PHONE.width);
      await expectNoAxeViolations(page, "a profile whose picture was hidden, seen by its owner");

      await notice.getByRole("link", { name: "Appeal" }).click();
      await page.getByLabel("Why should this image be restored?").fill("It is my own face.");
      await page.getByRole("button", { name: "Send" }).click();
      await page.getByRole("heading", { name: "Thank you, we've received your appeal" }).waitFor();
    });

    // Staff see whose profile the picture is on, by the owner's name, and decide it there.
    await withPage({ viewport: DESKTOP, baseURL: server.url }, async (page) => {
      await logInAt(page, "demo_admin", "/admin/image_appeals");
      const appeal = page.getByRole("listitem", { name: "Rowan Ash's profile" });
      await appeal.getByText("It is my own face.").waitFor();
      expect(
        await appeal.getByRole("link", { name: "Rowan Ash's profile" }).getAttribute("href"),
      ).toBe(`/user/${username}`);
      await appeal.getByText(`Appealed by ${username}`, { exact: true }).waitFor();
      expect(await appeal.locator("img").getAttribute("src")).toMatch(
        /^\/media\/avatars\/\d+-[0-9a-f]{12}\.jpg$/,
      );
      await expectNoAxeViolations(page, "a profile picture's appeal in the queue at 1280 px");
      await restoreAppealed(appeal);
    });

    // Restored: everyone sees the picture again.
    await withPage({ viewport: PHONE, baseURL: server.url }, async (page) => {
      await page.goto(`/user/${username}`);
      await page.getByRole("heading", { level: 1, name: "Rowan Ash" }).waitFor();
      await page.locator(".profile-header__avatar img").waitFor();
    });
  });
});
