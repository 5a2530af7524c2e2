import type { StoryCard } from "@inkwell/shared";
import { ArrowDown, ArrowUp, GripVertical, X } from "lucide-react";
import { type DragEvent, useState } from "react";
import { browserApi, type StoryCardData } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { Cover } from "../../components/cover.tsx";
import { t } from "../../i18n/index.ts";

type Message = { tone: "danger" | "success"; text: string } | null;

/**
 * The owner's view of a list's stories: drag a row to a new place, or use Move up and
 * Move down from the keyboard; each move is saved at once and undone if saving fails.
 */
export function ListEditor({ listId, first }: { listId: number; first: StoryCard[] }) {
  const [stories, setStories] = useState<StoryCardData[]>(first);
  const [dragged, setDragged] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  async function reorder(next: StoryCardData[], moved: StoryCardData, focus?: string) {
    const before = stories;
    setStories(next);
    const place = next.indexOf(moved) + 1;
    if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
    const result = await browserApi()
      .reorderReadingList(
        listId,
        next.map((story) => story.id),
      )
      .catch(() => ({ ok: false }));
    if (result.ok)
      setMessage({ tone: "success", text: t.lists.moved(moved.title, place, next.length) });
    else {
      setStories(before);
      setMessage({ tone: "danger", text: t.lists.reorderFailed });
    }
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    const story = stories[index];
    if (!story || target < 0 || target >= stories.length) return;
    const next = [...stories];
    next.splice(index, 1);
    next.splice(target, 0, story);
    // Keep focus on the same button as the row moves, unless it has reached the end.
    const edge = target === 0 || target === stories.length - 1;
    const focus = `move-${by < 0 ? (edge ? "down" : "up") : edge ? "up" : "down"}-${story.id}`;
    reorder(next, story, focus);
  }

  function drop(event: DragEvent, index: number) {
    event.preventDefault();
    const from = stories.findIndex((story) => story.id === dragged);
    setDragged(null);
    const story = stories[from];
    if (!story || from === index) return;
    const next = [...stories];
    next.splice(from, 1);
    next.splice(index, 0, story);
    reorder(next, story);
  }

  async function remove(story: StoryCardData) {
    const result = await browserApi()
      .removeFromReadingList(listId, story.id)
      .catch(() => ({ ok: false }));
    if (result.ok) {
      setStories((all) => all.filter((entry) => entry.id !== story.id));
      setMessage({ tone: "success", text: t.lists.removedStory(story.title) });
    } else setMessage({ tone: "danger", text: t.lists.removeFailed });
  }

  if (stories.length === 0) return <p className="profile__empty">{t.lists.empty}</p>;
  return (
    <>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <ol className="list-editor">
        {stories.map((story, index) => (
          <li
            key={story.id}
            className={`list-editor__row${dragged === story.id ? " list-editor__row--dragged" : ""}`}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              setDragged(story.id);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => drop(event, index)}
          >
            <span className="list-editor__grip" title={t.lists.dragHandle(story.title)}>
              <GripVertical aria-hidden="true" size={18} />
            </span>
            <Cover src={story.cover} title={story.title} width={48} />
            <span className="list-editor__info">
              <a href={story.url}>{story.title}</a>
              <span>{story.user.name}</span>
            </span>
            <span className="list-editor__actions">
              <button
                id={`move-up-${story.id}`}
                type="button"
                className="button list-editor__icon"
                aria-label={t.lists.moveUp(story.title)}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden="true" size={18} />
              </button>
              <button
                id={`move-down-${story.id}`}
                type="button"
                className="button list-editor__icon"
                aria-label={t.lists.moveDown(story.title)}
                disabled={index === stories.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden="true" size={18} />
              </button>
              <button
                type="button"
                className="button list-editor__icon"
                aria-label={t.lists.remove(story.title)}
                onClick={() => remove(story)}
              >
                <X aria-hidden="true" size={18} />
              </button>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
