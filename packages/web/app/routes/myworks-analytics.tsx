import {
  type AnalyticsDemographics,
  type AnalyticsInteractions,
  type AnalyticsOverview,
  type AnalyticsStory,
  DEMOGRAPHICS_MIN_READERS,
  formatCount,
  OTHER_GROUP,
  type PaywallFunnel,
  type ReaderShare,
  type StoryDiscovery,
  type StoryEarnings,
  wholePercent,
} from "@inkwell/shared";
import { type ReactNode, useId, useRef } from "react";
import { isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { ApiRequestError } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { DailyChart } from "../features/analytics/daily-chart.tsx";
import { AnalyticsInfo } from "../features/analytics/info.tsx";
import { ShareBars } from "../features/analytics/share-bars.tsx";
import { t } from "../i18n/index.ts";
import { idFromParam, notFoundResponse, pageUrl } from "../lib/route-data.ts";
import "../styles/analytics.css";
import { useRowInSight } from "../lib/use-row-in-sight.ts";
import type { Route } from "./+types/myworks-analytics";

const TABS = ["overview", "interactions", "demographics"] as const;
type Tab = (typeof TABS)[number];

type TabData =
  | { tab: "overview"; data: AnalyticsOverview }
  | { tab: "interactions"; data: AnalyticsInteractions }
  | { tab: "demographics"; data: AnalyticsDemographics };

const tabOf = (pathname: string): Tab =>
  TABS.find((tab) => pathname.replace(/\/$/, "").endsWith(`/${tab}`)) ?? "overview";

const tabPath = (storyId: number, tab: Tab) =>
  `/myworks/${storyId}/analytics/${tab === "overview" ? "" : tab}`;

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<TabData> {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  const path = pageUrl(request).pathname;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: path })}`);
  const id = idFromParam(params.storyId);
  if (id === null) throw notFoundResponse();
  const tab = tabOf(path);
  // Another writer's story is a 404 here: its analytics exist only for its author.
  const hidden = (error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) {
      throw notFoundResponse();
    }
    throw error;
  };
  if (tab === "interactions") {
    return { tab, data: await api.analyticsInteractions(id).catch(hidden) };
  }
  if (tab === "demographics") {
    return { tab, data: await api.analyticsDemographics(id).catch(hidden) };
  }
  return { tab, data: await api.analyticsOverview(id).catch(hidden) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: `${t.analytics.title(loaderData.data.story.title)} · ${t.brand}` }];
}

function Stat({ value, label, info }: { value: number; label: string; info?: ReactNode }) {
  return (
    <li>
      <span className="analytics-stats__value">{formatCount(value)}</span>
      <span className="analytics-stats__label">{label}</span>
      {info}
    </li>
  );
}

function Stats({ story }: { story: AnalyticsStory }) {
  const stats = t.analytics.stats;
  return (
    <ul className="analytics-stats">
      <Stat
        value={story.readCount}
        label={stats.reads(story.readCount)}
        info={<AnalyticsInfo topic="reads" />}
      />
      <Stat value={story.voteCount} label={stats.votes(story.voteCount)} />
      <Stat value={story.numParts} label={stats.parts(story.numParts)} />
      <Stat
        value={story.qualifiedUniqueReaders}
        label={stats.engaged(story.qualifiedUniqueReaders)}
        info={<AnalyticsInfo topic="engaged" />}
      />
    </ul>
  );
}

function Overview({ data }: { data: AnalyticsOverview }) {
  return (
    <>
      <Stats story={data.story} />
      <DailyChart
        title={t.analytics.dailyReaders}
        figures={data.dailyUniqueReaders}
        info={<AnalyticsInfo topic="daily" />}
      />
      <DailyChart title={t.analytics.dailyReads} figures={data.dailyReads} />
      <Discovery discovery={data.discovery} />
      {data.earnings && <Earnings earnings={data.earnings} />}
    </>
  );
}

/** Where readers found the story: the pages its links were followed from, as shares. */
function Discovery({ discovery }: { discovery: StoryDiscovery }) {
  const text = t.analytics.discovery;
  return (
    <ShareBars
      title={text.heading}
      shares={discovery.sources.map((source) => ({
        label: text.sources[source.key],
        share: source.share,
      }))}
      note={text.note(discovery.clicks)}
    />
  );
}

/** What a paid story has earned: the Coins readers spent unlocking it. */
function Earnings({ earnings }: { earnings: StoryEarnings }) {
  const text = t.analytics.earnings;
  const headingId = useId();
  return (
    <section className="analytics-earnings" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <ul className="analytics-stats">
        <Stat value={earnings.coins} label={text.coins(earnings.coins)} />
        <Stat value={earnings.partUnlocks} label={text.parts(earnings.partUnlocks)} />
        <Stat value={earnings.storyUnlocks} label={text.stories(earnings.storyUnlocks)} />
      </ul>
      <DailyChart title={text.daily} figures={earnings.dailyCoins} />
      <Paywall funnel={earnings.paywall} />
    </section>
  );
}

/** What happened at the paywall: views, cancelled and failed purchases, and who then paid. */
function Paywall({ funnel }: { funnel: PaywallFunnel }) {
  const text = t.analytics.earnings.paywall;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{text.heading}</h3>
      <ul className="analytics-stats">
        <Stat value={funnel.views} label={text.views(funnel.views)} />
        <Stat value={funnel.readers} label={text.readers(funnel.readers)} />
        <Stat value={funnel.cancelled} label={text.cancelled(funnel.cancelled)} />
        <Stat value={funnel.failed} label={text.failed(funnel.failed)} />
      </ul>
      <p className="analytics__note">
        {text.conversion(
          funnel.readersWhoUnlocked,
          funnel.readers,
          wholePercent(funnel.readersWhoUnlocked, funnel.readers),
        )}
      </p>
    </section>
  );
}

function Interactions({ data }: { data: AnalyticsInteractions }) {
  const most = Math.max(1, ...data.parts.map((part) => part.reads));
  return (
    <>
      <section className="analytics-parts">
        <h2>{t.analytics.parts}</h2>
        {data.parts.length === 0 ? (
          <p>{t.analytics.noParts}</p>
        ) : (
          <>
            <p className="analytics__note">{t.analytics.partsIntro}</p>
            {/* A phone can be narrower than the table: it scrolls on its own, not the page. */}
            <section
              className="analytics-parts__scroll"
              aria-label={t.analytics.partsTable}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: so keyboards can scroll it.
              tabIndex={0}
            >
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t.analytics.part}</th>
                    <th scope="col">{t.analytics.reads}</th>
                    <th scope="col">{t.analytics.votes}</th>
                    <th scope="col">{t.analytics.comments}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.parts.map((part) => (
                    <tr key={part.id}>
                      <th scope="row">
                        <a href={`/${part.id}`}>{part.title}</a>
                        {/* How far readers keep coming, against the busiest part. */}
                        <span className="analytics-parts__bar" aria-hidden="true">
                          <span style={{ width: `${(part.reads / most) * 100}%` }} />
                        </span>
                      </th>
                      <td>{formatCount(part.reads)}</td>
                      <td>{formatCount(part.votes)}</td>
                      <td>{formatCount(part.comments)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </section>
      <DailyChart title={t.analytics.dailyVotes} figures={data.dailyVotes} />
      <DailyChart title={t.analytics.dailyComments} figures={data.dailyComments} />
    </>
  );
}

function Demographics({ data }: { data: AnalyticsDemographics }) {
  if (data.readers === 0) return <p className="analytics__empty">{t.analytics.noReaders}</p>;
  const readers = <p className="analytics__readers">{t.analytics.readers(data.readers)}</p>;
  // The API shows no groups below the minimum: any bar could be a reader the writer knows.
  if (data.readers < DEMOGRAPHICS_MIN_READERS) {
    return (
      <>
        {readers}
        <p className="analytics__empty">{t.analytics.tooFewReaders(DEMOGRAPHICS_MIN_READERS)}</p>
      </>
    );
  }
  const regions = new Intl.DisplayNames(["en"], { type: "region" });
  const country = (code: string) =>
    code === OTHER_GROUP ? t.analytics.otherCountries : (regions.of(code) ?? code);
  const age = (group: string) => (group === OTHER_GROUP ? t.analytics.otherAges : group);
  // Enough readers, but too few of them told us for a group of the minimum size.
  const tooFew = (groups: readonly ReaderShare[]) =>
    groups.length === 0 ? t.analytics.tooFewInGroups : undefined;
  return (
    <>
      {readers}
      <p className="analytics__note">{t.analytics.sharesNote(DEMOGRAPHICS_MIN_READERS)}</p>
      <ShareBars
        title={t.analytics.ages}
        shares={data.ages.map((group) => ({ label: age(group.key), share: group.share }))}
        note={tooFew(data.ages)}
      />
      <ShareBars
        title={t.analytics.countries}
        shares={data.countries.map((group) => ({
          label: country(group.key),
          share: group.share,
        }))}
        note={tooFew(data.countries)}
      />
    </>
  );
}

/** A story's analytics for its writer (writer-paid-contest.md §2): three tabs as links. */
export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData.data;
  const tabs = useRef<HTMLUListElement>(null);
  useRowInSight(tabs);
  return (
    <article className="analytics">
      <p className="analytics__back">
        <a className="tap-target" href={`/myworks/${story.id}`}>
          {t.analytics.back}
        </a>
      </p>
      <header className="analytics__header">
        <p className="analytics__kicker">{t.analytics.heading}</p>
        <h1>{story.title}</h1>
      </header>
      <nav className="tab-links" aria-label={t.analytics.tabsLabel}>
        <ul ref={tabs}>
          {TABS.map((tab) => (
            <li key={tab}>
              <a
                href={tabPath(story.id, tab)}
                aria-current={tab === loaderData.tab ? "page" : undefined}
                data-label={t.analytics.tabs[tab]}
              >
                {t.analytics.tabs[tab]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.tab === "overview" && <Overview data={loaderData.data} />}
      {loaderData.tab === "interactions" && <Interactions data={loaderData.data} />}
      {loaderData.tab === "demographics" && <Demographics data={loaderData.data} />}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="notFound" />;
  return <ErrorPage kind="generic" />;
}
