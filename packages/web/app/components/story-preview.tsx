import { linkify, truncate } from "@inkwell/shared";
import type { StoryCardData } from "../api/client.ts";
import { StoryActions } from "../features/story/story-actions.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { Cover } from "./cover.tsx";
import { Modal } from "./modal.tsx";
import { type Cut, layoutClass } from "./responsive-text.tsx";
import { StoryBadges } from "./story-badges.tsx";

/**
 * reader.md §2, §9: a preview cuts the description at 400 characters, at 220 in the phone's
 * variant (below 576 px, decision 114) and at 200 from a carousel. Widest layout first.
 */
const PREVIEW_DESCRIPTION = {
  card: [
    { minWidth: 576, limit: 400 },
    { minWidth: 0, limit: 220 },
  ],
  carousel: [{ minWidth: 0, limit: 200 }],
} as const satisfies Record<string, readonly Cut[]>;

/** The story preview modal (reader.md §2) that story cards open. */
export function StoryPreview({
  story,
  open,
  onClose,
  from = "card",
}: {
  story: StoryCardData;
  open: boolean;
  onClose: () => void;
  /** What opened it: a carousel's preview shows a shorter description. */
  from?: keyof typeof PREVIEW_DESCRIPTION;
}) {
  const signedIn = useCurrentUser() !== null;
  const cuts = PREVIEW_DESCRIPTION[from];
  const minWidths = cuts.map((cut) => cut.minWidth);
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
            <StoryBadges
              completed={story.completed}
              mature={story.mature}
              isPaid={story.isPaid}
              sale={story.sale}
            />
          </div>
        </div>
        {cuts.map((cut, index) => (
          <p
            key={cut.minWidth}
            className={`preview__description ${layoutClass(minWidths, index)}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: linkify escapes every character it does not link
            dangerouslySetInnerHTML={{ __html: linkify(truncate(story.description, cut.limit)) }}
          />
        ))}
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
