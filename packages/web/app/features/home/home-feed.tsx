import { HOME_SECTIONS_PER_LOAD, type HomeSection } from "@inkwell/shared";
import { Crown } from "lucide";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useNearEnd } from "../../lib/use-near-end.ts";
import { useReturnPlace } from "../../lib/use-return-place.ts";
import { ContinueReadingStrip } from "./continue-reading-strip.tsx";
import { HomeSectionView } from "./home-sections.tsx";
import "../../styles/home.css";
import { ScriptButton } from "../../components/script-button.tsx";

/** reader.md §9: more sections load when the bottom is within 200 px of the viewport. */
const LOAD_MARGIN = "0px 0px 200px 0px";

const isStrip = (section: HomeSection) => section.type === "continueReadingSwimlane";
const sectionKey = (section: HomeSection) => `${section.type}:${section.data.heading}`;

/**
 * What the page carries of a feed: the strip and the first five sections, all it shows at
 * first. The rest is most of the feed's data (~60 kB to decode before the page answers), so
 * the browser asks for it as the reader nears it; `more` says there is some.
 */
export function firstSections(sections: HomeSection[]): { sections: HomeSection[]; more: boolean } {
  const rest = sections.filter((section) => !isStrip(section));
  const first = new Set(rest.slice(0, HOME_SECTIONS_PER_LOAD));
  return {
    sections: sections.filter((section) => isStrip(section) || first.has(section)),
    more: rest.length > first.size,
  };
}

/**
 * A signed-in reader's home (reader.md §2, §4): the try-premium prompt on phones (to /premium,
 * not for subscribers), the continue-reading strip on top, then the sections five at a time,
 * five more as the end of the list nears the viewport (or on Load more, for keyboard users).
 */
export function HomeFeed({
  sections,
  more: hasLater,
  autoplayMs,
}: {
  /** The strip and the first sections (firstSections). */
  sections: HomeSection[];
  /** The feed has sections after these, fetched when first wanted. */
  more: boolean;
  /** How often the featured carousel advances (by the HFC_LIMIT_INCREASE flag). */
  autoplayMs: number;
}) {
  const user = useCurrentUser();
  const strip = sections.find(isStrip);
  const first = sections.filter((section) => section !== strip);
  const [later, setLater] = useState<HomeSection[] | null>(hasLater ? null : []);
  const [failed, setFailed] = useState(false);
  const firstKeys = new Set(first.map(sectionKey));
  const rest = [
    ...first,
    ...(later ?? []).filter((section) => !firstKeys.has(sectionKey(section))),
  ];
  const [shown, setShown] = useState(HOME_SECTIONS_PER_LOAD);
  const end = useRef<HTMLDivElement>(null);
  const feed = useRef<HTMLDivElement>(null);
  const more = later === null || shown < rest.length;
  const fetching = later === null && shown > first.length && !failed;
  // Load more pressed, focus goes on to the first section it added (decision 057), or the
  // fetch lands: a section kind the feed does not know renders nothing, so it takes none.
  const { ref: moreRef, bring } = useMoreFocus(feed);
  const loadMore = () => bring(() => setShown((count) => count + HOME_SECTIONS_PER_LOAD));

  // The feed again (the server keeps it a while); what the page already shows stays as it is.
  useEffect(() => {
    if (!fetching) return;
    let current = true;
    browserApi()
      .homeFeed()
      .then(
        (feed) =>
          current && bring(() => setLater(feed.sections.filter((section) => !isStrip(section)))),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [fetching, bring]);

  // The server renders the first five; the browser then shows what this tab had loaded
  // (§4), and coming Back, goes where the reader was once those are back.
  const { loaded } = useReturnPlace("inkwell.home", shown, {
    initial: HOME_SECTIONS_PER_LOAD,
    settling: fetching,
    ended: failed,
  });
  useEffect(() => setShown((count) => Math.max(count, loaded)), [loaded]);

  // Observed anew after each load, so a bottom still in reach loads the next five too; after
  // a failure the button, not the scroll, tries again.
  useNearEnd(end, more && !fetching && !failed ? loadMore : null, {
    margin: LOAD_MARGIN,
    count: shown,
  });

  return (
    <div className="home-feed" ref={feed}>
      <h1 className="visually-hidden">{t.homeFeed.heading}</h1>
      {!user?.isPremium && (
        <a className="try-premium" href="/premium">
          <Icon of={Crown} aria-hidden="true" size={18} />
          <strong>{t.feed.tryPremium}</strong>
          <span>{t.feed.tryPremiumText}</span>
        </a>
      )}
      {strip?.type === "continueReadingSwimlane" && (
        <ContinueReadingStrip items={strip.data.items} path={strip.dynamic.path} />
      )}
      {rest.slice(0, shown).map((section, index) => (
        <HomeSectionView
          key={sectionKey(section)}
          section={section}
          index={index}
          autoplayMs={autoplayMs}
        />
      ))}
      <div ref={end} className="home-feed__end">
        {more && (
          <BusyButton
            ref={moreRef}
            className="button"
            busy={fetching}
            onClick={failed ? () => setFailed(false) : loadMore}
          >
            {t.homeFeed.loadMore}
          </BusyButton>
        )}
        <ErrorLine text={failed && t.homeFeed.moreFailed} />
      </div>
    </div>
  );
}

/** The feed could not be fetched (reader.md §2): Refresh asks for it again. */
export function HomeFeedError() {
  const revalidator = useRevalidator();
  return (
    <section className="error-page" aria-labelledby="home-error-heading">
      <h1 id="home-error-heading">{t.homeFeed.errorHeading}</h1>
      <p>{t.homeFeed.errorText}</p>
      <ScriptButton className="button button--primary" onClick={() => revalidator.revalidate()}>
        {t.homeFeed.refresh}
      </ScriptButton>
    </section>
  );
}
