import { type RecentSearches as Recent, truncate } from "@inkwell/shared";
import { X } from "lucide";
import { Form } from "react-router";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { searchPath } from "./filters.ts";

/** reader.md §2: recent searches show cut to 30 characters. */
const RECENT_CUT = 30;

/** The reader's last searches, each a link back to its results and a remove button. */
export function RecentSearches({ recent }: { recent: Recent }) {
  if (recent.searches.length === 0) return null;
  return (
    <section className="recent-searches" aria-labelledby="recent-heading">
      <h2 id="recent-heading">{t.search.recent}</h2>
      <ul>
        {recent.searches.map(({ query }) => (
          <li key={query} className="recent-searches__item">
            <a href={searchPath(query, "stories")} title={query}>
              {truncate(query, RECENT_CUT)}
            </a>
            <Form method="post">
              <input type="hidden" name="query" value={query} />
              <button
                className="recent-searches__remove"
                type="submit"
                name="intent"
                value="remove"
                aria-label={t.search.removeRecent(truncate(query, RECENT_CUT))}
              >
                <Icon of={X} aria-hidden="true" size={18} />
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
