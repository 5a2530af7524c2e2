import { truncate } from "@inkwell/shared";
import type { StoryCardData } from "../api/client.ts";
import { StoryActions } from "../features/story/story-actions.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { Cover } from "./cover.tsx";
import { Modal } from "./modal.tsx";
import { StoryBadges } from "./story-badges.tsx";

/** reader.md §9: a preview cuts the description at 400 characters. */
const PREVIEW_DESCRIPTION = 400;

/** The story preview modal (reader.md §2) that story cards open. */
export function StoryPreview({
  story,
  open,
  onClose,
}: {
  story: StoryCardData;
  open: boolean;
  onClose: () => void;
}) {
  const signedIn = useCurrentUser() !== null;
  return (
    <Modal open={open} title={story.title} onClose={onClose}>
      <div className="modal__body">
        <div className="preview">
          <Cover src={story.cover} title={story.title} width={128} className="preview__cover" />
          <div className="preview__info">
            <p className="preview__author">{story.user.name}</p>
            <ul className="badges" aria-label={t.story.parts}>
              <li className="badge">{t.story.partsCount(story.numParts)}</li>
            </ul>
            <StoryBadges completed={story.completed} mature={story.mature} isPaid={story.isPaid} />
          </div>
        </div>
        <p className="preview__description">{truncate(story.description, PREVIEW_DESCRIPTION)}</p>
        <StoryActions
          storyId={story.id}
          readUrl={story.firstPartId ? `/${story.firstPartId}` : null}
          readLabel={story.isPaid ? t.story.readNow : t.story.startReading}
          canAdd={signedIn}
          signedIn={signedIn}
        />
        <p className="preview__more">
          <a href={story.url}>{t.story.moreDetails}</a>
        </p>
      </div>
    </Modal>
  );
}
