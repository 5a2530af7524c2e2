import type { ReadingListSummary } from "@inkwell/shared";
import { Lock } from "lucide";
import { Cover } from "../../components/cover.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";

/** Reading lists as links to their pages, each with its cover and story count. */
export function ListLinks({
  lists,
  label,
  empty,
}: {
  lists: ReadingListSummary[];
  label: string;
  empty: string;
}) {
  if (lists.length === 0) return <p className="profile__empty">{empty}</p>;
  return (
    <ul className="list-links" aria-label={label}>
      {lists.map((list) => (
        <li key={list.id}>
          <a href={`/list/${list.id}`}>
            <Cover src={list.cover} title={list.name} width={48} decorative />
            <span className="list-links__name">
              {list.name}
              {list.isPrivate && <Icon of={Lock} aria-label={t.lists.private} size={14} />}
            </span>
            <span className="list-links__count">{t.lists.storiesCount(list.numStories)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
