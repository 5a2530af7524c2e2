import { Search } from "lucide-react";
import { t } from "../i18n/index.ts";
import { BROWSE_TOPICS } from "./browse-topics.ts";
import { LogoMark } from "./logo.tsx";

/** The visitor's header: logo, Browse, the search form (GET /search/?q=…&ref=1), Log in. */
export function SiteHeader() {
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
        <a className="button button--primary site-header__login" href="/login">
          {t.nav.logIn}
        </a>
      </div>
    </header>
  );
}
