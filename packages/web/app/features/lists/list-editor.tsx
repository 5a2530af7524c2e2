import type { ReadingListDetails } from "@inkwell/shared";
import { ArrowDown, ArrowUp, GripVertical, X } from "lucide";
import { useRef, useState } from "react";
import { browserApi, type StoryCardData } from "../../api/client.ts";
import { type AlertMessage, LiveAlert, useLiveMessage } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Cover } from "../../components/cover.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal.ts";
import { useReorder } from "../../lib/use-reorder.ts";
import { useListPages } from "./list-pages.tsx";

/**
 * The owner's view of a list's stories: drag a row to a new place, or use Move up and
 * Move down from the keyboard; each move is saved at once and undone if saving fails.
 * A move sends the stories loaded so far: those on pages not yet loaded keep their places
 * after them.
 */
export function ListEditor({ list }: { list: ReadingListDetails }) {
  const listId = list.id;
  const pages = useRef<HTMLOListElement>(null);
  const { stories, setStories, more } = useListPages(list, pages);
  const [message, setMessage] = useLiveMessage<AlertMessage>();
  const { dragged, move, buttonId, rowProps } = useReorder({
    items: stories,
    setItems: setStories,
    buttonIds: "move",
    save: async (next, moved) => {
      const result = await browserApi()
        .reorderReadingList(
          listId,
          next.map((story) => story.id),
        )
        .catch(() => ({ ok: false as const }));
      const place = next.indexOf(moved) + 1;
      setMessage(
        result.ok
          ? { tone: "success", text: t.lists.moved(moved.title, place, next.length) }
          : { tone: "danger", text: t.lists.reorderFailed },
      );
      return result.ok;
    },
  });

  const { scope, removing } = useFocusAfterRemoval(
    stories,
    ".list-editor__info a, .profile__empty",
  );
  const [removingId, setRemovingId] = useState<number | null>(null);

  async function remove(story: StoryCardData, index: number) {
    if (removingId !== null) return;
    setRemovingId(story.id);
    const result = await browserApi()
      .removeFromReadingList(listId, story.id)
      .catch(() => ({ ok: false }));
    setRemovingId(null);
    if (result.ok) {
      removing(index);
      setStories((all) => all.filter((entry) => entry.id !== story.id));
      setMessage({ tone: "success", text: t.lists.removedStory(story.title) });
    } else setMessage({ tone: "danger", text: t.lists.removeFailed });
  }

  return (
    <div className="list-view" ref={scope}>
      <LiveAlert message={message} />
      {stories.length === 0 ? (
        <p className="profile__empty" tabIndex={-1}>
          {t.lists.empty}
        </p>
      ) : (
        <ol className="list-editor" ref={pages}>
          {stories.map((story, index) => (
            <li
              key={story.id}
              className={`list-editor__row${dragged === story.id ? " list-editor__row--dragged" : ""}`}
              {...rowProps(index, story)}
            >
              <span className="list-editor__grip" title={t.lists.dragHandle(story.title)}>
                <Icon of={GripVertical} aria-hidden="true" size={18} />
              </span>
              <Cover src={story.cover} title={story.title} width={48} />
              <span className="list-editor__info">
                <a className="tap-target" href={story.url}>
                  {story.title}
                </a>
                <span>{story.user.name}</span>
              </span>
              <span className="list-editor__actions">
                <ScriptButton
                  id={buttonId("up", story.id)}
                  className="button list-editor__icon"
                  aria-label={t.lists.moveUp(story.title)}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <Icon of={ArrowUp} aria-hidden="true" size={18} />
                </ScriptButton>
                <ScriptButton
                  id={buttonId("down", story.id)}
                  className="button list-editor__icon"
                  aria-label={t.lists.moveDown(story.title)}
                  disabled={index === stories.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <Icon of={ArrowDown} aria-hidden="true" size={18} />
                </ScriptButton>
                <BusyButton
                  type="button"
                  className="button list-editor__icon"
                  aria-label={t.lists.remove(story.title)}
                  busy={removingId === story.id}
                  onClick={() => remove(story, index)}
                >
                  <Icon of={X} aria-hidden="true" size={18} />
                </BusyButton>
              </span>
            </li>
          ))}
        </ol>
      )}
      {more}
    </div>
  );
}
