import { type CurrentUser, featuredListUrl, isModerator, isStaffOrAdmin } from "@inkwell/shared";
import { lazy, Suspense, useRef } from "react";
import { useLocation } from "react-router";
import type { PicksLink } from "../features/home/picks-link.ts";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { useDismissibleDetails } from "../lib/use-dismissible-details.ts";
import { useHeaderHeight } from "../lib/use-header-height.ts";
import { Avatar } from "./avatar.tsx";
import { BROWSE_TOPICS } from "./browse-topics.ts";
import { HeaderMenu } from "./header-menu.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { LogoMark } from "./logo.tsx";
import { SearchField } from "./search-field.tsx";

/** Signed-in readers only: visitors' pages download neither (docs/decisions/025). */
const WalletButton = lazy(() => import("../features/coins/wallet-button.tsx"));
const InboxLink = lazy(() => import("../features/inbox/inbox-link.tsx"));

/**
 * The header (reader.md §2): logo, Browse (genres, and the picks list in English), for
 * visitors Writer Opportunities (English only) and Community, the search form
 * (GET /search/?q=…&ref=1), then Log in and the language dropdown, or the wallet, the inbox
 * and the account menu.
 * Up to 1200 px (75 em with larger text) a visitor's Writer Opportunities, Community and
 * language move to the Menu. Up to 767 px (48 em) the search form takes a second row, except
 * on the search pages.
 */
export function SiteHeader({ locale, picks }: { locale: string; picks: PicksLink | null }) {
  const user = useCurrentUser();
  const browse = useDismissibleDetails();
  const community = useDismissibleDetails();
  const account = useDismissibleDetails();
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  // The search pages have a search bar of their own: on a phone the header's would be a second.
  const onSearchPage = pathname === "/search" || pathname.startsWith("/search/");
  const className = [
    "site-header",
    user && "site-header--member",
    onSearchPage && "site-header--search-page",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <header className={className} ref={header}>
      {/* One landmark for all of it, there while the menus are closed: the menus' own lists
          exist only while open, so a screen reader jumping by landmarks found nothing here. */}
      <nav className="site-header__inner" aria-label={t.nav.site}>
        <a className="logo" href="/" aria-label={t.nav.home}>
          <LogoMark />
          <span className="logo__word">{t.brand}</span>
        </a>
        <details className="browse" {...browse}>
          <summary className="browse__toggle chevron">{t.nav.browse}</summary>
          <nav className="browse__menu" aria-label={t.nav.browseGenres}>
            <ul>
              {BROWSE_TOPICS.map((topic) => (
                <li key={topic.tag}>
                  <a
                    href={`/stories/${topic.tag}`}
                    aria-current={pathname === `/stories/${topic.tag}` ? "page" : undefined}
                  >
                    {topic.label}
                  </a>
                </li>
              ))}
            </ul>
            {picks && (
              <a className="browse__picks" href={featuredListUrl(picks.id)}>
                {picks.name}
              </a>
            )}
          </nav>
        </details>
        {!user && (
          <>
            {locale === "en" && (
              <a className="site-header__link" href="/#get-discovered">
                {t.header.writerOpportunities}
              </a>
            )}
            <details className="browse community" {...community}>
              <summary className="browse__toggle chevron">{t.header.community}</summary>
              <nav className="browse__menu" aria-label={t.header.community}>
                <ul>
                  {t.header.communityLinks.map((link) => (
                    <li key={link.url}>
                      <a href={link.url}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            </details>
          </>
        )}
        <search className="search-form">
          <form method="get" action="/search/">
            <input type="hidden" name="ref" value="1" />
            <label className="visually-hidden" htmlFor="site-search">
              {t.nav.search}
            </label>
            <SearchField id="site-search" />
          </form>
        </search>
        {user && (
          <span className="wallet-slot">
            <Suspense fallback={null}>
              <WalletButton userId={user.id} />
            </Suspense>
          </span>
        )}
        {user && (
          <Suspense fallback={<span className="inbox-link" />}>
            <InboxLink username={user.username} />
          </Suspense>
        )}
        {user ? (
          <details className="account-menu" {...account}>
            <summary className="account-menu__toggle" aria-label={t.header.accountMenu}>
              <Avatar src={user.avatar} name={user.name} size={32} />
            </summary>
            <div className="account-menu__panel">
              <p className="account-menu__who">{t.header.signedInAs(user.username)}</p>
              <nav aria-label={t.header.yourPages}>
                {[
                  { url: `/user/${encodeURIComponent(user.username)}`, label: t.header.profile },
                  { url: "/library", label: t.header.library },
                  { url: "/myworks", label: t.nav.write },
                  { url: "/settings", label: t.header.settings },
                ].map((link) => (
                  <a
                    key={link.url}
                    className="account-menu__link"
                    href={link.url}
                    aria-current={pathname === link.url ? "page" : undefined}
                  >
                    {link.label}
                  </a>
                ))}
              </nav>
              <StaffLinks user={user} />
              <form method="post" action="/logout">
                <button className="button" type="submit">
                  {t.header.logOut}
                </button>
              </form>
            </div>
          </details>
        ) : (
          <>
            <a className="button button--primary site-header__login" href="/login">
              {t.nav.logIn}
            </a>
            <LanguagePicker
              current={locale}
              id="header-language"
              className="site-header__language"
            />
            <HeaderMenu locale={locale} />
          </>
        )}
      </nav>
    </header>
  );
}

/** The staff pages this user may open, in the account menu (none for readers). */
function StaffLinks({ user }: { user: CurrentUser }) {
  const links = [
    isModerator(user) && { url: "/admin/community_reports", label: t.header.staffLinks.reports },
    isModerator(user) && { url: "/admin/image_appeals", label: t.header.staffLinks.imageAppeals },
    isStaffOrAdmin(user) && { url: "/admin/promotions", label: t.header.staffLinks.promotions },
    user.isSysAdmin && { url: "/admin/contest", label: t.header.staffLinks.contest },
    user.isSysAdmin && {
      url: "/admin/paid_stories_manager",
      label: t.header.staffLinks.paidStories,
    },
    // Without a story the page asks for one (decision 095); system admins' alone, as its loader.
    user.isSysAdmin && {
      url: "/admin/story_rating_history.php",
      label: t.header.staffLinks.ratingHistory,
    },
  ].filter((link) => link !== false);
  if (links.length === 0) return null;
  return (
    <nav className="account-menu__staff" aria-label={t.header.staffTools}>
      <p className="account-menu__who">{t.header.staffTools}</p>
      {links.map((link) => (
        <a key={link.url} className="account-menu__link" href={link.url}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}
