import {
  cookieValue,
  formatTimeAgo,
  pageTags,
  parseReaderSettings,
  READER_SETTINGS_COOKIE,
} from "@inkwell/shared";
import { ArrowLeft, ArrowRight, ChevronRight } from "lucide";
import { useEffect, useRef, useState } from "react";
import { data } from "react-router";
import { apiContext } from "../api/context.ts";
import { Avatar } from "../components/avatar.tsx";
import { Icon } from "../components/icon.tsx";
import { UserBadges } from "../components/user-badges.tsx";
import { Paywall } from "../features/coins/paywall.tsx";
import { UnlockedThanks, useJustUnlocked } from "../features/coins/unlocked-thanks.tsx";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { ParagraphComments } from "../features/comments/paragraph-comments.tsx";
import { AddToButton } from "../features/lists/add-to-button.tsx";
import { ReaderSettingsControl, readerClassName } from "../features/reading/reader-settings.tsx";
import { ProgressBar, useReadingProgress } from "../features/reading/reading-progress.tsx";
import { useReadCounter } from "../features/reading/use-read-counter.ts";
import { VoteButton } from "../features/reading/vote-button.tsx";
import { BannedImageNotice } from "../features/safety/banned-image.tsx";
import { StoryRouteError } from "../features/story/mature-gate.tsx";
import { t } from "../i18n/index.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import {
  cacheTags,
  forwardLoaderHeaders,
  idFromParam,
  notFoundResponse,
  orNotFound,
} from "../lib/route-data.ts";
import type { Route } from "./+types/part";

/**
 * The part, and how to show it: the reader's settings (the account's, or a visitor's
 * cookie) are applied in the server's HTML, so the page never flashes the default look,
 * and a signed-in reader's saved position in this part is where the page resumes.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idFromParam(params.partId);
  if (id === null) throw notFoundResponse();
  const api = context.get(apiContext);
  const part = await orNotFound(api.part(id));
  const cookie = request.headers.get("cookie");
  // Only the end of an ongoing story says whether it is in the Library (the add-to hint).
  const endsOngoing = part.nextPart === null && !part.story.completed && part.paywall === null;
  // Visitors without cookies cost no further calls; the position and the Library are
  // niceties, never an error.
  const [saved, accountSettings, collections] = cookie
    ? await Promise.all([
        api.readingPosition(part.story.id).catch(() => null),
        api.readerSettings(),
        endsOngoing ? api.storyCollections([part.story.id]).catch(() => null) : null,
      ])
    : [null, null, null];
  const settings =
    accountSettings ?? parseReaderSettings(cookieValue(cookie, READER_SETTINGS_COOKIE));
  const resumeAt = saved?.part === part.id ? Number(saved.position) : null;
  const inLibrary = collections?.stories[0]?.library === true;
  return data(
    { part, now: Date.now(), settings, resumeAt, inLibrary },
    {
      headers: cacheTags(pageTags.story(part.story.id), pageTags.writer(part.story.user.username)),
    },
  );
}

export const headers = forwardLoaderHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  const { part } = data;
  const { story } = part;
  return [
    { title: `${part.title} - ${story.title} · Inkwell` },
    {
      name: "description",
      content: t.part.description(part.number, story.numParts, story.title, story.user.name),
    },
  ];
}

export default function PartPage({ loaderData }: Route.ComponentProps) {
  const { part } = loaderData;
  // A new part, or this one just unlocked, starts the page afresh: progress, reads, settings.
  return <PartView key={`${part.id}:${part.isBlocked}`} {...loaderData} />;
}

function PartView({ part, now, resumeAt, ...loaded }: Route.ComponentProps["loaderData"]) {
  const { story, paywall } = part;
  const [settings, setSettings] = useState(loaded.settings);
  // Follows an add or remove made in the end hint's popover, without a reload (decision 140).
  const [inLibrary, setInLibrary] = useState(loaded.inLibrary);
  const textRef = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const signedIn = useCurrentUser() !== null;
  const justUnlocked = useJustUnlocked() !== undefined && paywall === null;
  // The paywall and the button that bought the part are gone: the part they opened takes the
  // focus, or it falls to the page's top (docs/decisions/057).
  useEffect(() => {
    if (justUnlocked) heading.current?.focus();
  }, [justUnlocked]);
  const position = useReadingProgress(textRef, {
    storyId: story.id,
    partId: part.id,
    saves: signedIn && paywall === null,
    resumeAt,
  });
  useReadCounter(paywall === null ? part.id : null, signedIn);
  return (
    <article className={readerClassName(settings)}>
      <ProgressBar position={position} />
      <div className="reader__tools">
        <ReaderSettingsControl settings={settings} onChange={setSettings} text={part.text} />
      </div>
      <header className="reader__header">
        <a className="reader__story" href={story.url}>
          <span className="reader__story-title">{story.title}</span>
          <Icon of={ChevronRight} aria-hidden="true" size={16} />
        </a>
        <p className="reader__position">{t.part.partOf(part.number, story.numParts)}</p>
        <h1 className="reader__title" ref={heading} tabIndex={-1}>
          {part.title}
        </h1>
        <a className="reader__author" href={`/user/${story.user.username}`}>
          <Avatar src={story.user.avatar} name={story.user.name} size={24} />
          <span>
            <span className="visually-hidden">{t.story.by} </span>
            {story.user.name}
            <UserBadges badges={story.user.badges} />
          </span>
        </a>
      </header>

      {part.bannedImages?.map((url) => (
        <BannedImageNotice key={url} imageUrl={url} thumbnail />
      ))}
      {paywall ? (
        <Paywall
          storyId={story.id}
          storyTitle={story.title}
          partId={part.id}
          bonusTypeName={part.isBonusPart ? part.bonusTypeName : null}
          paywall={paywall}
          author={story.user}
        />
      ) : (
        <div
          ref={textRef}
          className="reader__text reader__text--marked"
          // The part's HTML is sanitised when it is written (allow-list), never at render time.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write
          dangerouslySetInnerHTML={{ __html: part.text }}
        />
      )}

      <footer className="part-end">
        {!paywall && (
          <VoteButton
            storyId={story.id}
            partId={part.id}
            voted={part.voted}
            votes={part.voteCount}
          />
        )}
        {/* A locked part is not read yet: nothing to continue from, no end to congratulate. */}
        {paywall ? null : part.nextPart ? (
          <a
            className="button button--primary button--large part-end__continue"
            href={part.nextPart.url}
          >
            {t.part.continue}
            <Icon of={ArrowRight} aria-hidden="true" size={18} />
          </a>
        ) : story.completed ? (
          <div className="part-end__message">
            <p className="part-end__heading">{t.part.finished}</p>
            <p>{t.part.finishedHint}</p>
          </div>
        ) : (
          <div className="part-end__message">
            <p className="part-end__heading">{t.part.endOfPublished}</p>
            {story.lastPublishedPart && (
              <p>{t.part.lastUpdated(formatTimeAgo(story.lastPublishedPart.createDate, now))}</p>
            )}
            {/* The hint is for readers who have not added it: these will hear of new parts. */}
            <p>{inLibrary ? t.part.inLibrary : t.part.libraryHint}</p>
            {loaded.inLibrary ? null : signedIn ? (
              // Stays once the story is added here, its popover open for a change of mind.
              <AddToButton storyId={story.id} large={false} onLibraryChange={setInLibrary} />
            ) : (
              // A visitor has no Library yet: signing up comes back to this part.
              <a
                className="button button--primary"
                href={`/signup?${new URLSearchParams({ nextUrl: part.url })}`}
              >
                {t.part.signUpForLibrary}
              </a>
            )}
          </div>
        )}
        <nav className="part-end__nav" aria-label="Parts">
          {part.previousPart ? (
            <a href={part.previousPart.url} rel="prev">
              <Icon of={ArrowLeft} aria-hidden="true" size={16} />
              <span>
                <span className="part-end__nav-label">{t.part.previous}</span>
                {part.previousPart.title}
              </span>
            </a>
          ) : (
            <span />
          )}
          {part.nextPart && (
            <a href={part.nextPart.url} rel="next" className="part-end__nav-next">
              <span>
                <span className="part-end__nav-label">{t.part.next}</span>
                {part.nextPart.title}
              </span>
              <Icon of={ArrowRight} aria-hidden="true" size={16} />
            </a>
          )}
        </nav>
        <a className="part-end__back" href={story.url}>
          {t.part.backToStory}
        </a>
      </footer>
      {!paywall && (
        <>
          <CommentsSection partId={part.id} />
          <ParagraphComments partId={part.id} textRef={textRef} />
        </>
      )}
      <UnlockedThanks author={story.user} />
    </article>
  );
}

export function ErrorBoundary() {
  return <StoryRouteError otherwise="generic" />;
}
