import type { HomeSection, StoryCard as StoryCardData } from "@inkwell/shared";
import type { ReactNode } from "react";
import { StoryCard } from "../../components/story-card.tsx";
import { StoryCarousel } from "../../components/story-carousel.tsx";
import { t } from "../../i18n/index.ts";
import { HowToBuyCoins } from "../coins/buy-coins-modal.tsx";
import { PicksBanner } from "../premium-picks/picks-banner.tsx";
import { FeaturedCarousel } from "./featured-carousel.tsx";
import { SponsoredList } from "./sponsored-list.tsx";
import { StoryFeature } from "./story-feature.tsx";

/** A section's heading, subheading and body; `extra` sits beside the heading. */
function Section({
  id,
  heading,
  subheading,
  extra,
  className = "",
  contentSettings = false,
  children,
}: {
  id: string;
  heading: string;
  subheading?: string;
  extra?: ReactNode;
  className?: string;
  /** The reader's mature setting filtered this list: offer to change it (showContentSettings). */
  contentSettings?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`home-section ${className}`} aria-labelledby={id}>
      <div className="home-section__head">
        <div>
          <h2 id={id}>{heading}</h2>
          {subheading && <p className="home-section__subheading">{subheading}</p>}
        </div>
        {extra}
      </div>
      {children}
      {contentSettings && (
        <p className="home-section__note">
          {t.homeFeed.matureHidden} <a href="/settings#content">{t.homeFeed.changeSettings}</a>
        </p>
      )}
    </section>
  );
}

const carousel = (stories: StoryCardData[], label: string) => (
  <StoryCarousel stories={stories} label={label} />
);

const seeAll = (weblink: string, label: string) => (
  <a className="button" href={weblink} aria-label={t.feed.seeAllOf(label)}>
    {t.feed.seeAll}
  </a>
);

const monthDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en", { month: "long", day: "numeric", timeZone: "UTC" });

/**
 * One section of the home feed, drawn by its type (reader.md §2). greeting, the strip's
 * own type (drawn at the top by the page) and types this app does not know draw nothing.
 */
export function HomeSectionView({
  section,
  index,
  autoplayMs,
}: {
  section: HomeSection;
  index: number;
  autoplayMs: number;
}) {
  const id = `home-section-${index}`;
  switch (section.type) {
    case "storyList": {
      const { heading, subheading, items, isPromoted } = section.data;
      return (
        <Section
          id={id}
          heading={heading}
          subheading={subheading}
          className={isPromoted ? "sponsored" : ""}
          contentSettings={section.data.showContentSettings}
        >
          {isPromoted ? (
            <SponsoredList stories={items} label={heading} />
          ) : (
            carousel(items, heading)
          )}
        </Section>
      );
    }
    case "paid":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          subheading={section.data.subheading}
          extra={
            <div className="home-section__actions">
              <HowToBuyCoins />
              {seeAll(section.data.weblink, section.data.heading)}
            </div>
          }
          className="home-paid"
          contentSettings={section.data.showContentSettings}
        >
          {carousel(section.data.items, section.data.heading)}
        </Section>
      );
    case "paidMultiRow":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          subheading={section.data.subheading}
          extra={seeAll(section.data.weblink, section.data.heading)}
          className="home-paid"
          contentSettings={section.data.showContentSettings}
        >
          {section.data.rows.map((row, rowIndex) => (
            <div key={row.heading} className="home-row">
              <h3 id={`${id}-row-${rowIndex}`}>{row.heading}</h3>
              {carousel(row.items, `${section.data.heading}: ${row.heading}`)}
            </div>
          ))}
        </Section>
      );
    case "premiumPicksRow":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          // The offer itself is the banner's, in the spec's words, not the feed's subheading.
          subheading={t.feed.picksUntil(monthDay(section.data.expiresAt))}
          extra={seeAll(section.data.weblink, section.data.heading)}
          className="home-picks"
          contentSettings={section.data.showContentSettings}
        >
          <PicksBanner />
          {carousel(section.data.items, section.data.heading)}
        </Section>
      );
    case "storyHeroGroup":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          subheading={section.data.subheading}
          className="hero-group"
          contentSettings={section.data.showContentSettings}
        >
          <StoryFeature story={section.data.heroItem} variant="hero" />
          {section.data.listItems.length > 0 &&
            carousel(section.data.listItems, section.data.heading)}
        </Section>
      );
    case "storyExpanded":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          subheading={section.data.subheading}
          contentSettings={section.data.showContentSettings}
        >
          <StoryFeature
            story={section.data.item}
            variant="expanded"
            expandPrompt={section.data.expandPrompt}
          />
        </Section>
      );
    case "rankedStoryList":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          contentSettings={section.data.showContentSettings}
        >
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
        </Section>
      );
    case "storySpotlight":
      return (
        <Section
          id={id}
          heading={section.data.heading}
          contentSettings={section.data.showContentSettings}
        >
          <StoryFeature story={section.data.item} variant="spotlight" />
        </Section>
      );
    case "featured":
      return (
        <FeaturedCarousel
          heading={section.data.heading}
          slides={section.data.items}
          headingId={id}
          autoplayMs={autoplayMs}
        />
      );
    case "smallNavigation":
      return (
        <nav className="home-section" aria-labelledby={id}>
          <h2 id={id}>{section.data.heading}</h2>
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
        <Section id={id} heading={section.data.heading} className="home-cta">
          <p>{section.data.message}</p>
          <a className="button button--primary" href={section.data.button.url}>
            {section.data.button.text}
          </a>
        </Section>
      );
    default:
      return null;
  }
}
