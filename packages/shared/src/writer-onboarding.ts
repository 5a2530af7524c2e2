/**
 * Writer onboarding (accounts-safety-messaging.md §2-§4): the questionnaire's answers and
 * the /myworks tooltip, kept on the user (docs/decisions/017).
 */

export const USER_TYPES = ["reader", "writer", "reader_writer"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const WRITER_STAGES = [
  "fun",
  "researching",
  "pursuing_career",
  "professional",
  "none",
] as const;
export type WriterStage = (typeof WRITER_STAGES)[number];

export const FINISHED_STORY = ["yes", "almost", "no"] as const;
export type FinishedStory = (typeof FINISHED_STORY)[number];

/** GET and PUT /v5/users/me/writer-onboarding. null answers were skipped or never given. */
export interface WriterOnboarding {
  user_type: UserType | null;
  writer_stage: WriterStage | null;
  finished_story: FinishedStory | null;
  /** When the questionnaire was last answered; null if never. */
  answered_at: string | null;
  /** The 'Interested in writing?' tooltip's 'Got it' was pressed. */
  tooltip_dismissed: boolean;
}

export type WriterOnboardingChanges = Partial<
  Pick<WriterOnboarding, "user_type" | "writer_stage" | "finished_story" | "tooltip_dismissed">
>;

/**
 * reader.md §9: set to 1 when the writer onboarding tooltip is dismissed, so this browser
 * stops showing it even if saving the dismissal on the account failed.
 */
export const WRITER_TIP_COOKIE = "seen-wo-onboard";

export const WRITER_JOURNEY_PATH = "/start/writerjourney";
/** Where the questionnaire ends: the start of reader onboarding. */
export const WRITER_JOURNEY_END = "/start";

export type WriterJourneyStep = "type" | "motivation" | "novel";

/** The step a path below /start/writerjourney names; null sends the writer back to the first. */
export function writerJourneyStep(rest: string): WriterJourneyStep | null {
  const path = rest.replace(/^\/+|\/+$/g, "");
  if (path === "") return "type";
  if (path === "motivation") return "motivation";
  if (path === "motivation/novel") return "novel";
  return null;
}

/** The novel step carries the chosen motivation in the hash: `#fun`. */
export function motivationFromHash(hash: string): WriterStage | null {
  const value = hash.replace(/^#/, "");
  return WRITER_STAGES.find((stage) => stage === value && stage !== "none") ?? null;
}

/**
 * §4: a reader is done at once; a writer (or both) goes to the motivation step; a
 * motivation other than none goes on to the novel question, none (or Skip: null) ends.
 */
export function nextWriterJourneyUrl(
  step: WriterJourneyStep,
  answer: UserType | WriterStage | FinishedStory | null,
): string {
  if (step === "type") {
    return answer === "reader" ? WRITER_JOURNEY_END : `${WRITER_JOURNEY_PATH}/motivation`;
  }
  if (step === "motivation" && answer !== null && answer !== "none") {
    return `${WRITER_JOURNEY_PATH}/motivation/novel#${answer}`;
  }
  return WRITER_JOURNEY_END;
}
