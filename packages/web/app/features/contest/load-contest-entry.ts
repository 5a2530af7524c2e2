import type {
  ContestEligibility,
  ContestForm,
  ContestInfo,
  ContestSubmission,
} from "@inkwell/shared";
import { blankContestForm, formFromEntry } from "@inkwell/shared";
import type { ApiClient } from "../../api/client.ts";

/** What the contest form needs about one story: the contest, where the story stands, and
 * what was submitted for it, if anything. */
export interface ContestEntryData {
  contest: ContestInfo;
  storyId: number;
  eligibility: ContestEligibility;
  submission: ContestSubmission | null;
}

/** §4: eligibility is always fetched; the saved submission only for a submitted story. */
export async function loadContestEntry(
  api: ApiClient,
  contest: ContestInfo,
  storyId: number,
): Promise<ContestEntryData> {
  const eligibility = await api.contestEligibility(storyId);
  const submission =
    eligibility.eligibility === "SUBMITTED" ? await api.contestSubmission(storyId) : null;
  return { contest, storyId, eligibility, submission };
}

/** The form's first answers: the saved entry, or what the story already tells us. */
export function initialContestForm(entry: ContestEntryData, email: string): ContestForm {
  if (entry.submission) return formFromEntry(entry.submission);
  return blankContestForm({
    language: entry.eligibility.storyLanguage,
    storyStatus: entry.eligibility.storyStatus,
    writerEmail: email,
  });
}
