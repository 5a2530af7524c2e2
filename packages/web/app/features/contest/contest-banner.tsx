import type { ContestEligibility, ContestInfo } from "@inkwell/shared";
import { formatCount } from "@inkwell/shared";
import { Award } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/contest.css";
import { ScriptButton } from "../../components/script-button.tsx";

// Most visits to the editor never open the form: it loads when the writer asks for it.
const ContestModal = lazy(() =>
  import("./contest-modal.tsx").then((module) => ({ default: module.ContestModal })),
);

interface Standing {
  contest: ContestInfo;
  eligibility: ContestEligibility;
}

/**
 * The contest banner on a published story's editor (writer-paid-contest.md §4): nothing until
 * the submission check is done, then the story's standing: entered, nearly eligible (a
 * complete story short of words), eligible, or possibly eligible while ongoing; the last two
 * open the form. Stories that cannot enter, and closed contests, show nothing.
 *
 * An invitation can be answered 'Not this story': the banner then thanks the writer for the
 * input (§2's confirmation, docs/decisions/073-contest-banner-thanks.md) until 'Got it', and
 * stays away from the story for this contest. `focusAfter` takes focus once it has gone.
 */
export function ContestBanner({
  storyId,
  focusAfter,
}: {
  storyId: number;
  focusAfter: () => void;
}) {
  const [standing, setStanding] = useState<Standing | null>(null);
  const [declining, setDeclining] = useState(false);
  const [declineFailed, setDeclineFailed] = useState(false);
  const [thanked, setThanked] = useState<"no" | "showing" | "done">("no");
  const gotIt = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (thanked === "showing") gotIt.current?.focus();
  }, [thanked]);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: closing then closes the <dialog>, which gives focus back
  // to the Enter button; unmounting it would drop focus to the page's top.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    let current = true;
    const api = browserApi();
    api
      .activeContest()
      .then(async (contest) => {
        if (!contest) return;
        const eligibility = await api.contestEligibility(storyId);
        if (current) setStanding({ contest, eligibility });
      })
      // The banner is an invitation: without it the editor works as before.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [storyId]);

  if (!standing || thanked === "done") return null;
  const { contest, eligibility } = standing;
  const state = eligibility.eligibility;
  if (thanked === "showing") {
    return (
      <aside className="contest-banner" aria-label={t.contest.banner.label}>
        <Icon of={Award} aria-hidden="true" size={28} className="contest-banner__icon" />
        <p className="contest-banner__text" id={`contest-thanks-${storyId}`}>
          {t.contest.banner.thanks(contest.year)}
        </p>
        <ScriptButton
          ref={gotIt}
          className="button button--primary"
          aria-describedby={`contest-thanks-${storyId}`}
          onClick={() => {
            setThanked("done");
            focusAfter();
          }}
        >
          {t.contest.banner.gotIt}
        </ScriptButton>
      </aside>
    );
  }
  if (
    state === "NOT_ELIGIBLE" ||
    (state !== "SUBMITTED" && (!contest.isOpen || eligibility.declined))
  ) {
    return null;
  }
  const decline = () => {
    setDeclining(true);
    setDeclineFailed(false);
    browserApi()
      .declineContestBanner(storyId)
      .catch(() => null)
      .then((declined) => {
        setDeclining(false);
        if (!declined?.ok) {
          setDeclineFailed(true);
          return;
        }
        setStanding({ contest, eligibility: declined.value });
        setThanked("showing");
      });
  };
  const entryUrl = `/contests/${contest.key}?storyId=${storyId}`;
  const text =
    state === "SUBMITTED"
      ? t.contest.banner.submitted(contest.year)
      : state === "NEAR_ELIGIBLE"
        ? t.contest.banner.nearEligible(
            contest.year,
            formatCount(contest.minWords),
            formatCount(eligibility.wordCount),
          )
        : eligibility.storyStatus === "COMPLETE"
          ? t.contest.banner.eligible(contest.year)
          : t.contest.banner.mayBeEligible(contest.year, formatCount(contest.minWords));
  return (
    <aside className="contest-banner" aria-label={t.contest.banner.label}>
      <Icon of={Award} aria-hidden="true" size={28} className="contest-banner__icon" />
      <p className="contest-banner__text">{text}</p>
      {state === "SUBMITTED" && (
        <a className="button" href={entryUrl}>
          {t.contest.banner.viewEntry}
        </a>
      )}
      {state === "ELIGIBLE" && (
        <ScriptButton
          className="button button--primary"
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          {t.contest.banner.enter}
        </ScriptButton>
      )}
      {state !== "SUBMITTED" && (
        <BusyButton className="button" busy={declining} onClick={decline}>
          {t.contest.banner.decline}
        </BusyButton>
      )}
      <Toast
        message={declineFailed ? t.contest.failed : null}
        onDismiss={() => setDeclineFailed(false)}
      />
      {opened && (
        <Suspense fallback={null}>
          <ContestModal
            open={open}
            contest={contest}
            storyId={storyId}
            onClose={() => setOpen(false)}
            onSubmitted={() =>
              setStanding({ contest, eligibility: { ...eligibility, eligibility: "SUBMITTED" } })
            }
          />
        </Suspense>
      )}
    </aside>
  );
}
