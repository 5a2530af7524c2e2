import { SearchX } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/**
 * "Hmmm...there" is one word to the browser, wider than a phone's line at large text: a line
 * may end after the ellipsis instead (<wbr> adds nothing to the text a screen reader reads).
 */
function lineMayBreakAfterEllipsis(text: string): ReactNode {
  const at = text.indexOf("...");
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 3)}
      <wbr />
      {text.slice(at + 3)}
    </>
  );
}

/** 'Hmmm...there are no results', with what to try for this kind of result (and where). */
export function NoResults({ hint, children }: { hint: string; children?: ReactNode }) {
  return (
    <div className="search-empty">
      <Icon of={SearchX} aria-hidden="true" size={40} />
      <p className="search-empty__title">{lineMayBreakAfterEllipsis(t.search.noResults)}</p>
      <p>{hint}</p>
      {children}
    </div>
  );
}
