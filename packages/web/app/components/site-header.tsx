import { Search } from "lucide-react";
import { InboxLink } from "../features/inbox/inbox-link.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { Avatar } from "./avatar.tsx";
import { BROWSE_TOPICS } from "./browse-topics.ts";
import { LogoMark } from "./logo.tsx";

/** The header: logo, Browse, the search form (GET /search/?q=…&ref=1), and Log in or the account menu. */
export function SiteHeader() {
  const user = useCurrentUser();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="logo" href="/" aria-label={t.nav.home}>
          <LogoMark />
          <span className="logo__word">{t.brand}</span>
        </a>
        <details className="browse">
          <summary className="browse__toggle">{t.nav.browse}</summary>
          <nav className="browse__menu" aria-label={t.nav.browseGenres}>
            <ul>
              {BROWSE_TOPICS.map((topic) => (
                <li key={topic.tag}>
                  <a href={`/stories/${topic.tag}`}>{topic.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <search className="search-form">
          <form method="get" action="/search/">
            <input type="hidden" name="ref" value="1" />
            <label className="visually-hidden" htmlFor="site-search">
              {t.nav.search}
            </label>
            <Search className="search-form__icon" aria-hidden="true" size={18} />
            <input
              id="site-search"
              className="search-form__input"
              type="search"
              name="q"
              minLength={1}
              required
              placeholder={t.nav.searchPlaceholder}
              autoComplete="off"
            />
          </form>
        </search>
        {user && <InboxLink username={user.username} />}
        {user ? (
          <details className="account-menu">
            <summary className="account-menu__toggle" aria-label={t.account.accountMenu}>
              <Avatar src={user.avatar} name={user.name} size={32} />
            </summary>
            <div className="account-menu__panel">
              <p className="account-menu__who">{t.account.signedInAs(user.username)}</p>
              <a className="account-menu__link" href="/myworks">
                {t.works.write}
              </a>
              <form method="post" action="/logout">
                <button className="button" type="submit">
                  {t.account.logOut}
                </button>
              </form>
            </div>
          </details>
        ) : (
          <a className="button button--primary site-header__login" href="/login">
            {t.nav.logIn}
          </a>
        )}
      </div>
    </header>
  );
}
