/**
 * The shapes the API answers with, shared by the server (which builds them) and the web
 * app (which reads them). Field names follow the spec (reader.md §3).
 */

import type { SignupSource } from "./accounts.ts";
import type { StorySale } from "./coins.ts";
import type {
  ContestEntry,
  ContestLanguage,
  ContestStoryStatus,
  Eligibility,
  IneligibilityReason,
} from "./contest.ts";
import type { PremiumPlan, PremiumPlanId } from "./premium.ts";
import type { StoryPremiumPicks } from "./premium-picks.ts";
import type { HighlightColour } from "./profile.ts";
import type { PromotionStatus } from "./promotions.ts";
import type { StoryClickSource } from "./story-clicks.ts";

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export type Badge = "verified" | "staff" | "ambassador";

export interface UserSummary {
  username: string;
  name: string;
  /** reader.md §3 user.fullname: the display name, the same as `name`. */
  fullname: string;
  avatar: string | null;
  badges: Badge[];
}

export interface LanguageRef {
  id: number;
  name: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
}

export interface PartSummary {
  id: number;
  title: string;
  url: string;
  new: boolean;
  isBonusPart: boolean;
  bonusTypeName: string | null;
  isScheduledPart: boolean;
  formattedScheduledPublishDatetime: string | null;
  draft: boolean;
  deleted: boolean;
  isBlocked: boolean;
  createDate: string;
  modifyDate: string;
  wordCount: number;
}

/**
 * Why a card is shown (reader.md §3 Story card sources): the lists that put it in front of
 * the reader, for tracking like a sponsored card's URLs (docs/decisions/029).
 */
export type StorySource =
  | "hot"
  | "new"
  | "similar"
  | "genre"
  | "following"
  | "voted"
  | "originals"
  | "picks"
  | "sponsored";

export interface StoryCard {
  id: number;
  title: string;
  url: string;
  cover: string | null;
  description: string;
  user: UserSummary;
  tags: string[];
  categories: number[];
  isPaid: boolean;
  isPaywalled: boolean;
  paidModel: string | null;
  /** A paid story's sale on now (docs/decisions/052); null when none is. */
  sale: StorySale | null;
  completed: boolean;
  mature: boolean;
  numParts: number;
  firstPartId: number | null;
  readCount: number;
  voteCount: number;
  commentCount: number;
  length: number;
  language: LanguageRef;
  modifyDate: string;
  lastPublishedPart: { id: number; createDate: string } | null;
  /** Empty where the story was asked for by itself (its details, a lookup by id). */
  sources: StorySource[];
  /**
   * Its places in its tags, best first: on a list's cards only when `fields` names it (a
   * query of its own); always on story details.
   */
  tagRankings?: TagRanking[];
}

/** A story's place within one of its tags (reader.md §3 tagRankings). */
export interface TagRanking {
  rank: number;
  name: string;
}

export interface StoryDetails extends StoryCard {
  createDate: string;
  numNewParts: number;
  numNewBonusParts: number;
  hasBonusParts: boolean;
  isPaidPreview: boolean;
  rating: number;
  draft: boolean;
  deleted: boolean;
  copyright: number;
  storyLanguage: string;
  storyTags: { name: string; url: string }[];
  storyCategories: Category[];
  parts: PartSummary[];
  firstStoryPart: { id: number; url: string } | null;
  /** Best rank first; empty until the rankings job has seen recent readers. */
  tagRankings: TagRanking[];
  /** 'You may also like': only when named in `fields`, as it costs a query of its own. */
  recommendedStories?: StoryCard[];
  /** Whether it is this or next month's Premium Pick: only when named in `fields`. */
  premiumPicks?: StoryPremiumPicks | null;
  /** Where the story is reported as a copy of another (POST, the 'Story Report'). */
  storyReportUrl: string;
  /** Where the story is read in the reader's language: null, there is no translation yet. */
  storyTranslateUrl: string | null;
  /** Where signing up or logging in from the story page comes back to: the story's url. */
  nextUrl: string;
  /**
   * false on every answer with the story; a call that failed on the server's side answers
   * 500 with `{code, message, serverError: true}` (the app's story 500 page, with Reload).
   */
  serverError: boolean;
  /** Moderators flagged its cover: it shows no ads (reader.md §6). */
  imageModerated: boolean;
  /** System admins keep ads off it (reader.md §6). */
  adExempt: boolean;
  /** Whether its page shows this reader an ad slot: the server's decision (shared/ads.ts). */
  ads: boolean;
  /** To its owner only: their cover that moderators flagged (`cover` is null meanwhile). */
  bannedCover?: string;
}

export interface PartNeighbour {
  id: number;
  title: string;
  url: string;
}

export interface PartDetails extends PartSummary {
  text: string;
  /** To the author only: pictures in `text` that moderators flagged (others don't get them). */
  bannedImages?: string[];
  readCount: number;
  voteCount: number;
  /** Whether the signed-in reader has voted for this part (false for visitors). */
  voted: boolean;
  commentCount: number;
  /** 1-based place among the story's published parts. */
  number: number;
  /** When the part is blocked for this reader (isBlocked): what unlocking it takes. `text` is
   * empty then. */
  paywall: Paywall | null;
  story: Pick<
    StoryCard,
    "id" | "title" | "url" | "cover" | "user" | "completed" | "mature" | "numParts" | "language"
  > & { lastPublishedPart: StoryCard["lastPublishedPart"] };
  previousPart: PartNeighbour | null;
  nextPart: PartNeighbour | null;
}

export interface StoryList {
  stories: StoryCard[];
  /** Only when there are no `fields`, or they name it: it costs a count of its own. */
  total?: number;
  nextUrl: string | null;
}

/** GET /api/v3/internal/current_user: the signed-in user as the web app needs them. */
/**
 * The notifications form (accounts §3): the two email-alert switches, which kinds of alert
 * (ALERT_KINDS bits), and the newsletter.
 */
export interface NotificationSettings {
  alerts: boolean;
  alertssub: boolean;
  subscribe: boolean;
  alertssubmask: number;
}

/** What the notifications form submits: its settings and the account's id. */
export interface NotificationForm extends NotificationSettings {
  id: number;
}

export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  avatar: string | null;
  email: string | null;
  verified_email: boolean;
  has_password: boolean;
  birthdate: string | null;
  beta_enabled: boolean;
  language: number;
  isPremium: boolean;
  /** The profile's country (ISO 3166 code), or null: ad decisions read it. */
  country: string | null;
  /** Lists may show them mature stories: an adult whose content settings include them. */
  seesMature: boolean;
  isSysAdmin: boolean;
  isStaff: boolean;
  isVerified: boolean;
  isAmbassador: boolean;
  ambassador: boolean;
  email_reverification_status: {
    is_email_reverified: boolean;
    max_skips: number;
    days_between_reminders: number;
  };
  notificationSettings: NotificationSettings;
  /** Sign-in providers linked to the account ("google"). */
  linkedAccounts: string[];
  /** The landing page's sign-up button the account came from, if any. */
  signupSource: SignupSource | null;
}

/** GET /api/v3/users/{username}: a profile (accounts-safety-messaging.md §3). */
export interface UserProfile extends UserSummary {
  backgroundUrl: string | null;
  highlight_colour: string | null;
  /** The "about" text as written: escape and linkify it to show it. */
  description: string;
  numStoriesPublished: number;
  numLists: number;
  numFollowers: number;
  numFollowing: number;
  /** Whether the signed-in viewer follows this user (false for visitors). */
  following: boolean;
  createDate: string;
  /** Whether the viewer muted or blocked this user: a restricted profile when either. */
  safety: ProfileSafety;
  /** A profile picture or background moderators hid: only in the owner's own answer. */
  bannedAvatar?: string;
  bannedBackground?: string;
}

/**
 * PATCH /api/v3/users/{username}: the owner's changes to their profile. Only the fields
 * present change; an image is its bytes in base64, and null removes it (or the colour).
 */
export interface ProfileEdit {
  name?: string;
  description?: string;
  highlight_colour?: HighlightColour | null;
  avatar?: string | null;
  background?: string | null;
}

/** A page of people: a user's followers or the people they follow. */
export interface UserList {
  users: UserSummary[];
  total: number;
  nextUrl: string | null;
}

/** POST and DELETE /api/v3/users/{currentUsername}/following: each named user afterwards. */
export interface FollowState {
  users: { username: string; following: boolean; numFollowers: number }[];
}

/** GET /apiv2/syncreadingposition: the part to open and how far into it (reader.md §3). */
export interface ReadingPosition {
  /** A part id, or null when the story has no published part yet. */
  part: number | null;
  /** 0 to 1, written with at least one fraction digit ("0.0" by default). */
  position: string;
}

/** POST /api/v3/story_parts/{id}/reads: whether this visit was counted as a read. */
export interface ReadResult {
  counted: boolean;
  readCount: number;
}

/** A reading list as lists, profiles and the add-to popover show it (reader.md §3). */
export interface ReadingListSummary {
  id: number;
  name: string;
  user: { username: string; name: string };
  numStories: number;
  /** The first story's cover, or null for an empty list. */
  cover: string | null;
  tags: string[];
  /** A curation account's list, shown at /featured/{id} (see curationUsername). */
  featured: boolean;
  isPrivate: boolean;
}

export interface ReadingListPage {
  lists: ReadingListSummary[];
  total: number;
}

/**
 * One list with a page of its stories in the owner's order (those the viewer may see);
 * nextUrl is the next page's address, or null at the list's end.
 */
export interface ReadingListDetails extends ReadingListSummary {
  stories: StoryCard[];
  nextUrl: string | null;
}

/** Which of the signed-in reader's collections hold each story (GET /v4/stories/collections). */
export interface StoryCollections {
  stories: { id: number; library: boolean; lists: number[] }[];
}

export type LibrarySort = "recent" | "added" | "title";

/** A story in the reader's Library, with how far they have read it. */
export interface LibraryItem {
  story: StoryCard;
  addedAt: string;
  archived: boolean;
  /** When the reader last read it, or null if never opened. */
  lastReadAt: string | null;
  /** Part `part` of `of` (1-based), `percent` through the story; null before reading. */
  progress: { partId: number; part: number; of: number; percent: number } | null;
  numNewParts: number;
}

export interface LibraryPage {
  stories: LibraryItem[];
  total: number;
}

/** Where a comment sits: a part (and maybe one paragraph of it), or a comment it replies to. */
export interface CommentResource {
  namespace: "parts" | "comments";
  resourceId: string;
  /** The paragraph's data-p-id, for comments on a single paragraph (and their replies). */
  paragraphId?: string | null;
}

/** A comment (reader.md §3 "Comment"). `text` is as written: escape and linkify it to show it. */
export interface CommentData {
  commentId: { namespace: "comments"; resourceId: string };
  resource: CommentResource;
  user: UserSummary;
  text: string;
  created: string;
  isReply: boolean;
  isOffensive: boolean;
  sentiments: { like: { count: number; interacted: boolean } };
  replyCount: number;
  /** The thread's first replies (up to 2), oldest first; empty for replies. */
  replyData: CommentData[];
  /** The comment's address on the reading page. */
  deeplink: string;
  /** The commenter is the story's author (the Writer pill). */
  isWriter: boolean;
  /** Whether the viewer may delete it: its author, the story's author, ambassadors, admins. */
  canDelete: boolean;
}

/** A set of comments, newest thread first (replies oldest first); `after` fetches the next. */
export interface CommentPage {
  comments: CommentData[];
  hasMore: boolean;
  after: string | null;
  /** Whether comment ads may show here (not on paid stories, not for Premium readers). */
  ads: boolean;
}

/** How many comments each paragraph of a part has (paragraphs without any are left out). */
export interface ParagraphCommentCounts {
  paragraphs: Record<string, number>;
}

export interface CommentLikeState {
  like: { count: number; interacted: boolean };
}

/** Story search filters (reader.md §2): each a set of options, combinable. */
export const SEARCH_UPDATED = ["anytime", "today", "week", "month", "year"] as const;
export const SEARCH_CONTENT = ["complete", "mature", "free", "paid"] as const;
export const SEARCH_LENGTHS = [
  "anyLength",
  "oneToTen",
  "tenToTwenty",
  "twentyToFifty",
  "moreThanFifty",
] as const;
export type SearchUpdated = (typeof SEARCH_UPDATED)[number];
export type SearchContent = (typeof SEARCH_CONTENT)[number];
export type SearchLength = (typeof SEARCH_LENGTHS)[number];

export interface StorySearchFilters {
  updated: SearchUpdated[];
  content: SearchContent[];
  length: SearchLength;
  /** 'Hide mature stories': only offered to readers who see mature stories at all. */
  hideMature: boolean;
}

/** GET /v4/search/stories: the best matches first; nextUrl fetches the next page. */
export interface StorySearchResult {
  stories: StoryCard[];
  nextUrl: string | null;
}

/** The profile card of people search (accounts-safety-messaging.md §3). */
export interface SearchProfile extends UserSummary {
  description: string;
  numStoriesPublished: number;
  numLists: number;
  numFollowers: number;
  /** Whether the signed-in viewer follows them (false for visitors). */
  following: boolean;
}

/** GET /v4/search/users/: people whose username or name match, best first. */
export interface UserSearchResult {
  users: SearchProfile[];
  nextUrl: string | null;
}

/** GET /api/v3/users/me/recent-searches: the reader's last searches, newest first. */
export interface RecentSearches {
  searches: { query: string; searchedAt: string }[];
}

/** What the viewer has done to someone: muted them, blocked them (accounts-safety-messaging.md §3). */
export interface SafetyState {
  isMuted: boolean;
  isBlocked: boolean;
}

/** The other person of an inbox thread. */
export interface InboxThreadUser extends UserSummary {
  /** The account can still receive messages. */
  isActive: boolean;
  isMutedByCurrentUser: boolean;
  isBlockedByCurrentUser: boolean;
  safety: SafetyState;
}

/** One message; `sender` and `recipient` are usernames. */
export interface InboxMessage {
  id: number;
  body: string;
  createDate: string;
  from: { username: string; name: string; avatar: string | null };
  sender: string;
  recipient: string;
  /** Not yet read by its recipient. */
  unread: boolean;
}

/** A thread of GET /api/v3/users/{username}/inbox, most recent first. */
export interface InboxThread {
  user: InboxThreadUser;
  /** How many of the other person's messages the owner has not read. */
  unread: number;
  recentMessage: { id: number; body: string; createDate: string } | null;
}

export interface InboxThreadList {
  threads: InboxThread[];
  total: number;
}

/**
 * GET /api/v3/users/{me}/inbox/{other}: a page of messages, oldest first, and what the
 * composer needs to know about the other person.
 */
export interface Conversation {
  user: UserSummary;
  messages: InboxMessage[];
  badges: Badge[];
  isActive: boolean;
  /** Messages the viewer can see in the whole conversation. */
  total: number;
  /** The other person blocks the viewer: the viewer cannot reply. */
  isBlockingCurrentUser: boolean;
  safety: SafetyState;
  isFollowing: boolean;
}

/** GET api/v3/autocomplete/following_user: people the viewer follows first. */
export interface AutocompleteUser {
  label: string;
  /** The display name, beyond the spec's fields: its initial stands in for a missing image. */
  name: string;
  image: string | null;
  category: "Your Friends" | "Other People";
}

/** Events of the inbox stream (GET /api/v3/users/{me}/inbox-events). */
export type InboxEvent =
  | { type: "message"; with: string; message: InboxMessage }
  | { type: "deleted"; with: string; id: number }
  | { type: "unread"; unread: number };

/**
 * GET /v5/users/{username}/content-settings. A section is shown only when its field is
 * present: includeMature is left out for readers who may never see mature stories.
 */
export interface ContentSettings {
  includeMature?: boolean;
  /** The genres picked at onboarding (reader.md §3 Preferred tags), in the order chosen. */
  preferredTags: string[];
  /** Newest first. */
  blockedTags: string[];
  tagLimit: number;
  unblockableTags: string[];
}

/** Someone the signed-in user muted or blocked, as the settings lists show them. */
export interface SafetyListUser {
  username: string;
  name: string;
  avatar: string | null;
}

/** GET /v4/users/{id}/blocks?get_all=true: everyone the user blocked, newest first. */
export interface BlockedUsers {
  users: SafetyListUser[];
  total: number;
}

/** POST /apiv2/ignoreuser?action=get_ignored_web: everyone the user muted, newest first. */
export type IgnoredUsers = Array<{ name: string; avatar: string | null; displayName: string }>;

/** The signed-in viewer's mute and block of a profile's user (both false for visitors). */
export interface ProfileSafety {
  isMuted: boolean;
  isBlocked: boolean;
}

/** Why a part is withheld and what it costs (writer-paid-contest.md §2 Paywall). */
export interface Paywall {
  blockedMessage: string;
  /** Coins for this part alone. */
  price: number;
  /** Coins for every locked part of the story at once, and any it gains later. */
  storyPrice: number;
  /** The author's description, cut to 70 characters. */
  authorDescription: string;
  /** What a bonus part holds, in its writer's words; null for a paid story's plain part. */
  chapterDescription: string | null;
  /** The writer's note to those who unlock a bonus part; null when there is none. */
  authorNote: string | null;
  /** The story's sale, with what the two prices are without it; null when none is on. */
  sale: PaywallSale | null;
}

/** A sale as the paywall shows it: the percent off, its end, and the prices struck through. */
export interface PaywallSale extends StorySale {
  listPrice: number;
  storyListPrice: number;
}

/** A price list (§3: the entry with id wp1 gives the price). */
export interface PriceEntry {
  id: string;
  amount: number;
}

/** GET /v5/story/{id}/paid-content/metadata: one part, as §3 Part with paid metadata names it. */
export interface PaidPartMetadata {
  id: number;
  createDate: string;
  draft: boolean;
  paywalled: boolean;
  has_access: boolean;
  author_message: string | null;
  author_note: string | null;
  chapter_description: string | null;
  paid_model: "paid_story" | "paid_bonus" | null;
  bonus_type: number | null;
  price: PriceEntry[];
  isBlocked: boolean;
  blockedMessage: string | null;
  isBonusPart: boolean;
  bonusTypeName: string | null;
  new: boolean;
}

/** GET /v5/story/{id}/paid-content/metadata. */
export interface PaidContentMetadata {
  story: {
    id: number;
    /** The whole story's price for this reader (what its locked parts cost, less the discount). */
    price: PriceEntry[];
    hasBonusParts: boolean;
    isPaidPreview: boolean;
    numNewParts: number;
    numNewBonusParts: number;
    /** Whether it is a Premium Pick this month or next (null when neither): §3's names. */
    premium_picks: { liveness: "current" | "upcoming"; starts_at: string; ends_at: string } | null;
  };
  parts: PaidPartMetadata[];
  has_full_access: boolean;
}

/**
 * A part's paid settings as its author sees them (writer-paid-contest.md §3 Paid part
 * configuration): POST /v5/bonus-content/paywall answers one, GET
 * /v5/bonus-content/paywall/{storyId}/free-parts a list.
 */
export interface PaidPartConfig {
  story_id: number;
  part_id: number;
  author_id: number;
  /** paid_bonus for a bonus part (and a free one, the default); paid_story for a paid story's part. */
  paid_model: "paid_story" | "paid_bonus";
  /** 0 Exclusive Chapter, 1 Story Branch, 2 Writer Reveal; null unless a bonus part. */
  bonus_type: number | null;
  is_free_part: boolean;
  chapter_description: string;
  author_note: string;
}

/** What POST /v5/bonus-content/paywall takes: paid_model defaults to paid_bonus. */
export type PaidPartConfigInput = Omit<PaidPartConfig, "paid_model"> & {
  paid_model?: PaidPartConfig["paid_model"];
};

/** GET /v5/users/{id}/wallet: one entry, the reader's Coins. */
export interface WalletEntry {
  id: "coins";
  amount: number;
}

/**
 * A Coin pack as GET /v5/coins/packs offers it (writer-paid-contest.md §3): a reader without
 * Premium gets `value` and is told the Premium `premium_value`; a Premium member gets the
 * premium bonus pack, whose `value` is the larger one, with `non_premium_value` beside it.
 */
export type CoinPackOffer = {
  id: string;
  value: number;
  /** In US dollars, as "3.99". */
  price: string;
  illustration_url: string;
  featured: boolean;
} & ({ premium_value: number } | { non_premium_value: number });

/** A sponsored-story campaign as staff see it at /admin/promotions (GET /v5/promotions). */
export interface PromotionSummary {
  id: number;
  story: { id: number; title: string; url: string };
  sponsorName: string;
  /** ISO times: the campaign runs from startsAt until endsAt. */
  startsAt: string;
  endsAt: string;
  status: PromotionStatus;
  clicks: number;
  impressions: number;
}

/** A member's Premium: the plan, whether it renews, and when the paid month ends. */
export interface PremiumSubscription {
  plan: PremiumPlanId;
  /** false once the member has cancelled: Premium then ends at periodEnd. */
  renews: boolean;
  /** When the paid month ends (ISO); null for Premium given by staff, which does not end. */
  periodEnd: string | null;
}

/** GET /v5/premium/subscription: the plans, whether they are on sale, and this reader's. */
export interface PremiumStatus {
  plans: PremiumPlan[];
  /** Whether a checkout is set up to sell subscriptions. */
  onSale: boolean;
  subscription: PremiumSubscription | null;
}

/** POST /v5/coins/purchase: the pack bought and the balance before and after. */
export interface CoinPackPurchase {
  packId: string;
  coinsAdded: number;
  previousBalance: number;
  balance: number;
}

/** POST /v5/story/{id}/paid-content/purchase: what was spent, and where to read. */
export interface PurchaseResult {
  amountSpent: number;
  balance: number;
  /** The part to go to: the one bought, or the first the story purchase unlocked. */
  partId: number;
}

/** One day of a writer's chart: a UTC date (YYYY-MM-DD) and its figure. */
export interface DailyFigure {
  date: string;
  value: number;
}

/** The story a writer's analytics are about, with §3's analytics fields. */
export interface AnalyticsStory {
  id: number;
  title: string;
  readCount: number;
  voteCount: number;
  numParts: number;
  /** Engaged readers: signed-in readers with 5+ minutes on it in the last 365 days (§9). */
  qualifiedUniqueReaders: number;
}

/** What a paid story has earned its writer: the Coins readers spent unlocking it. */
export interface StoryEarnings {
  coins: number;
  /** Parts readers bought one at a time. */
  partUnlocks: number;
  /** Whole-story purchases. */
  storyUnlocks: number;
  /** Coins spent each day of the last 30, oldest first. */
  dailyCoins: DailyFigure[];
  /** What happened at its paywall in the last 30 days. */
  paywall: PaywallFunnel;
}

/**
 * A paid story's paywall over the last 30 days (its analytics events, §7): each signed-in
 * reader counts once a day per part and kind; visitors count each time.
 */
export interface PaywallFunnel {
  views: number;
  /** Signed-in readers who saw it. */
  readers: number;
  /** Of those readers, the ones who then unlocked a part or the whole story. */
  readersWhoUnlocked: number;
  cancelled: number;
  failed: number;
}

/** GET /v5/analytics/stories/{id}/overview: the Overview tab (writer-paid-contest.md §2). */
export interface AnalyticsOverview {
  story: AnalyticsStory;
  /** For a story in the Paid Stories programme; null otherwise. */
  earnings: StoryEarnings | null;
  /** Signed-in readers, each counted once a day, for the last 30 days, oldest first. */
  dailyUniqueReaders: DailyFigure[];
  /** Reads, visitors' included, for the same days. */
  dailyReads: DailyFigure[];
  /** Where readers found it in the same days. */
  discovery: StoryDiscovery;
}

/** Followed links to a story in the last 30 days, by the kind of page they were on (§7). */
export interface StoryDiscovery {
  clicks: number;
  /** Each kind's share of the clicks, largest first, adding up to 100. */
  sources: Array<{ key: StoryClickSource; share: number }>;
}

/** One published part on the Engagement tab. */
export interface PartEngagement {
  id: number;
  title: string;
  reads: number;
  votes: number;
  comments: number;
}

/** GET /v5/analytics/stories/{id}/interactions: the Engagement tab. */
export interface AnalyticsInteractions {
  story: AnalyticsStory;
  /** Published parts in reading order. */
  parts: PartEngagement[];
  dailyVotes: DailyFigure[];
  dailyComments: DailyFigure[];
}

/** A group of readers and its share, in whole percent (the shares of a list add up to 100). */
export interface ReaderShare {
  /**
   * An age group such as 18–24, an ISO 3166 country code, or "other" (OTHER_GROUP): the
   * groups too small to show alone, together.
   */
  key: string;
  share: number;
}

/**
 * GET /v5/analytics/stories/{id}/demographics: the Demographics tab. No group stands for
 * fewer than DEMOGRAPHICS_MIN_READERS readers (shared/analytics.ts groupsShown), so that a
 * writer cannot pick out a reader they know: smaller ones are folded into "other", listed
 * last. With fewer readers than that, ages and countries are both empty.
 */
export interface AnalyticsDemographics {
  story: AnalyticsStory;
  /** Signed-in readers in the last 365 days; the shares below are of those who told us. */
  readers: number;
  /** The age groups in order, then "other"; empty when too few readers told us. */
  ages: ReaderShare[];
  /** The largest countries, ten at most, then "other"; empty when too few told us. */
  countries: ReaderShare[];
}

/**
 * GET /v5/contests/wattys: the contest open for entries now, as a system admin set it
 * (decision 033); 404 when none is set.
 */
export interface ContestInfo {
  /** The contest's route key: /contests/{key}. */
  key: string;
  year: number;
  /** The tag a submitted story gets, without '#'. */
  tag: string;
  /** ISO time after which no entry is taken. */
  closesAt: string;
  isOpen: boolean;
  /** Words a complete story needs to be eligible. */
  minWords: number;
}

/** GET /v5/contests/wattys/story/{id}/eligibility (writer-paid-contest.md §3). */
export interface ContestEligibility {
  eligibility: Eligibility;
  storyCover: string | null;
  storyTitle: string;
  writerUsername: string;
  /** The story's language as the form names it; null when the contest does not take it. */
  storyLanguage: ContestLanguage | null;
  storyStatus: ContestStoryStatus;
  /** Words in the story's published parts, against the contest's minWords. */
  wordCount: number;
  /** Whether the story already has the contest's tag. */
  hasContestTag: boolean;
  /** Why a NOT_ELIGIBLE story cannot be entered; null for every other eligibility. */
  ineligibleBecause: IneligibilityReason | null;
  /** The writer told the banner they won't enter this story: the editor no longer invites them. */
  declined: boolean;
}

/** GET (and the answer to POST) /v5/contests/wattys/story/{id}/submission. */
export interface ContestSubmission extends ContestEntry {
  storyId: number;
  /** The contest's key. */
  contest: string;
  /** ISO time of the submission. */
  wattys_submitted_time: string;
}
