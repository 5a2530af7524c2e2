import { SearchX } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/** 'Hmmm...there are no results', with what to try for this kind of result. */
export function NoResults({ hint }: { hint: string }) {
  return (
    <div className="search-empty">
      <Icon of={SearchX} aria-hidden="true" size={40} />
      <p className="search-empty__title">{t.search.noResults}</p>
      <p>{hint}</p>
    </div>
  );
}
