import { ChevronLeft, ChevronRight } from "lucide";
import { useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/** The landing page's author quotes, one at a time, wrapping around both ways. */
export function QuoteCarousel() {
  const quotes = t.landing.quotes;
  const [current, setCurrent] = useState(0);
  const go = (step: number) =>
    setCurrent((index) => (index + step + quotes.length) % quotes.length);
  const quote = quotes[current] ?? quotes[0];
  if (!quote) return null;
  return (
    <section
      className="landing-quotes"
      aria-labelledby="quotes-heading"
      aria-roledescription="carousel"
    >
      <h2 id="quotes-heading">{t.landing.quotesHeading}</h2>
      <figure
        className="landing-quotes__quote"
        aria-live="polite"
        aria-label={t.landing.quoteOf(current + 1, quotes.length)}
      >
        <blockquote>
          <p>{quote.quote}</p>
        </blockquote>
        <figcaption>
          <strong>{quote.author}</strong>, {quote.role}
        </figcaption>
      </figure>
      <div className="carousel-controls landing-quotes__controls">
        <ScriptButton onClick={() => go(-1)} aria-label={t.landing.previousQuote}>
          <Icon of={ChevronLeft} aria-hidden="true" size={20} />
        </ScriptButton>
        <span aria-hidden="true">
          {current + 1} / {quotes.length}
        </span>
        <ScriptButton onClick={() => go(1)} aria-label={t.landing.nextQuote}>
          <Icon of={ChevronRight} aria-hidden="true" size={20} />
        </ScriptButton>
      </div>
    </section>
  );
}
