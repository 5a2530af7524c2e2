import { SearchX } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/** 'Hmmm...there are no results', with what to try for this kind of result (and where). */
export function NoResults({ hint, children }: { hint: string; children?: ReactNode }) {
  return (
    <div className="search-empty">
      <Icon of={SearchX} aria-hidden="true" size={40} />
      <p className="search-empty__title">{t.search.noResults}</p>
      <p>{hint}</p>
      {children}
    </div>
  );
}
