import { accountsCalls } from "./client/accounts.ts";
import { analyticsCalls } from "./client/analytics.ts";
import { coinsCalls } from "./client/coins.ts";
import { commentsCalls } from "./client/comments.ts";
import { contestsCalls } from "./client/contests.ts";
import { homeCalls } from "./client/home.ts";
import { type ApiFetch, requests } from "./client/http.ts";
import { imageModerationCalls } from "./client/image-moderation.ts";
import { inboxCalls } from "./client/inbox.ts";
import { listsCalls } from "./client/lists.ts";
import { moderationCalls } from "./client/moderation.ts";
import { notesCalls } from "./client/notes.ts";
import { premiumCalls } from "./client/premium.ts";
import { premiumPicksCalls } from "./client/premium-picks.ts";
import { profileMessagesCalls } from "./client/profile-messages.ts";
import { promotionsCalls } from "./client/promotions.ts";
import { readingCalls } from "./client/reading.ts";
import { safetyCalls } from "./client/safety.ts";
import { searchCalls } from "./client/search.ts";
import { storiesCalls } from "./client/stories.ts";
import { storyStaffCalls } from "./client/story-staff.ts";
import { supportCalls } from "./client/support.ts";
import { usersCalls } from "./client/users.ts";
import { worksCalls } from "./client/works.ts";
import { writerOnboardingCalls } from "./client/writer-onboarding.ts";

export { type ApiFetch, ApiRequestError, type Outcome, type Refusal } from "./client/http.ts";
export type { PicksPeriodData } from "./client/premium-picks.ts";
export type { StoryCardData, StoryCardPage } from "./client/stories.ts";

/** Every area's calls (one module each in ./client). */
const AREAS = [
  accountsCalls,
  usersCalls,
  storiesCalls,
  readingCalls,
  commentsCalls,
  listsCalls,
  inboxCalls,
  profileMessagesCalls,
  safetyCalls,
  homeCalls,
  searchCalls,
  supportCalls,
  moderationCalls,
  imageModerationCalls,
  worksCalls,
  storyStaffCalls,
  promotionsCalls,
  premiumCalls,
  premiumPicksCalls,
  coinsCalls,
  analyticsCalls,
  contestsCalls,
  notesCalls,
  writerOnboardingCalls,
] as const;

type CallsOf<T extends readonly unknown[]> = {
  [K in keyof T]: T[K] extends (...args: never[]) => infer Calls ? Calls : never;
};
type AreaCalls = CallsOf<typeof AREAS>;
type Joined<T> = T extends readonly [infer First, ...infer Rest] ? First & Joined<Rest> : unknown;
/** Names two areas both define: one would silently replace the other in the client. */
type Clashes<T> = T extends readonly [infer First, ...infer Rest]
  ? (keyof First & keyof Joined<Rest>) | Clashes<Rest>
  : never;

/** Every call of the API; a name two areas define makes this a type naming it instead. */
export type ApiClient = [Clashes<AreaCalls>] extends [never]
  ? Joined<AreaCalls>
  : { callsDefinedTwice: Clashes<AreaCalls> };

/** Every area's calls over one way of reaching the API. */
export function createApiClient(fetchApi: ApiFetch): ApiClient {
  const api = requests(fetchApi);
  const client = {};
  for (const calls of AREAS) Object.assign(client, calls(api));
  return client as ApiClient;
}

/** The client for code running in the browser: same calls, through fetch. */
export const browserApi = (): ApiClient => createApiClient((path, init) => fetch(path, init));
