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
