import type { SponsoredStory, StoryCard } from "@inkwell/shared";
import { useRef } from "react";
import { Cover } from "../../components/cover.tsx";
import { ResponsiveText } from "../../components/responsive-text.tsx";
import { t } from "../../i18n/index.ts";
import { sendOnce, useImpression } from "./use-sponsor-tracking.ts";

const COVER_WIDTH = 112;
const TITLE = [{ minWidth: 0, limit: 36 }];

const isSponsored = (story: StoryCard | SponsoredStory): story is SponsoredStory =>
  "clickUrl" in story;

/** A promoted row: each card says who sponsors it and reports its impression and click. */
export function SponsoredList({
  stories,
  label,
}: {
  stories: (StoryCard | SponsoredStory)[];
  label: string;
}) {
  return (
    <ul className="carousel" aria-label={label}>
      {stories.map((story) => (
        <SponsoredItem key={story.id} story={story} />
      ))}
    </ul>
  );
}

function SponsoredItem({ story }: { story: StoryCard | SponsoredStory }) {
  const ref = useRef<HTMLLIElement>(null);
  const sponsor = isSponsored(story) ? story : null;
  useImpression(ref, sponsor);
  return (
    <li ref={ref} style={{ width: COVER_WIDTH }}>
      <a
        className="carousel__item"
        href={story.url}
        onClick={() => sponsor && sendOnce(sponsor.clickUrl)}
      >
        <Cover src={story.cover} title={story.title} width={COVER_WIDTH} decorative />
        <span className="carousel__title">
          <ResponsiveText text={story.title} cuts={TITLE} />
        </span>
      </a>
      {sponsor && <span className="sponsored__by">{t.feed.sponsoredBy(sponsor.sponsorName)}</span>}
    </li>
  );
}
