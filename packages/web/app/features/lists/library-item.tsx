import type { LibraryItem } from "@inkwell/shared";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { Cover } from "../../components/cover.tsx";
import { Pause } from "../../components/pause.tsx";
import { t } from "../../i18n/index.ts";
import { ProgressBar } from "../reading/reading-progress.tsx";
import "../../styles/story-items.css";

interface LibraryEntryProps {
  item: LibraryItem;
  username: string;
  /** Called once the story has left this view (archived, unarchived or removed). */
  onGone: (storyId: number, message: string) => void;
  onFailed: () => void;
}

/** One Library story: where the reader is, what is new, and archive or remove. */
export function LibraryEntry({ item, username, onGone, onFailed }: LibraryEntryProps) {
  const { story, progress } = item;
  const [busy, setBusy] = useState(false);
  const resumeUrl = progress
    ? `/${progress.partId}`
    : story.firstPartId
      ? `/${story.firstPartId}`
      : story.url;

  async function act(request: () => Promise<{ ok: boolean }>, message: string) {
    if (busy) return;
    setBusy(true);
    const result = await request().catch(() => ({ ok: false }));
    setBusy(false);
    if (result.ok) onGone(story.id, message);
    else onFailed();
  }

  const api = browserApi();
  return (
    <li className="story-item">
      <Cover src={story.cover} title={story.title} width={80} decorative />
      <div className="story-item__info">
        <h2 className="story-item__title">
          <a href={story.url}>{story.title}</a>
        </h2>
        <p className="library-item__author">{story.user.name}</p>
        {item.numNewParts > 0 && (
          <p className="badges">
            <span className="badge badge--new">{t.library.newParts(item.numNewParts)}</span>
          </p>
        )}
        <p className="library-item__progress">
          {progress ? (
            <a href={resumeUrl}>
              <span>
                {t.library.partOf(progress.part, progress.of)}
                <Pause />
              </span>
              <span aria-hidden="true"> · </span>
              <span>{t.library.progress(progress.percent)}</span>
            </a>
          ) : (
            t.library.notStarted
          )}
        </p>
        {progress && (
          <ProgressBar
            position={progress.percent / 100}
            inline={{ label: t.library.progressOf(story.title) }}
          />
        )}
      </div>
      <div className="story-item__actions">
        <BusyButton
          type="button"
          className="button"
          busy={busy}
          aria-label={
            item.archived
              ? t.library.unarchiveStory(story.title)
              : t.library.archiveStory(story.title)
          }
          onClick={() =>
            act(
              () => api.archiveInLibrary(username, story.id, !item.archived),
              item.archived ? t.library.unarchived(story.title) : t.library.archived(story.title),
            )
          }
        >
          {item.archived ? t.library.unarchiveLabel : t.library.archiveLabel}
        </BusyButton>
        <BusyButton
          type="button"
          className="button"
          busy={busy}
          aria-label={t.library.removeStory(story.title)}
          onClick={() =>
            act(() => api.removeFromLibrary(username, story.id), t.lists.removed(t.lists.myLibrary))
          }
        >
          {t.library.removeLabel}
        </BusyButton>
      </div>
    </li>
  );
}
