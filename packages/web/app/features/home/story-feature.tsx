import {
  HERO_LIMITS,
  heroTags,
  SPOTLIGHT_DESCRIPTION,
  type StoryCard,
  truncate,
} from "@inkwell/shared";
import { type ReactNode, useState } from "react";
import { Cover } from "../../components/cover.tsx";
import { layoutClass, ResponsiveText } from "../../components/responsive-text.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { StoryPreview } from "../../components/story-preview.tsx";
import { onPlainClick } from "../../lib/plain-click.ts";

/**
 * One story shown large (reader.md §9): a storyHeroGroup's hero (cover 200 px, 104 px up to
 * 575 px; title, tags and description cut per layout), the spotlight (cover 238 px, 151 px
 * up to 574 px; description cut to 290) or an expanded story (the whole description).
 */
const VARIANTS = {
  hero: { cover: 200, sizes: "(max-width: 575px) 104px, 200px" },
  spotlight: { cover: 238, sizes: "(max-width: 574px) 151px, 238px" },
  expanded: { cover: 200, sizes: "(max-width: 575px) 104px, 200px" },
} as const;

export type FeatureVariant = keyof typeof VARIANTS;

const HERO_WIDTHS = HERO_LIMITS.map((limits) => limits.minWidth);

function description(story: StoryCard, variant: FeatureVariant): ReactNode {
  if (variant === "hero") {
    return (
      <ResponsiveText
        text={story.description}
        cuts={HERO_LIMITS.map((l) => ({ minWidth: l.minWidth, limit: l.description }))}
      />
    );
  }
  return variant === "spotlight"
    ? truncate(story.description, SPOTLIGHT_DESCRIPTION)
    : story.description;
}

export function StoryFeature({
  story,
  variant,
  expandPrompt,
}: {
  story: StoryCard;
  variant: FeatureVariant;
  /** The label of a control that opens the story's preview (storyExpanded's expandPrompt). */
  expandPrompt?: string;
}) {
  const [previewing, setPreviewing] = useState(false);
  const { cover, sizes } = VARIANTS[variant];
  const preview = onPlainClick(() => setPreviewing(true));
  return (
    <article className={`story-feature story-feature--${variant}`}>
      <a className="story-feature__cover" href={story.url} tabIndex={-1} onClick={preview}>
        <Cover src={story.cover} title={story.title} width={cover} sizes={sizes} />
      </a>
      <div className="story-feature__text">
        <h3 className="story-feature__title">
          <a href={story.url} aria-haspopup="dialog" onClick={preview}>
            {variant === "hero" ? (
              <ResponsiveText
                text={story.title}
                cuts={HERO_LIMITS.map((l) => ({ minWidth: l.minWidth, limit: l.title }))}
              />
            ) : (
              story.title
            )}
          </a>
        </h3>
        <p className="story-feature__author">{story.user.name}</p>
        {variant === "hero" &&
          HERO_LIMITS.map((limits, index) => {
            const tags = heroTags(story.tags, limits);
            if (tags.length === 0) return null;
            return (
              <ul
                key={limits.minWidth}
                className={`tag-chips story-feature__tags ${layoutClass(HERO_WIDTHS, index)}`}
              >
                {tags.map((tag) => (
                  <li key={tag}>
                    <a className="tag-chip" href={`/stories/${encodeURIComponent(tag)}`}>
                      {tag}
                    </a>
                  </li>
                ))}
              </ul>
            );
          })}
        <p className="story-feature__description">{description(story, variant)}</p>
        {expandPrompt && (
          <ScriptButton
            className="link-button tap-target story-feature__expand"
            aria-haspopup="dialog"
            onClick={() => setPreviewing(true)}
          >
            {expandPrompt}
            <span className="visually-hidden">: {story.title}</span>
          </ScriptButton>
        )}
      </div>
      <StoryPreview story={story} open={previewing} onClose={() => setPreviewing(false)} />
    </article>
  );
}
