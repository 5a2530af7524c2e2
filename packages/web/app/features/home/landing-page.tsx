import { BookOpen, Clapperboard, Handshake } from "lucide";
import type { StoryCardData } from "../../api/client.ts";
import { BROWSE_TOPICS } from "../../components/browse-topics.ts";
import { Icon } from "../../components/icon.tsx";
import { StoryCarousel } from "../../components/story-carousel.tsx";
import { t } from "../../i18n/index.ts";
import { QuoteCarousel } from "./quote-carousel.tsx";
import { SignupButton } from "./signup-modal.tsx";
import "../../styles/home.css";

const BRANDS_EMAIL = "mailto:partners@inkwell.example";

/**
 * The visitors' front page (reader.md §2 Landing page): hero with Start Reading and Start
 * Writing (sign-up modals reader_top, writer_top), the claimed figures, how it works,
 * what readers love now, author quotes, Get Discovered, books and studios, the brand
 * partnerships banner, and a closing Start Reading (reader_bot) and Start Writing (log in).
 */
export function LandingPage({ popular }: { popular: StoryCardData[] }) {
  const l = t.landing;
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{l.heroHeading}</h1>
        <p>{l.heroText}</p>
        <p className="hero__actions">
          <SignupButton source="reader_top" label={l.startReading} primary />
          <SignupButton source="writer_top" label={l.startWriting} />
        </p>
      </section>

      <ul className="landing-figures" aria-label={l.figuresLabel}>
        {l.figures.map((figure) => (
          <li key={figure.label}>
            <strong>{figure.value}</strong> {figure.label}
          </li>
        ))}
      </ul>

      <section className="page-section" aria-labelledby="how-heading">
        <h2 id="how-heading">{l.howItWorks}</h2>
        <ol className="how-it-works">
          {l.steps.map((step) => (
            <li key={step.heading}>
              <h3>{step.heading}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {popular.length > 0 && (
        <section className="page-section" aria-labelledby="popular-heading">
          <h2 id="popular-heading">{t.home.popular}</h2>
          <StoryCarousel stories={popular} label={t.home.popular} />
        </section>
      )}

      <QuoteCarousel />

      <section
        id="get-discovered"
        className="page-section landing-discovered"
        aria-labelledby="discovered-heading"
      >
        <h2 id="discovered-heading">{l.discoveredHeading}</h2>
        <p>{l.discoveredText}</p>
        <ul className="landing-links">
          {l.discoveredLinks.map((link) => (
            <li key={link.url}>
              <a href={link.url}>{link.label}</a>
            </li>
          ))}
        </ul>
      </section>

      <div className="landing-cards">
        <section className="landing-card" aria-labelledby="books-heading">
          <Icon of={BookOpen} aria-hidden="true" size={28} />
          <h2 id="books-heading">{l.booksHeading}</h2>
          <p>{l.booksText}</p>
        </section>
        <section className="landing-card" aria-labelledby="studios-heading">
          <Icon of={Clapperboard} aria-hidden="true" size={28} />
          <h2 id="studios-heading">{l.studiosHeading}</h2>
          <p>{l.studiosText}</p>
        </section>
      </div>

      <section className="landing-brands" aria-labelledby="brands-heading">
        <Icon of={Handshake} aria-hidden="true" size={32} />
        <div>
          <h2 id="brands-heading">{l.brandsHeading}</h2>
          <p>{l.brandsText}</p>
        </div>
        <a className="button" href={BRANDS_EMAIL}>
          {l.brandsLink}
        </a>
      </section>

      <section className="page-section" aria-labelledby="genres-heading">
        <h2 id="genres-heading">{t.home.genres}</h2>
        <ul className="genre-list">
          {BROWSE_TOPICS.map((topic) => (
            <li key={topic.tag}>
              <a className="genre-tile" href={`/stories/${topic.tag}`}>
                {topic.label}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-bottom" aria-labelledby="bottom-heading">
        <h2 id="bottom-heading">{l.bottomHeading}</h2>
        <p>{l.bottomText}</p>
        <p className="hero__actions">
          <SignupButton source="reader_bot" label={l.startReading} primary />
          <a
            className="button button--large"
            href={`/login?${new URLSearchParams({ nextUrl: "/myworks" })}`}
          >
            {l.startWriting}
          </a>
        </p>
      </section>
    </div>
  );
}
