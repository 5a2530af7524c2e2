import type { HomeSection } from "@inkwell/shared";
import { StoryCard } from "../../components/story-card.tsx";
import { StoryCarousel } from "../../components/story-carousel.tsx";
import { t } from "../../i18n/index.ts";

/** reader.md §9: carousel covers on the home feed, as on the tag page's carousel. */
const LIST_COVER_WIDTH = 112;

/**
 * One section of the home feed, drawn by its type (reader.md §2). greeting, the strip's
 * own type (drawn at the top by the page) and types this app does not know draw nothing.
 */
export function HomeSectionView({ section, index }: { section: HomeSection; index: number }) {
  const headingId = `home-section-${index}`;
  switch (section.type) {
    case "storyList":
      return (
        <section className="home-section" aria-labelledby={headingId}>
          <h2 id={headingId}>{section.data.heading}</h2>
          {section.data.subheading && (
            <p className="home-section__subheading">{section.data.subheading}</p>
          )}
          <StoryCarousel
            stories={section.data.items}
            width={LIST_COVER_WIDTH}
            label={section.data.heading}
          />
        </section>
      );
    case "rankedStoryList":
      return (
        <section className="home-section" aria-labelledby={headingId}>
          <h2 id={headingId}>{section.data.heading}</h2>
          <ol className="ranked-list" aria-label={section.data.heading}>
            {section.data.items.map((story) => (
              <li key={story.id} className="ranked-list__item">
                <span className="ranked-list__rank" aria-hidden="true">
                  {t.homeFeed.rank(story.rank)}
                </span>
                <StoryCard story={story} />
              </li>
            ))}
          </ol>
        </section>
      );
    case "storySpotlight":
      return (
        <section className="home-section home-spotlight" aria-labelledby={headingId}>
          <h2 id={headingId}>{section.data.heading}</h2>
          <StoryCard story={section.data.item} />
          <p className="home-spotlight__description">{section.data.item.description}</p>
        </section>
      );
    case "smallNavigation":
      return (
        <nav className="home-section" aria-labelledby={headingId}>
          <h2 id={headingId}>{section.data.heading}</h2>
          <ul className="genre-list">
            {section.data.navigation.map((link) => (
              <li key={link.url}>
                <a className="genre-tile" href={link.url}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      );
    case "cta":
      return (
        <section className="home-section home-cta" aria-labelledby={headingId}>
          <h2 id={headingId}>{section.data.heading}</h2>
          <p>{section.data.message}</p>
          <a className="button button--primary" href={section.data.button.url}>
            {section.data.button.text}
          </a>
        </section>
      );
    default:
      return null;
  }
}
