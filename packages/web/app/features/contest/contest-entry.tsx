import { Alert } from "../../components/alert.tsx";
import { t } from "../../i18n/index.ts";
import "../../styles/contest.css";
import { useCurrentUser } from "../../lib/current-user.ts";
import { ContestForm, type SectionLevel, type Submitted } from "./contest-form.tsx";
import { type ContestEntryData, initialContestForm } from "./load-contest-entry.ts";

/**
 * One story's entry, wherever the form shows (the contest page or the editor's modal, §2):
 * a submitted story's answers, read-only; a closed contest's notice over a form that cannot
 * be sent; why a story cannot enter; or the form itself.
 */
export function ContestEntry({
  entry,
  sectionLevel,
  onSubmitted,
}: {
  entry: ContestEntryData;
  sectionLevel: SectionLevel;
  onSubmitted: (result: Submitted) => void;
}) {
  const user = useCurrentUser();
  const { contest, eligibility, submission } = entry;
  const storyDetails = (
    <a className="contest-entry__details" href={`/myworks/${entry.storyId}`}>
      {t.contest.editDetails}
    </a>
  );
  if (!submission && ["NOT_ELIGIBLE", "NEAR_ELIGIBLE"].includes(eligibility.eligibility)) {
    return (
      <div className="contest-entry">
        <Alert tone="info">
          {t.contest.notEligible(contest.year, contest.minWords.toLocaleString("en-US"))}
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
      <ContestForm
        entry={entry}
        initial={initialContestForm(entry, user?.email ?? "")}
        readOnly={readOnly}
        sectionLevel={sectionLevel}
        onSubmitted={onSubmitted}
      />
    </div>
  );
}
