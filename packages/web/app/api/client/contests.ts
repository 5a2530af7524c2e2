import type {
  ContestEligibility,
  ContestEntry,
  ContestInfo,
  ContestSubmission,
} from "@inkwell/shared";
import { json, type Requests, readJson } from "./http.ts";

const CONTEST_PATH = "/v5/contests/wattys";

export const contestsCalls = ({ fetchApi, get, call }: Requests) => ({
  /** The contest open for entries, or null when none is set (writer-paid-contest.md §4). */
  activeContest: async () => {
    const response = await fetchApi(CONTEST_PATH);
    return response.status === 404 ? null : readJson<ContestInfo>(response);
  },
  /** A system admin sets the contest open for entries (decision 033). */
  setContest: (settings: Record<string, string | number>) =>
    call<ContestInfo>(CONTEST_PATH, json("PUT", settings)),
  contestEligibility: (storyId: number) =>
    get<ContestEligibility>(`${CONTEST_PATH}/story/${storyId}/eligibility`),
  /** 'Not this story': the editor's banner stops inviting the writer to enter the story. */
  declineContestBanner: (storyId: number) =>
    call<ContestEligibility>(`${CONTEST_PATH}/story/${storyId}/decline`, { method: "POST" }),
  /** Takes 'Not this story' back (the Awards page): the banner invites the writer again. */
  takeBackContestDecline: (storyId: number) =>
    call<ContestEligibility>(`${CONTEST_PATH}/story/${storyId}/decline`, { method: "DELETE" }),
  contestSubmission: (storyId: number) =>
    get<ContestSubmission>(`${CONTEST_PATH}/story/${storyId}/submission`),
  submitToContest: (storyId: number, entry: ContestEntry) =>
    call<ContestSubmission>(
      `${CONTEST_PATH}/story/${storyId}/submission`,
      json("POST", { ...entry, storyId }),
    ),
});
