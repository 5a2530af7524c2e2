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
export type { StoryCardData } from "./client/stories.ts";

/** Every area's calls (one module each in ./client), over one way of reaching the API. */
export function createApiClient(fetchApi: ApiFetch) {
  const api = requests(fetchApi);
  return {
    ...accountsCalls(api),
    ...usersCalls(api),
    ...storiesCalls(api),
    ...readingCalls(api),
    ...commentsCalls(api),
    ...listsCalls(api),
    ...inboxCalls(api),
    ...profileMessagesCalls(api),
    ...safetyCalls(api),
    ...homeCalls(api),
    ...searchCalls(api),
    ...supportCalls(api),
    ...moderationCalls(api),
    ...imageModerationCalls(api),
    ...worksCalls(api),
    ...storyStaffCalls(api),
    ...promotionsCalls(api),
    ...premiumCalls(api),
    ...premiumPicksCalls(api),
    ...coinsCalls(api),
    ...analyticsCalls(api),
    ...contestsCalls(api),
    ...notesCalls(api),
    ...writerOnboardingCalls(api),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client for code running in the browser: same calls, through fetch. */
export const browserApi = (): ApiClient => createApiClient((path, init) => fetch(path, init));
