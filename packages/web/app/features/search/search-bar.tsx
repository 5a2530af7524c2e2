import { SearchField } from "../../components/search-field.tsx";
import { t } from "../../i18n/index.ts";

/**
 * The search page's bar (reader.md §2): a GET to /search, which opens the results. Once a
 * term is shown, a Cancel link goes back to the blank search page.
 */
export function SearchBar({ term = "" }: { term?: string }) {
  return (
    <search className="search-bar">
      <form method="get" action="/search" className="search-bar__form">
        <label className="visually-hidden" htmlFor="search-page-input">
          {t.nav.search}
        </label>
        <SearchField
          id="search-page-input"
          className="search-bar__field"
          defaultValue={term}
          maxLength={1000}
        />
        <button className="button button--primary" type="submit">
          {t.search.submit}
        </button>
      </form>
      {term && (
        <a className="search-bar__cancel" href="/search">
          {t.search.cancel}
        </a>
      )}
    </search>
  );
}
