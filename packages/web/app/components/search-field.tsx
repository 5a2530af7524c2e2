import { Search } from "lucide";
import type { InputHTMLAttributes } from "react";
import { t } from "../i18n/index.ts";
import { Icon } from "./icon.tsx";

interface SearchFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "placeholder"> {
  id: string;
  /** The search page's larger box; the header's is the plain one. */
  className?: string;
}

/**
 * A search box (reader.md §2): its icon, the input and the 'Search for stories and people'
 * placeholder. The placeholder is drawn as text over the input, not by the browser, so that
 * with large text on a narrow phone it wraps onto a second line, the box growing with it,
 * rather than being cut off (WCAG 1.4.4 and 1.4.10). Screen readers still read the input's
 * own placeholder; the drawn one is hidden from them, and from sight once a term is typed.
 */
export function SearchField({ id, className, ...input }: SearchFieldProps) {
  return (
    <span className={className ? `search-field ${className}` : "search-field"}>
      <input
        type="search"
        name="q"
        minLength={1}
        required
        autoComplete="off"
        {...input}
        id={id}
        className="search-field__input"
        placeholder={t.nav.searchPlaceholder}
      />
      <Icon of={Search} className="search-field__icon" aria-hidden="true" size={18} />
      <span className="search-field__placeholder" aria-hidden="true">
        {t.nav.searchPlaceholder}
      </span>
    </span>
  );
}
