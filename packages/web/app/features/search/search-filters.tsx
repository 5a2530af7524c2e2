import {
  SEARCH_CONTENT,
  SEARCH_LENGTHS,
  SEARCH_UPDATED,
  type StorySearchFilters,
} from "@inkwell/shared";
import { SlidersHorizontal } from "lucide";
import { Form, useNavigation } from "react-router";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { activeFilterCount } from "./filters.ts";

interface SearchFiltersProps {
  action: string;
  filters: StorySearchFilters;
  /** 'Hide mature stories' is offered only to readers who see mature stories at all. */
  offerHideMature: boolean;
}

/**
 * The story filters as a GET form (it works before JavaScript), in a panel that folds away
 * on a phone and stays open beside the results on wider screens (see app.css).
 */
export function SearchFilters({ action, filters, offerHideMature }: SearchFiltersProps) {
  const active = activeFilterCount(filters);
  // A new set of filters is a new list: keyed so the form's defaults follow the URL.
  const key = JSON.stringify(filters);
  // On a slow network the old results stay until the new ones arrive: Apply says it is on it.
  const navigation = useNavigation();
  const applying = navigation.state === "loading" && navigation.formAction === action;
  return (
    <details className="search-filters" open={active > 0 || undefined}>
      <summary className="search-filters__toggle">
        <Icon of={SlidersHorizontal} aria-hidden="true" size={18} />
        {active > 0 ? t.search.filtersActive(active) : t.search.filters}
      </summary>
      <Form method="get" action={action} className="search-filters__form" key={key}>
        <fieldset>
          <legend>{t.search.updated}</legend>
          {SEARCH_UPDATED.map((option) => (
            <label key={option} className="search-filters__option">
              <input
                type="checkbox"
                name="updated"
                value={option}
                defaultChecked={filters.updated.includes(option)}
              />
              {t.search.updatedOptions[option]}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t.search.content}</legend>
          {SEARCH_CONTENT.map((option) => (
            <label key={option} className="search-filters__option">
              <input
                type="checkbox"
                name="content"
                value={option}
                defaultChecked={filters.content.includes(option)}
              />
              {t.search.contentOptions[option]}
            </label>
          ))}
          {offerHideMature && (
            <label className="search-filters__option">
              <input
                type="checkbox"
                name="hideMature"
                value="1"
                defaultChecked={filters.hideMature}
              />
              {t.search.hideMature}
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend>{t.search.length}</legend>
          {SEARCH_LENGTHS.map((option) => (
            <label key={option} className="search-filters__option">
              <input
                type="radio"
                name="length"
                value={option}
                defaultChecked={filters.length === option}
              />
              {t.search.lengthOptions[option]}
            </label>
          ))}
        </fieldset>
        <div className="search-filters__actions">
          <button
            className="button button--primary"
            type="submit"
            aria-disabled={applying || undefined}
          >
            {applying ? t.search.applying : t.search.apply}
          </button>
          <a className="button" href={action}>
            {t.search.clear}
          </a>
        </div>
      </Form>
    </details>
  );
}
