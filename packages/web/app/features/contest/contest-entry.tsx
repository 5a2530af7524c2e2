import { formatCount } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Alert } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/contest.css";
import { beaconForm } from "../../lib/beacon.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { ContestForm, type Outdated, type SectionLevel, type Submitted } from "./contest-form.tsx";
import {
  type ContestEntryData,
  initialContestForm,
  loadContestEntry,
} from "./load-contest-entry.ts";

/**
 * One story's entry, wherever the form shows (the contest page or the editor's modal, §2):
 * a submitted story's answers, read-only; a closed contest's notice over a form that cannot
 * be sent; why a story cannot enter; or the form itself.
 */
export function ContestEntry({
  entry: loaded,
  sectionLevel,
  onSubmitted,
}: {
  entry: ContestEntryData;
  sectionLevel: SectionLevel;
  onSubmitted: (result: Submitted) => void;
}) {
  const user = useCurrentUser();
  // A refused submission can tell that the contest closed or the story was entered (in
  // another tab) since this loaded: the entry then shows what a fresh load would (§4).
  const [entry, setEntry] = useState(loaded);
  // §4: a story not yet entered fetched only its eligibility, and its form's view is counted.
  const entered = loaded.submission !== null;
  useEffect(() => {
    if (!entered) {
      beaconForm("/v5/events", { name: "contest_form_view", storyId: String(loaded.storyId) });
    }
  }, [entered, loaded.storyId]);
  const { contest, eligibility, submission } = entry;
  const catchUp = async (refusal: Outdated) => {
    if (refusal === "contest_closed") {
      setEntry({ ...entry, contest: { ...contest, isOpen: false } });
    } else {
      setEntry(await loadContestEntry(browserApi(), contest, entry.storyId));
    }
  };
  const storyDetails = (
    <a className="contest-entry__details tap-target" href={`/myworks/${entry.storyId}`}>
      {t.contest.editDetails}
    </a>
  );
  if (!submission && ["NOT_ELIGIBLE", "NEAR_ELIGIBLE"].includes(eligibility.eligibility)) {
    return (
      <div className="contest-entry">
        <Alert tone="info">
          {t.contest.notEligible(contest.year, formatCount(contest.minWords))}
        </Alert>
        {storyDetails}
      </div>
    );
  }
  const readOnly = submission !== null || !contest.isOpen;
  return (
    <div className="contest-entry">
      {submission ? (
        <Alert tone="info">{t.contest.submittedNotice}</Alert>
      ) : !contest.isOpen ? (
        <Alert tone="info">{t.contest.closed(contest.year)}</Alert>
      ) : (
        <p className="contest-entry__lead">{t.contest.formLead(eligibility.storyTitle)}</p>
      )}
      {storyDetails}
      {/* Entered meanwhile: the saved answers replace the ones typed here. */}
      <ContestForm
        key={submission ? "submitted" : "draft"}
        entry={entry}
        initial={initialContestForm(entry, user?.email ?? "")}
        readOnly={readOnly}
        sectionLevel={sectionLevel}
        onSubmitted={onSubmitted}
        onOutdated={catchUp}
      />
    </div>
  );
}
