import type {
  AnalyticsDemographics,
  AnalyticsInteractions,
  AnalyticsOverview,
  ApiError,
  AutocompleteUser,
  BlockedUsers,
  Category,
  CloseAccountReason,
  CoinPackOffer,
  CoinPackPurchase,
  CommentData,
  CommentLikeState,
  CommentPage,
  CommentResource,
  ContentSettings,
  ContestEligibility,
  ContestEntry,
  ContestInfo,
  ContestSubmission,
  ContinueReadingSections,
  Conversation,
  CoverSource,
  CurrentUser,
  Features,
  FiledTicket,
  FollowState,
  HomeFeed,
  IgnoredUsers,
  ImageAppealDecision,
  ImageAppealStatus,
  ImageFlag,
  InboxFilter,
  InboxMessage,
  InboxThreadList,
  LibraryPage,
  LibrarySort,
  MailSubscriptions,
  MyReport,
  NewStoryInput,
  NotificationForm,
  NotificationSettings,
  PaidPartConfig,
  PaidPartConfigInput,
  PaidProgrammeView,
  ParagraphCommentCounts,
  PartDetails,
  PartImage,
  PartText,
  PicksPeriod,
  PremiumPlanId,
  PremiumStatus,
  ProfileEdit,
  ProfileMessage,
  ProfileMessagePage,
  ProfileMessageReplies,
  PromotionSummary,
  PurchaseResult,
  ReaderSettings,
  ReadingListDetails,
  ReadingListPage,
  ReadingListSummary,
  ReadingPosition,
  ReadResult,
  RecentSearches,
  ReportOutcome,
  StaffNote,
  StaffReport,
  StaffReportPage,
  StoryCard,
  StoryClassificationInput,
  StoryCollections,
  StoryCoverUpdate,
  StoryDetails,
  StoryDetailsUpdate,
  StoryList,
  StoryNotes,
  StoryNotesInput,
  StorySaleInput,
  StorySearchFilters,
  StorySearchResult,
  StoryStaffView,
  SupportTree,
  TagSuggestion,
  UserList,
  UserProfile,
  UserSearchResult,
  WalletEntry,
  WorkDetails,
  WorkSale,
  WorkSummary,
  WriterOnboarding,
  WriterOnboardingChanges,
} from "@inkwell/shared";
import { EDITOR_WORK_FIELDS, type EditorWork } from "@inkwell/shared";

/** How the client reaches the API: in-process on the server, fetch in the browser. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, body: Partial<ApiError>) {
    super(body.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = body.code ?? "unknown";
  }
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as Partial<ApiError>;
  throw new ApiRequestError(response.status, body);
}

/** The story fields the story page shows. */
export const STORY_PAGE_FIELDS = [
  "id",
  "title",
  "url",
  "cover",
  "description",
  "user",
  "completed",
  "mature",
  "isPaid",
  "sale",
  "draft",
  "deleted",
  "numParts",
  "numNewParts",
  "numNewBonusParts",
  "readCount",
  "voteCount",
  "length",
  "language",
  "storyTags",
  "parts",
  "firstStoryPart",
  "modifyDate",
  "tagRankings",
  "ads",
  "bannedCover",
] as const satisfies ReadonlyArray<keyof StoryDetails>;

/** What a story card and its preview show: enough to draw them, nothing more. */
export const STORY_CARD_FIELDS = [
  "id",
  "title",
  "url",
  "cover",
  "description",
  "user",
  "completed",
  "mature",
  "isPaid",
  "sale",
  "numParts",
  "firstPartId",
  "readCount",
  "voteCount",
] as const satisfies ReadonlyArray<keyof StoryCard>;

export type StoryCardData = Pick<StoryCard, (typeof STORY_CARD_FIELDS)[number]>;

/** A month of Premium Picks as the picks page shows it. */
export type PicksPeriodData = Pick<PicksPeriod, "id" | "name" | "expiresAt" | "total"> & {
  stories: StoryCardData[];
};

export interface PremiumPicksData {
  current: PicksPeriodData;
  next: PicksPeriodData;
}

export interface StoryCardPage {
  stories: StoryCardData[];
  nextUrl: string | null;
}

export type StoryPageData = Pick<StoryDetails, (typeof STORY_PAGE_FIELDS)[number]>;

export type StoryRankingsData = Pick<
  StoryDetails,
  "id" | "title" | "url" | "cover" | "user" | "tagRankings"
>;

const STORY_PAGE_QUERY = STORY_PAGE_FIELDS.join(",");

/** One page of a list: `limit` items from `offset`. */
export interface PageQuery {
  limit: number;
  offset: number;
}

const userPath = (username: string, rest = "") =>
  `/api/v3/users/${encodeURIComponent(username)}${rest}`;

const pageParams = ({ limit, offset }: PageQuery) =>
  new URLSearchParams({ limit: String(limit), offset: String(offset) });

export interface StoryListQuery {
  filter?: "hot" | "new";
  tag?: string;
  limit?: number;
  offset?: number;
}

/** An answer the settings forms read: {code: 467, error_code, message} when refused. */
export interface Refusal {
  code?: number | string;
  error_code?: string;
  message?: string;
  /** Where an image appeal stands, when one is refused (accounts-safety-messaging.md §7). */
  status?: string;
  /** What is wrong, field by field, when the input was refused (400). */
  fields?: Record<string, string>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

async function outcome<T>(response: Response): Promise<Outcome<T>> {
  const body = (await response.json().catch(() => ({}))) as T & Refusal;
  return response.ok ? { ok: true, value: body } : { ok: false, refusal: body };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const json = (method: "PUT" | "POST" | "PATCH", body: unknown) => ({
  method,
  headers: { accept: "application/json", "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A set of comments: how many, after which cursor, and on which paragraph (none: the part). */
export interface CommentQuery {
  limit: number;
  after?: string | null;
  paragraphId?: string | null;
}

function commentParams({ limit, after }: CommentQuery) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (after) params.set("after", after);
  return params;
}

/** The people search call of the spec: the profile card's fields. */
const PROFILE_CARD_FIELDS =
  "username,name,avatar,description,numLists,numFollowers,numStoriesPublished,badges,following";

/** Story search: the query, a page and the filters, as GET /v4/search/stories takes them. */
export function storySearchPath(query: string, page: PageQuery, filters: StorySearchFilters) {
  const params = new URLSearchParams({ query, ...Object.fromEntries(pageParams(page)) });
  if (filters.updated.length > 0) params.set("updated", filters.updated.join(","));
  if (filters.content.length > 0) params.set("content", filters.content.join(","));
  if (filters.length !== "anyLength") params.set("length", filters.length);
  if (filters.hideMature) params.set("hideMature", "1");
  return `/v4/search/stories?${params}`;
}

const recentSearchesPath = "/api/v3/users/me/recent-searches";
const WRITER_ONBOARDING_PATH = "/v5/users/me/writer-onboarding";
const CONTEST_PATH = "/v5/contests/wattys";

export function createApiClient(fetchApi: ApiFetch) {
  const get = async <T>(path: string) => readJson<T>(await fetchApi(path));
  const call = async <T>(path: string, init: RequestInit) => outcome<T>(await fetchApi(path, init));
  const orNullForVisitors = async <T>(path: string) => {
    const response = await fetchApi(path);
    return response.status === 401 ? null : readJson<T>(response);
  };
  return {
    storyPage: (id: number) =>
      get<StoryPageData>(`/api/v3/stories/${id}?fields=${STORY_PAGE_QUERY}`),
    storyRankings: (id: number) =>
      get<StoryRankingsData>(`/api/v3/stories/${id}?fields=id,title,url,cover,user,tagRankings`),
    /** 'You may also like': asked for by the browser, below the fold, after the page. */
    recommendedStories: (id: number) =>
      get<{ recommendedStories: StoryCardData[] }>(
        `/api/v3/stories/${id}?fields=recommendedStories(${STORY_CARD_FIELDS.join(",")})`,
      ),
    part: (id: number) => get<PartDetails>(`/api/v3/story_parts/${id}`),
    /** The signed-in reader's Coins (writer-paid-contest.md §7). */
    wallet: (userId: number) => get<WalletEntry[]>(`/v5/users/${userId}/wallet`),
    /** Staff: the newest sponsored-story campaigns. */
    promotions: () => get<{ promotions: PromotionSummary[] }>("/v5/promotions"),
    /** Staff: sponsor a story; refused field by field. */
    createPromotion: (body: {
      storyId: number;
      sponsorName: string;
      startsAt: string;
      endsAt: string;
    }) => call<PromotionSummary>("/v5/promotions", json("POST", body)),
    /** Staff: move a campaign's end (now, to end it). */
    endPromotion: (id: number, endsAt: string) =>
      call<PromotionSummary>(`/v5/promotions/${id}`, json("PATCH", { endsAt })),
    /** The Premium plans, whether they are on sale, and this reader's subscription. */
    premiumStatus: () => get<PremiumStatus>("/v5/premium/subscription"),
    /** Subscribes to a plan; a retry with the same requestId subscribes once. */
    subscribePremium: (plan: PremiumPlanId, requestId: string) =>
      call<PremiumStatus>("/v5/premium/subscription", json("POST", { plan, requestId })),
    /** Cancels the renewal (renews false), or turns it back on. */
    setPremiumRenewal: (renews: boolean) =>
      call<PremiumStatus>("/v5/premium/subscription", json("PATCH", { renews })),
    /** The Coin Shop's packs as this reader would buy them. */
    coinPacks: () => get<CoinPackOffer[]>("/v5/coins/packs"),
    /** Buys a Coin pack; a retry with the same requestId buys nothing more. */
    buyCoinPack: (packId: string, requestId: string) =>
      call<CoinPackPurchase>("/v5/coins/purchase", json("POST", { packId, requestId })),
    /** Unlocks one paywalled part, or the whole story, with Coins. */
    purchase: (storyId: number, what: { partId: number } | { wholeStory: true }) =>
      call<PurchaseResult>(`/v5/story/${storyId}/paid-content/purchase`, json("POST", what)),
    /** The signed-in user, or null for a visitor. */
    currentUser: () => orNullForVisitors<CurrentUser>("/api/v3/internal/current_user"),
    /** The 'Do not sell my personal information' choice of a signed-in user. */
    ccpa: (username: string) =>
      get<{ optout: boolean }>(`/v5/users/${encodeURIComponent(username)}/privacy-settings/ccpa/`),
    setCcpa: (username: string, optout: boolean) =>
      call<{ optout: boolean }>(
        `/v5/users/${encodeURIComponent(username)}/privacy-settings/ccpa/`,
        json("PUT", { optout }),
      ),
    /** Where the viewer's appeal of their flagged image stands; a 404 for no such image. */
    imageAppeal: (imageUrl: string) =>
      get<{ status: ImageAppealStatus | null }>(
        `/v5/image_moderation/appeal?${new URLSearchParams({ image_url: imageUrl })}`,
      ),
    appealImage: (imageUrl: string, reason: string) =>
      call<{ status: ImageAppealStatus }>(
        "/v5/image_moderation/appeal",
        json("POST", { image_url: imageUrl, reason }),
      ),
    flagImage: (imageUrl: string) =>
      call<{ id: number; storyId: number }>(
        "/v5/image_moderation/flags",
        json("POST", { image_url: imageUrl }),
      ),
    imageAppeals: () => get<{ appeals: ImageFlag[] }>("/v5/image_moderation/appeals"),
    decideImageAppeal: (id: number, decision: ImageAppealDecision) =>
      call<{ id: number; decision: ImageAppealDecision }>(
        `/v5/image_moderation/appeals/${id}/decision`,
        json("POST", { decision }),
      ),
    changePassword: (fields: { old_password: string; new_password: string }) =>
      call<{ redirectUrl: string }>("/apiv2/updateuserpassword", form(fields)),
    /**
     * Whose mail an emailed unsubscribe link stops, from its `u` (an account id) and key
     * (refused when it is not a valid link), and what they get by mail.
     */
    mailLink: (userId: string, key: string) =>
      call<MailSubscriptions>(
        `/v5/alerts/unsubscribe?${new URLSearchParams({ u: userId, k: key })}`,
        {},
      ),
    /** The emailed link's reset: `at` is the link's token. */
    resetPassword: (fields: {
      at: string;
      new_password: string;
      isFromPushNotification?: string;
    }) => call<{ redirectUrl: string }>("/apiv2/updateuserpassword", form(fields)),
    /** The signed-in user's own profile: only the fields given change (ProfileEdit). */
    editProfile: (username: string, edit: ProfileEdit) =>
      call<UserProfile>(`/api/v3/users/${encodeURIComponent(username)}`, json("PATCH", edit)),
    changeUsername: (fields: { username: string; password: string }) =>
      call<{ redirectUrl: string }>("/apiv2/updateusername", form(fields)),
    changeEmail: (fields: { email: string; confirm_email: string; password: string }) =>
      call<{ message: string }>("/apiv2/updateuseremail", form(fields)),
    validateEmail: (email: string) =>
      call<{ message: string }>(`/api/v3/users/validate?email=${encodeURIComponent(email)}`, {}),
    resendActivation: () =>
      call<{ message: string }>("/api/v3/users/validate", json("POST", { activation_email: true })),
    updateAccount: (
      username: string,
      fields: { birthdate?: string; beta_enabled?: boolean; is_email_reverified?: boolean },
    ) =>
      call<{ reverified?: boolean }>(
        `/api/v3/users/${encodeURIComponent(username)}`,
        json("PUT", fields),
      ),
    updateNotifications: (username: string, settings: NotificationForm) =>
      call<NotificationSettings>(
        `/api/v3/users/${encodeURIComponent(username)}/notification-settings`,
        json("PUT", settings),
      ),
    /** Which social sign-ins are configured (the "Continue with Google" buttons). */
    authProviders: () => get<{ google: boolean }>("/api/v3/auth/providers"),
    features: () => get<Features>("/api/v3/internal/features?platform=web"),
    /** A pending social sign-up for the completion form, or null when gone or expired. */
    socialSignup: async (token: string) => {
      const response = await fetchApi(
        `/api/v3/auth/social-signup?${new URLSearchParams({ token })}`,
      );
      if (response.status === 404 || response.status === 400) return null;
      return readJson<{
        provider: string;
        email: string | null;
        name: string | null;
        birthdayKnown: boolean;
      }>(response);
    },
    unlinkGoogle: () =>
      call<{ message: string }>("/apiv2/linksocialmedia", form({ action: "unlinkgoogle" })),
    /** Votes for a part (on) or takes the vote back (off); answers the new state. */
    vote: (storyId: number, partId: number, on: boolean) =>
      call<{ voted: boolean; votes: number }>(`/api/v3/stories/${storyId}/parts/${partId}/votes`, {
        method: on ? "POST" : "DELETE",
        headers: { accept: "application/json" },
      }),
    /** Where the signed-in reader left a story, or null for a visitor. */
    readingPosition: (storyId: number) =>
      orNullForVisitors<ReadingPosition>(`/apiv2/syncreadingposition?story_id=${storyId}`),
    saveReadingPosition: (storyId: number, partId: number, position: number) =>
      call<ReadingPosition>(
        "/apiv2/syncreadingposition",
        json("POST", { story_id: storyId, part_id: partId, position }),
      ),
    /** Counts one read of a part (the reading page decides when a visit is a read). */
    recordRead: (partId: number) =>
      call<ReadResult>(`/api/v3/story_parts/${partId}/reads`, {
        method: "POST",
        headers: { accept: "application/json" },
      }),
    /** The signed-in reader's reading-page settings, or null for a visitor (see the cookie). */
    readerSettings: () => orNullForVisitors<ReaderSettings>("/api/v3/users/me/reader-settings"),
    saveReaderSettings: (settings: ReaderSettings) =>
      call<ReaderSettings>("/api/v3/users/me/reader-settings", json("PUT", settings)),
    profile: (username: string) => get<UserProfile>(userPath(username)),
    userStories: (username: string, page: PageQuery) =>
      get<StoryList>(userPath(username, `/stories?${pageParams(page)}`)),
    /** The user's followers or the people they follow, newest follow first. */
    people: (username: string, list: "followers" | "following", page: PageQuery) =>
      get<UserList>(userPath(username, `/${list}?${pageParams(page)}`)),
    /** The signed-in user follows (on) or unfollows `username`; answers the new state. */
    follow: (currentUsername: string, username: string, on: boolean) =>
      call<FollowState>(userPath(currentUsername, "/following"), {
        method: on ? "POST" : "DELETE",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ users: username }),
      }),
    /** The user's reading lists (theirs include private ones), newest first. */
    readingLists: (username: string, page: PageQuery) =>
      get<ReadingListPage>(userPath(username, `/lists?${pageParams(page)}`)),
    /** A page of the list's stories, in order; nextUrl is null at the list's end. */
    readingList: (id: number, page: PageQuery) =>
      get<ReadingListDetails>(`/api/v3/lists/${id}?${pageParams(page)}`),
    /** A new list holding the story; a list of that name (any case) is reused. */
    createReadingList: (name: string, storyId: number) =>
      call<ReadingListSummary>(
        "/api/v3/lists/",
        json("POST", {
          id: null,
          name,
          numStories: 0,
          cover: 0,
          tags: [],
          featured: false,
          stories: storyId,
        }),
      ),
    updateReadingList: (id: number, changes: { name?: string; isPrivate?: boolean }) =>
      call<ReadingListSummary>(`/api/v3/lists/${id}`, json("PUT", changes)),
    deleteReadingList: (id: number) =>
      call<{ deleted: true }>(`/api/v3/lists/${id}`, { method: "DELETE" }),
    addToReadingList: (id: number, storyId: number) =>
      call<ReadingListSummary>(`/api/v3/lists/${id}/stories`, json("POST", { stories: storyId })),
    removeFromReadingList: (id: number, storyId: number) =>
      call<ReadingListSummary>(`/api/v3/lists/${id}/stories/${storyId}`, { method: "DELETE" }),
    reorderReadingList: (id: number, storyIds: number[]) =>
      call<ReadingListDetails>(`/api/v3/lists/${id}/stories`, json("PUT", { stories: storyIds })),
    /** Writer tools (docs/decisions/013-writer-tools.md). */
    categories: () => get<{ categories: Category[] }>("/v4/categories"),
    /** Staff: the Story lock panel's view, with the author's facts for system admins. */
    storyStaff: (storyId: number) => get<StoryStaffView>(`/v5/admin/stories/${storyId}`),
    /** Staff: put a story in another language or category. */
    classifyStory: (storyId: number, input: StoryClassificationInput) =>
      call<StoryStaffView>(`/v5/admin/stories/${storyId}`, json("PATCH", input)),
    /** System admins: keep ads off a story, or allow them again. */
    setAdExempt: (storyId: number, exempt: boolean) =>
      call<StoryStaffView>(`/v5/admin/stories/${storyId}/ad-exempt`, json("PUT", { exempt })),
    /** System admins: a note on a story, for staff alone. */
    addStoryStaffNote: (storyId: number, body: string) =>
      call<StaffNote>(`/v5/admin/stories/${storyId}/notes`, json("POST", { body })),
    /** System admins: the paid story manager's view of a story. */
    paidProgramme: (storyId: number) =>
      get<PaidProgrammeView>(`/v5/admin/stories/${storyId}/paid-programme`),
    /** System admins: put a story in the Paid Stories programme, its first parts free. */
    joinPaidProgramme: (storyId: number, freeParts: number) =>
      call<PaidProgrammeView>(
        `/v5/admin/stories/${storyId}/paid-programme`,
        json("POST", { freeParts }),
      ),
    /** System admins: take a story out of the programme; every part is free again. */
    leavePaidProgramme: (storyId: number) =>
      call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/paid-programme`, {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    /** System admins: put a paid story on sale, or change its sale. */
    setStorySale: (storyId: number, input: StorySaleInput) =>
      call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/sale`, json("PUT", input)),
    /** A writer's own paid story on sale, or its sale changed (decision 054). */
    setOwnSale: (storyId: number, input: StorySaleInput) =>
      call<WorkSale>(`/v4/works/${storyId}/sale`, json("PUT", input)),
    /** A writer ends their own story's sale now. */
    endOwnSale: (storyId: number) =>
      call<WorkSale>(`/v4/works/${storyId}/sale`, {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    /** System admins: end a story's sale now. */
    endStorySale: (storyId: number) =>
      call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/sale`, {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    myWorks: () => get<{ stories: WorkSummary[] }>("/v4/works"),
    work: (storyId: number) =>
      get<EditorWork>(`/v4/works/${storyId}?fields=${EDITOR_WORK_FIELDS.join(",")}`),
    createWork: (details: NewStoryInput) => call<WorkDetails>("/v4/works", json("POST", details)),
    updateWork: (storyId: number, details: StoryDetailsUpdate) =>
      call<WorkDetails>(`/v4/works/${storyId}`, json("PUT", details)),
    createPart: (storyId: number) => call<PartText>(`/v4/works/${storyId}/parts`, json("POST", {})),
    reorderParts: (storyId: number, partIds: number[]) =>
      call<WorkDetails>(`/v4/works/${storyId}/parts`, json("PUT", { parts: partIds })),
    partText: (partId: number) => get<PartText>(`/apiv2/storytext?id=${partId}&output=json`),
    savePart: (partId: number, changes: { title?: string; text?: string; text_hash?: string }) =>
      call<PartText>(`/v4/parts/${partId}`, json("PUT", changes)),
    deleteWork: (storyId: number) =>
      call<{ deleted: true }>(`/v4/works/${storyId}`, { method: "DELETE" }),
    deletePart: (partId: number) =>
      call<{ deleted: true }>(`/v4/parts/${partId}`, { method: "DELETE" }),
    /** 'Publish Changes' of a published part, and Cancel (docs/decisions/018). */
    publishChanges: (partId: number) =>
      call<PartText>(`/v4/parts/${partId}/publish-changes`, json("POST", {})),
    discardChanges: (partId: number) =>
      call<PartText>(`/v4/parts/${partId}/discard-changes`, json("POST", {})),
    /** A cover as base64 (writer-paid-contest.md §7), and which screen it came from. */
    updateStoryCover: (storyId: number, image: string, source: CoverSource) =>
      call<StoryCoverUpdate>(
        "/apiv2/updatestorycover",
        json("POST", { id: storyId, image, source }),
      ),
    /** A picture for a part's text, as base64; answers its URL. */
    addPartImage: (partId: number, image: string) =>
      call<PartImage>(`/v4/parts/${partId}/images`, json("POST", { image })),
    tagSuggestions: (prefix: string) =>
      get<{ tags: TagSuggestion[] }>(`/v4/tags/suggestions?${new URLSearchParams({ prefix })}`),
    publishPart: (partId: number) =>
      call<PartText>(`/v4/parts/${partId}/publish`, json("POST", {})),
    analyticsOverview: (storyId: number) =>
      get<AnalyticsOverview>(`/v5/analytics/stories/${storyId}/overview`),
    analyticsInteractions: (storyId: number) =>
      get<AnalyticsInteractions>(`/v5/analytics/stories/${storyId}/interactions`),
    analyticsDemographics: (storyId: number) =>
      get<AnalyticsDemographics>(`/v5/analytics/stories/${storyId}/demographics`),
    /** A part's paid settings; the free-parts path answers a list, one per asked part. */
    paidPartConfig: async (storyId: number, partId: number) => {
      const configs = await get<PaidPartConfig[]>(
        `/v5/bonus-content/paywall/${storyId}/free-parts?parts=${partId}`,
      );
      const [config] = configs;
      if (!config) throw new ApiRequestError(404, { message: "The part has no paid settings" });
      return config;
    },
    savePaidPart: (config: PaidPartConfigInput) =>
      call<PaidPartConfig>("/v5/bonus-content/paywall", json("POST", config)),
    unpublishPart: (partId: number) =>
      call<PartText>(`/v4/parts/${partId}/unpublish`, json("POST", {})),
    schedulePart: (partId: number, datetime: string) =>
      call<{ part_id: number; scheduled_datetime: string }>(
        `/v4/parts/${partId}/schedule-publish`,
        json("POST", { datetime }),
      ),
    unschedulePart: (partId: number) =>
      call<{ success: boolean }>(`/v4/parts/${partId}/unschedule-publish`, json("POST", {})),
    library: (username: string, query: PageQuery & { sort: LibrarySort; archived: boolean }) =>
      get<LibraryPage>(
        userPath(
          username,
          `/library?${pageParams(query)}&sort=${query.sort}&archived=${query.archived ? 1 : 0}`,
        ),
      ),
    addToLibrary: (username: string, storyId: number) =>
      call<{ stories: { id: number }[] }>(
        userPath(username, "/library?fields=stories(id)"),
        json("POST", { stories: storyId }),
      ),
    removeFromLibrary: (username: string, storyId: number) =>
      call<{ removed: boolean }>(userPath(username, `/library/${storyId}`), { method: "DELETE" }),
    archiveInLibrary: (username: string, storyId: number, archived: boolean) =>
      call<{ id: number; archived: boolean }>(
        userPath(username, `/library/${storyId}`),
        json("PUT", { archived }),
      ),
    /** Which of the signed-in reader's lists, and whether their Library, hold each story. */
    storyCollections: (storyIds: number[]) =>
      get<StoryCollections>(`/v4/stories/collections?storyIds=${storyIds.join(",")}`),
    /** The paid catalog's groups (PAID_CATALOG_GROUPS, then genres) the reader may see. */
    paidStoryTags: () => get<{ tags: string[] }>("/v4/paid_stories/tags"),
    /**
     * A page of the Originals of a tag or catalog group (the tag page's carousel, the
     * catalog's groups); nextUrl is null at the group's end.
     */
    paidStoriesOfTag: (tag: string, page: PageQuery) =>
      get<{ stories: StoryCardData[]; nextUrl: string | null }>(
        `/v4/paid_stories/tags/${encodeURIComponent(tag)}?${pageParams(page)}&fields=stories(${STORY_CARD_FIELDS.join(",")}),nextUrl`,
      ),
    premiumPicks: () => {
      const period = `id,name,expiresAt,total,stories(${STORY_CARD_FIELDS.join(",")})`;
      return get<PremiumPicksData>(
        `/reading/v1/premiumPicks?fields=current(${period}),next(${period})`,
      );
    },
    /** A page of story cards (no total: it costs a count the pages do not show). */
    searchStories: (query: string, page: PageQuery, filters: StorySearchFilters) =>
      get<StorySearchResult>(storySearchPath(query, page, filters)),
    /** The next page of a story search: the nextUrl it answered. */
    searchStoriesAt: (nextUrl: string) => get<StorySearchResult>(nextUrl),
    searchUsers: (query: string, page: PageQuery) =>
      get<UserSearchResult>(
        `/v4/search/users/?${new URLSearchParams({ query, ...Object.fromEntries(pageParams(page)), fields: PROFILE_CARD_FIELDS })}`,
      ),
    /** The signed-in reader's recent searches, or null for a visitor. */
    recentSearches: () => orNullForVisitors<RecentSearches>(recentSearchesPath),
    addRecentSearch: (query: string) =>
      call<RecentSearches>(recentSearchesPath, json("POST", { query })),
    removeRecentSearch: (query: string) =>
      call<RecentSearches>(`${recentSearchesPath}?${new URLSearchParams({ query })}`, {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    stories: (query: StoryListQuery) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined) params.set(key, String(value));
      }
      params.set("fields", `stories(${STORY_CARD_FIELDS.join(",")}),nextUrl`);
      return get<StoryCardPage>(`/api/v3/stories?${params}`);
    },
    /** A set of threads on a part, or on one paragraph of it; `after` continues a walk. */
    comments: (partId: number, query: CommentQuery) => {
      const paragraph = query.paragraphId
        ? `/paragraphs/${encodeURIComponent(query.paragraphId)}`
        : "";
      return get<CommentPage>(
        `/v5/comments/namespaces/parts/resources/${partId}${paragraph}/comments?${commentParams(query)}`,
      );
    },
    paragraphCommentCounts: (partId: number) =>
      get<ParagraphCommentCounts>(`/v5/comments/namespaces/parts/resources/${partId}/paragraphs`),
    comment: (id: string) => get<CommentData>(`/v5/comments/${id}`),
    replies: (id: string, query: CommentQuery) =>
      get<CommentPage>(
        `/v5/comments/namespaces/comments/resources/${id}/comments?${commentParams(query)}`,
      ),
    postComment: (resource: CommentResource, text: string) =>
      call<CommentData>("/v5/comments", json("POST", { resource, text })),
    deleteComment: (id: string) =>
      call<null>(`/v5/comments/${id}`, {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    /** Likes (on) or unlikes a comment; answers the new count. */
    likeComment: (id: string, on: boolean) =>
      call<CommentLikeState>(`/v5/comments/${id}/sentiments/like`, {
        method: on ? "PUT" : "DELETE",
        headers: { accept: "application/json" },
      }),
    /** The signed-in user's threads, most recent first. */
    inbox: (username: string, filter: InboxFilter, page: PageQuery) =>
      get<InboxThreadList>(userPath(username, `/inbox?${pageParams(page)}&filter=${filter}`)),
    /** A page of a conversation (reads it); `before`/`after` are message ids. */
    conversation: (me: string, other: string, query: { before?: number; after?: number } = {}) => {
      const params = new URLSearchParams();
      if (query.before) params.set("before", String(query.before));
      if (query.after) params.set("after", String(query.after));
      return get<Conversation>(userPath(me, `/inbox/${encodeURIComponent(other)}?${params}`));
    },
    sendMessage: (me: string, other: string, body: string) =>
      call<InboxMessage>(
        userPath(me, `/inbox/${encodeURIComponent(other)}`),
        json("POST", { sender: me, recipient: other, body }),
      ),
    /** Takes back an own message (with an id) or deletes the conversation for me (without). */
    deleteInbox: (me: string, other: string, messageId?: number) =>
      call<{ deleted: true }>(
        userPath(
          me,
          `/inbox/${encodeURIComponent(other)}${messageId ? `?message_id=${messageId}` : ""}`,
        ),
        { method: "DELETE", headers: { accept: "application/json" } },
      ),
    autocompleteUsers: (term: string) =>
      get<AutocompleteUser[]>(
        `/api/v3/autocomplete/following_user?${new URLSearchParams({ term })}`,
      ),
    /** A profile's Conversations, newest first; an answer's `nextUrl` is the next page. */
    profileMessages: (username: string, nextUrl?: string) =>
      get<ProfileMessagePage>(nextUrl ?? userPath(username, "/messages")),
    /** A message's replies older than `before`, oldest first. */
    profileMessageReplies: (username: string, id: number, before: number) =>
      get<ProfileMessageReplies>(
        userPath(username, `/messages/${id}/replies?limit=50&before=${before}`),
      ),
    /** Posts on a profile, or with `replyTo` replies to one of its messages. */
    postProfileMessage: (username: string, body: string, replyTo?: number) =>
      call<ProfileMessage>(
        userPath(username, replyTo ? `/messages/${replyTo}/replies` : "/messages"),
        json("POST", { body }),
      ),
    deleteProfileMessage: (username: string, id: number) =>
      call<null>(userPath(username, `/messages/${id}`), {
        method: "DELETE",
        headers: { accept: "application/json" },
      }),
    // Safety: content settings, mute and block (accounts-safety-messaging.md §7).
    contentSettings: (username: string) =>
      get<ContentSettings>(`/v5/users/${encodeURIComponent(username)}/content-settings`),
    setIncludeMature: (username: string, includeMature: boolean) =>
      call<ContentSettings>(
        `/v5/users/${encodeURIComponent(username)}/content-settings/include-mature`,
        json("PUT", { includeMature }),
      ),
    setBlockedTags: (username: string, blockedTags: string[]) =>
      call<ContentSettings>(
        `/v5/users/${encodeURIComponent(username)}/content-settings/blocked-tags`,
        json("PUT", { blockedTags }),
      ),
    /** Mutes (on) or unmutes `username`. */
    mute: (username: string, on: boolean) =>
      call<{ code: number; message: string }>(
        `/apiv2/ignoreuser?${new URLSearchParams({ id: username, action: on ? "ignore_user" : "unignore_user" })}`,
        { method: "POST", headers: { accept: "application/json" } },
      ),
    mutedUsers: () =>
      call<IgnoredUsers>("/apiv2/ignoreuser?action=get_ignored_web", {
        method: "POST",
        headers: { accept: "application/json" },
      }),
    /** Blocks (on) or unblocks `username`. */
    block: (username: string, on: boolean) =>
      call<{ username: string; isBlocked: boolean }>(
        `/v4/users/${encodeURIComponent(username)}/blocks`,
        { method: on ? "POST" : "DELETE", headers: { accept: "application/json" } },
      ),
    /** A support ticket (copyright notice, report), form-encoded as the spec sends it. */
    supportTicket: (fields: Record<string, string>) =>
      call<FiledTicket>("/v4/support/tickets/", form(fields)),
    /** The report modal's support tree in a language (English where it has none). */
    supportTree: (lang: number) => get<SupportTree>(`/v4/support/tree?lang=${lang}`),
    /** A pasted story's title: how the copyright sub-flow checks a story URL. */
    storyTitle: (id: number) => get<{ title: string }>(`/api/v3/stories/${id}?fields=title`),
    reportCopyright: (storyId: number, originalId: number) =>
      call<{ id: number }>(
        `/v5/infringement/story/${storyId}/copyright/report?original_story_id=${originalId}`,
        json("POST", {}),
      ),
    /** The staff queue (ambassadors and system admins). */
    staffReports: (query: URLSearchParams) => get<StaffReportPage>(`/v4/support/reports?${query}`),
    staffReport: (id: number) =>
      get<{ report: StaffReport; notes: StaffNote[] }>(`/v4/support/reports/${id}`),
    addReportNote: (id: number, body: string) =>
      call<StaffNote>(`/v4/support/reports/${id}/notes`, json("POST", { body })),
    resolveReport: (id: number, outcome: ReportOutcome, note: string) =>
      call<StaffReport>(`/v4/support/reports/${id}/resolve`, json("POST", { outcome, note })),
    reopenReport: (id: number) =>
      call<StaffReport>(`/v4/support/reports/${id}/reopen`, json("POST", {})),
    /** The reports the user filed and what happened to each. */
    myReports: (username: string) =>
      get<{ reports: MyReport[] }>(`/v4/users/${encodeURIComponent(username)}/reports`),
    /** Moderation on a profile (ambassadors and system admins). */
    closeAccountAsModerator: (username: string, reason: CloseAccountReason) =>
      call<{ username: string }>(
        `/api/v3/users/${encodeURIComponent(username)}/moderation/close`,
        json("POST", { reason }),
      ),
    timeOut: (username: string, reason: string) =>
      call<{ username: string; endsAt: string }>(
        `/api/v3/users/${encodeURIComponent(username)}/moderation/timeout`,
        json("POST", { reason }),
      ),
    /** The reader's home feed; `cache` only keeps browsers and proxies from reusing it. */
    homeFeed: () => get<HomeFeed>(`/v5/home?cache=${Date.now()}`),
    /** The continue-reading strip's section with fresh items, from its dynamic.path. */
    continueReading: (path: string) => get<ContinueReadingSections>(path),
    /** Saves the genres picked at onboarding. */
    savePreferredTags: (username: string, preferredTags: string[]) =>
      call<{ preferredTags: string[] }>(
        `/v5/users/${encodeURIComponent(username)}/content-settings`,
        json("POST", { preferredTags }),
      ),
    storyNotes: (storyId: number) => get<StoryNotes>(`/v5/stories/${storyId}/notes`),
    /** Saves (or with submit: true, submits) a story's notes: POST /v5/stories. */
    saveStoryNotes: (notes: StoryNotesInput) =>
      call<StoryNotes>("/v5/stories", json("POST", notes)),
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
    /** Adds or removes one of the writer's story tags (POST /apiv2/editstorytags). */
    editStoryTag: (storyId: number, tag: string, action: "add" | "remove") =>
      call<{ tags: string[] }>(
        "/apiv2/editstorytags",
        form({ request_type: action, tag_value: tag, story_id: String(storyId) }),
      ),
    writerOnboarding: () => get<WriterOnboarding>(WRITER_ONBOARDING_PATH),
    saveWriterOnboarding: (changes: WriterOnboardingChanges) =>
      call<WriterOnboarding>(WRITER_ONBOARDING_PATH, json("PUT", changes)),
    blockedUsers: (username: string) =>
      call<BlockedUsers>(`/v4/users/${encodeURIComponent(username)}/blocks?get_all=true`, {
        headers: { accept: "application/json" },
      }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client for code running in the browser: same calls, through fetch. */
export const browserApi = (): ApiClient => createApiClient((path, init) => fetch(path, init));
