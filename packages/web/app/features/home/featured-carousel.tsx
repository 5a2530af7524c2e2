import { type FeaturedSlide, MOBILE_MAX_WIDTH } from "@inkwell/shared";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";

/**
 * The featured carousel (reader.md §4): one slide at a time, wrapping around both ways.
 * It advances every `autoplayMs` (featuredAutoplayMs) only on desktop, once at least half of it has
 * been seen, and never while a slide is hovered or holds focus; Pause stops it for good.
 */
export function FeaturedCarousel({
  heading,
  slides,
  headingId,
  autoplayMs,
}: {
  heading: string;
  slides: FeaturedSlide[];
  headingId: string;
  autoplayMs: number;
}) {
  const [current, setCurrent] = useState(0);
  const [seen, setSeen] = useState(false);
  const [held, setHeld] = useState(false);
  const [paused, setPaused] = useState(false);
  const [desktop, setDesktop] = useState(false);
  const root = useRef<HTMLElement>(null);
  const count = slides.length;
  const go = (step: number) => setCurrent((index) => (index + step + count) % count);

  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`);
    const update = () => setDesktop(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    const target = root.current;
    if (!target || seen || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.intersectionRatio >= 0.5) && setSeen(true),
      { threshold: 0.5 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);

  const playing = desktop && seen && !held && !paused && count > 1;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), autoplayMs);
    return () => clearInterval(timer);
  }, [playing, count, autoplayMs]);

  return (
    <section
      ref={root}
      className="home-section featured"
      aria-labelledby={headingId}
      aria-roledescription="carousel"
    >
      <div className="featured__head">
        <h2 id={headingId}>{heading}</h2>
        {count > 1 && (
          <div className="carousel-controls">
            <ScriptButton
              className="icon-button"
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? t.feed.play : t.feed.pause}
            >
              {paused ? (
                <Icon of={Play} aria-hidden="true" size={18} />
              ) : (
                <Icon of={Pause} aria-hidden="true" size={18} />
              )}
            </ScriptButton>
            <ScriptButton
              className="icon-button"
              onClick={() => go(-1)}
              aria-label={t.feed.previous}
            >
              <Icon of={ChevronLeft} aria-hidden="true" size={20} />
            </ScriptButton>
            <ScriptButton className="icon-button" onClick={() => go(1)} aria-label={t.feed.next}>
              <Icon of={ChevronRight} aria-hidden="true" size={20} />
            </ScriptButton>
          </div>
        )}
      </div>
      <div className="featured__viewport" aria-live={playing ? "off" : "polite"}>
        <ul className="featured__track" style={{ "--featured-index": current } as CSSProperties}>
          {slides.map((slide, index) => (
            <li
              key={slide.id}
              className="featured__slide"
              aria-roledescription={t.feed.slide}
              aria-label={t.feed.slideOf(index + 1, count)}
              aria-hidden={index !== current}
              inert={index !== current}
            >
              <a
                className="featured__link"
                href={slide.weblink}
                onMouseEnter={() => setHeld(true)}
                onMouseLeave={() => setHeld(false)}
                onFocus={() => setHeld(true)}
                onBlur={() => setHeld(false)}
              >
                {slide.image && (
                  // The first slide's cover is what a reader sees first: it loads at once.
                  <img
                    className="featured__image"
                    src={slide.image}
                    alt=""
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : "auto"}
                  />
                )}
                <span className="featured__text">
                  <span className="featured__heading">{slide.heading}</span>
                  <span className="featured__subheading">{slide.subheading}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
