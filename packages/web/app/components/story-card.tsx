import { abbreviateCount, type StoryCard as StoryCardData, truncate } from "@inkwell/shared";
import { Eye, List, Star } from "lucide-react";
import { t } from "../i18n/index.ts";
import { Cover } from "./cover.tsx";
import { UserBadges } from "./user-badges.tsx";

/** A story in a grid or list: cover, title, author, counts, status. */
export function StoryCard({ story }: { story: StoryCardData }) {
  return (
    <article className="story-card">
      <a className="story-card__link" href={story.url}>
        <Cover src={story.cover} title={story.title} width={144} />
        <h3 className="story-card__title">{truncate(story.title, 45)}</h3>
      </a>
      <p className="story-card__author">
        {story.user.name}
        <UserBadges badges={story.user.badges} />
      </p>
      <p className="story-card__meta">
        <span>
          <Eye aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.reads} </span>
          {abbreviateCount(story.readCount)}
        </span>
        <span>
          <Star aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.votes} </span>
          {abbreviateCount(story.voteCount)}
        </span>
        <span>
          <List aria-hidden="true" size={13} />
          <span className="visually-hidden">{t.story.parts} </span>
          {story.numParts}
        </span>
      </p>
    </article>
  );
}
