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

type FilterType = "checkbox" | "radio";

/** One choice of a filter, sent by the form as `name=value` when chosen. */
function FilterOption({
  type = "checkbox",
  name,
  value,
  checked,
  label,
}: {
  type?: FilterType;
  name: string;
  value: string;
  checked: boolean;
  label: string;
}) {
  return (
    <label className="search-filters__option">
      <input type={type} name={name} value={value} defaultChecked={checked} />
      {label}
    </label>
  );
}

/** A filter's choices, each drawn by FilterOption. */
function FilterChoices<T extends string>({
  type,
  name,
  options,
  labels,
  chosen,
}: {
  type?: FilterType;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: (option: T) => boolean;
}) {
  return options.map((option) => (
    <FilterOption
      key={option}
      type={type}
      name={name}
      value={option}
      checked={chosen(option)}
      label={labels[option]}
    />
  ));
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
          <FilterChoices
            name="updated"
            options={SEARCH_UPDATED}
            labels={t.search.updatedOptions}
            chosen={(option) => filters.updated.includes(option)}
          />
        </fieldset>
        <fieldset>
          <legend>{t.search.content}</legend>
          <FilterChoices
            name="content"
            options={SEARCH_CONTENT}
            labels={t.search.contentOptions}
            chosen={(option) => filters.content.includes(option)}
          />
          {offerHideMature && (
            <FilterOption
              name="hideMature"
              value="1"
              checked={filters.hideMature}
              label={t.search.hideMature}
            />
          )}
        </fieldset>
        <fieldset>
          <legend>{t.search.length}</legend>
          <FilterChoices
            type="radio"
            name="length"
            options={SEARCH_LENGTHS}
            labels={t.search.lengthOptions}
            chosen={(option) => filters.length === option}
          />
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
