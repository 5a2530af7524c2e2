import { type StoryCard, truncate } from "@inkwell/shared";
import { Cover } from "../../components/cover.tsx";
import { StoryBadges } from "../../components/story-badges.tsx";
import { StoryStats } from "../../components/story-stats.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";

/** reader.md §9: the search card cuts titles to 35, descriptions to 170, authors to 30. */
const TITLE_CUT = 35;
const DESCRIPTION_CUT = 170;
const AUTHOR_CUT = 30;

/**
 * A story result (reader.md §2): cover, title, status badges, Reads/Votes/Parts (and Time
 * for language 1), description and author. The spec's view event is analytics, which
 * reader.md §7 leaves out of scope, so none is sent.
 */
export function StoryResult({ story }: { story: StoryCard }) {
  return (
    <article className="story-result">
      <div className="story-result__cover">
        <Cover src={story.cover} title={story.title} width={80} decorative />
      </div>
      <div className="story-result__body">
        <h2 className="story-result__title">
          <a className="tap-target" href={story.url}>
            {truncate(story.title, TITLE_CUT)}
          </a>
        </h2>
        <p className="story-result__author">
          {t.search.by(truncate(story.user.name, AUTHOR_CUT))}
          <UserBadges badges={story.user.badges} />
        </p>
        <StoryBadges
          completed={story.completed}
          mature={story.mature}
          isPaid={story.isPaid}
          sale={story.sale}
        />
        <StoryStats
          readCount={story.readCount}
          voteCount={story.voteCount}
          numParts={story.numParts}
          length={story.length}
          languageId={story.language.id}
          compact
        />
        <p className="story-result__description">{truncate(story.description, DESCRIPTION_CUT)}</p>
      </div>
    </article>
  );
}
