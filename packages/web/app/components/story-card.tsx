import { truncate } from "@inkwell/shared";
import { Eye, List, Star } from "lucide";
import { useState } from "react";
import type { StoryCardData } from "../api/client.ts";
import { t } from "../i18n/index.ts";
import { onPlainClick } from "../lib/plain-click.ts";
import { Count } from "./count.tsx";
import { Cover } from "./cover.tsx";
import { Icon } from "./icon.tsx";
import { ResponsiveText } from "./responsive-text.tsx";
import { StoryPreview } from "./story-preview.tsx";
import { UserBadges } from "./user-badges.tsx";

/** The similar stories' cuts of a description and a title (reader.md §9). */
const DESCRIPTION_CUT = 100;
const TITLE_CUT = [{ minWidth: 0, limit: 45 }];

/**
 * A story in a grid or list: cover, title, author, counts (and, `described`, the start of
 * its description, as 'You may also like' shows it). Opens the story preview.
 */
export function StoryCard({
  story,
  described = false,
  eager = false,
}: {
  story: StoryCardData;
  described?: boolean;
  /** Its cover loads at once, not when it nears the screen. */
  eager?: boolean;
}) {
  const [previewing, setPreviewing] = useState(false);
  return (
    <article className="story-card">
      <a
        className="story-card__link"
        href={story.url}
        aria-haspopup="dialog"
        onClick={onPlainClick(() => setPreviewing(true))}
      >
        <Cover src={story.cover} title={story.title} width={144} eager={eager} decorative />
        <h3 className="story-card__title">
          <ResponsiveText text={story.title} cuts={TITLE_CUT} />
        </h3>
      </a>
      <p className="story-card__author">
        {story.user.name}
        <UserBadges badges={story.user.badges} />
      </p>
      {described && story.description && (
        <p className="story-card__description">{truncate(story.description, DESCRIPTION_CUT)}</p>
      )}
      <p className="story-card__meta">
        <span>
          <Icon of={Eye} aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.reads} </span>
          <Count value={story.readCount} />
        </span>
        <span>
          <Icon of={Star} aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.votes} </span>
          <Count value={story.voteCount} />
        </span>
        <span>
          <Icon of={List} aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.parts} </span>
          {story.numParts}
        </span>
      </p>
      <StoryPreview story={story} open={previewing} onClose={() => setPreviewing(false)} />
    </article>
  );
}
