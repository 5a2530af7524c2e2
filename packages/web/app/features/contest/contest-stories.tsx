import type { ContestEligibility, ContestInfo, WorkSummary } from "@inkwell/shared";
import { formatCount } from "@inkwell/shared";
import { useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { Cover } from "../../components/cover.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";

export interface StoryStanding
  extends Pick<WorkSummary, "id" | "title" | "cover">,
    Pick<ContestEligibility, "eligibility" | "wordCount" | "ineligibleBecause" | "declined"> {}

/**
 * The Awards page's list of the writer's published stories, each with where it stands and its
 * way in. A story answered 'Not this story' on its editor's banner says so, with Undo: the
 * banner invites the writer again (docs/decisions/073-contest-banner-thanks.md). Undo goes
 * away once done, so focus moves to the words saying what it changed.
 */
export function ContestStories({
  contest,
  stories,
}: {
  contest: ContestInfo;
  stories: StoryStanding[];
}) {
  const [declined, setDeclined] = useState(
    () => new Set(stories.filter((story) => story.declined).map((story) => story.id)),
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [undone, setUndone] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const undoneLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (undone !== null) undoneLine.current?.focus();
  }, [undone]);

  const undo = (storyId: number) => {
    setBusy(storyId);
    setFailed(false);
    browserApi()
      .takeBackContestDecline(storyId)
      .catch(() => null)
      .then((standing) => {
        setBusy(null);
        if (!standing?.ok) {
          setFailed(true);
          return;
        }
        setDeclined((ids) => new Set([...ids].filter((id) => id !== storyId)));
        setUndone(storyId);
      });
  };

  return (
    <>
      <ul>
        {stories.map((story) => {
          const entered = story.eligibility === "SUBMITTED";
          const saidNo = !entered && declined.has(story.id);
          return (
            <li key={story.id} className="contest-story">
              <Cover src={story.cover} title={story.title} width={56} />
              <div className="contest-story__info">
                <h3 className="contest-story__title">{story.title}</h3>
                <p className="contest-story__standing">{standingText(story, contest)}</p>
                {saidNo && <p className="contest-story__declined">{t.contest.declined.note}</p>}
                {undone === story.id && (
                  <p className="contest-story__declined" ref={undoneLine} tabIndex={-1}>
                    {t.contest.declined.undone}
                  </p>
                )}
              </div>
              <div className="contest-story__actions">
                {(story.eligibility === "ELIGIBLE" || entered) && (contest.isOpen || entered) && (
                  <a
                    className={entered ? "button" : "button button--primary"}
                    href={`/contests/${contest.key}?storyId=${story.id}`}
                    aria-label={
                      entered
                        ? t.contest.viewStoryEntry(story.title)
                        : t.contest.enterStory(story.title)
                    }
                  >
                    {entered ? t.contest.banner.viewEntry : t.contest.enter}
                  </a>
                )}
                {saidNo && (
                  <BusyButton
                    className="button"
                    busy={busy === story.id}
                    aria-label={t.contest.declined.undoStory(story.title)}
                    onClick={() => undo(story.id)}
                  >
                    {t.contest.declined.undo}
                  </BusyButton>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Toast message={failed ? t.contest.failed : null} onDismiss={() => setFailed(false)} />
    </>
  );
}

function standingText(story: StoryStanding, contest: ContestInfo): string {
  switch (story.eligibility) {
    case "SUBMITTED":
      return t.contest.standing.submitted;
    case "ELIGIBLE":
      return t.contest.standing.eligible;
    case "NEAR_ELIGIBLE":
      return t.contest.standing.nearEligible(
        formatCount(story.wordCount),
        formatCount(contest.minWords),
      );
    default:
      return t.contest.standing.notEligible(
        story.ineligibleBecause,
        formatCount(story.wordCount),
        formatCount(contest.minWords),
      );
  }
}
