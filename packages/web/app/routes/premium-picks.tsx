import {
  COOKIE_DAYS,
  cookieValue,
  countdown,
  PICKS_COUNTDOWN_MS,
  PICKS_FAQ_COOKIE,
} from "@inkwell/shared";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { PicksPeriodData } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { Alert } from "../components/alert.tsx";
import { Modal } from "../components/modal.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { SortTabs } from "../components/sort-tabs.tsx";
import { StoryGrid } from "../components/story-grid.tsx";
import { PicksBanner } from "../features/premium-picks/picks-banner.tsx";
import { t } from "../i18n/index.ts";
import { writeCookie } from "../lib/cookies.ts";
import type { Route } from "./+types/premium-picks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const faqSeen = cookieValue(request.headers.get("cookie") ?? "", PICKS_FAQ_COOKIE) === "1";
  const picks = await context
    .get(apiContext)
    .premiumPicks()
    .catch(() => null);
  return { picks, next: url.searchParams.get("tab") === "next", faqSeen, now: Date.now() };
}

export const meta = () => [{ title: `${t.picksBanner.title} · ${t.brand}` }];

/**
 * /catalog/premiumpicks (reader.md §2, §4): this month's and next month's picks, the
 * countdown to the next change, the banner and, on a first visit, the FAQ.
 */
export default function PremiumPicksPage({ loaderData }: Route.ComponentProps) {
  const { picks, next, faqSeen } = loaderData;
  const [faqOpen, setFaqOpen] = useState(false);
  useEffect(() => {
    if (!faqSeen) setFaqOpen(true);
  }, [faqSeen]);

  function closeFaq() {
    writeCookie(PICKS_FAQ_COOKIE, "1", COOKIE_DAYS);
    setFaqOpen(false);
  }

  const shown = picks && (next ? picks.next : picks.current);
  return (
    <section className="page-section premium-picks" aria-labelledby="picks-heading">
      <h1 id="picks-heading">{t.picksBanner.title}</h1>
      <p className="premium-picks__intro">{t.premiumPicks.intro}</p>
      <PicksBanner>
        <ScriptButton className="button" onClick={() => setFaqOpen(true)}>
          {t.premiumPicks.faqOpen}
        </ScriptButton>
      </PicksBanner>
      {picks && <Countdown until={picks.current.expiresAt} now={loaderData.now} />}
      <SortTabs label={t.premiumPicks.tabs}>
        <a className="sort-tabs__tab" href="?" aria-current={next ? undefined : "page"}>
          {t.premiumPicks.thisMonth}
        </a>
        <a className="sort-tabs__tab" href="?tab=next" aria-current={next ? "page" : undefined}>
          {t.premiumPicks.nextMonth}
        </a>
      </SortTabs>
      {shown ? <Picks period={shown} /> : <Alert tone="danger">{t.premiumPicks.failed}</Alert>}
      <Modal open={faqOpen} title={t.premiumPicks.faq} onClose={closeFaq}>
        <div className="modal__body">
          <dl className="premium-picks__faq">
            {t.premiumPicks.faqItems.map(([question, answer]) => (
              <div key={question}>
                <dt>{question}</dt>
                <dd>{answer}</dd>
              </div>
            ))}
          </dl>
          <ScriptButton
            className="button button--primary premium-picks__faq-done"
            onClick={closeFaq}
          >
            {t.premiumPicks.faqDone}
          </ScriptButton>
        </div>
      </Modal>
    </section>
  );
}

function Picks({ period }: { period: PicksPeriodData }) {
  if (period.stories.length === 0) return <p>{t.premiumPicks.none}</p>;
  return (
    <StoryGrid
      stories={period.stories}
      label={t.premiumPicks.picksOf(period.name)}
      heading="shown"
    />
  );
}

/**
 * The time left until the picks change, kept current every minute (reader.md §9); at the
 * change the page asks for the new month's picks, so one left open does not sit at 0d 0h 0m
 * over last month's.
 */
function Countdown({ until, now }: { until: string; now: number }) {
  const [at, setAt] = useState(now);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    setAt(Date.now());
    const timer = setInterval(() => setAt(Date.now()), PICKS_COUNTDOWN_MS);
    return () => clearInterval(timer);
  }, []);
  const changed = at >= Date.parse(until);
  useEffect(() => {
    if (changed) void revalidate();
  }, [changed, revalidate]);
  const left = countdown(new Date(until), new Date(at));
  return (
    <p className="premium-picks__countdown">
      {t.premiumPicks.countdown(left.days, left.hours, left.minutes)}
    </p>
  );
}
