/**
 * The shapes the API answers with, shared by the server (which builds them) and the web
 * app (which reads them). Field names follow the spec (reader.md §3).
 */

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export type Badge = "verified" | "staff" | "ambassador";

export interface UserSummary {
  username: string;
  name: string;
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
}

export interface PartNeighbour {
  id: number;
  title: string;
  url: string;
}

export interface PartDetails extends PartSummary {
  text: string;
  readCount: number;
  voteCount: number;
  /** Whether the signed-in reader has voted for this part (false for visitors). */
  voted: boolean;
  commentCount: number;
  /** 1-based place among the story's published parts. */
  number: number;
  story: Pick<
    StoryCard,
    "id" | "title" | "url" | "cover" | "user" | "completed" | "mature" | "numParts" | "language"
  > & { lastPublishedPart: StoryCard["lastPublishedPart"] };
  previousPart: PartNeighbour | null;
  nextPart: PartNeighbour | null;
}

export interface StoryList {
  stories: StoryCard[];
  total: number;
  nextUrl: string | null;
}

/** GET /api/v3/internal/current_user: the signed-in user as the web app needs them. */
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
  notificationSettings: { alerts: boolean; alertssub: boolean; subscribe: boolean };
  /** Sign-in providers linked to the account ("google"). */
  linkedAccounts: string[];
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
