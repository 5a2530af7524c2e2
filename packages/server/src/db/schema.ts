import type { Generated } from "kysely";

/**
 * Column conventions, the same on both engines: times are epoch milliseconds (bigint),
 * flags are 0/1 integers, ids are integers. See docs/decisions/003-database.md.
 */
type Flag = Generated<0 | 1>;
type Millis = number;
/** A counter the database starts at 0. */
type Counter = Generated<number>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string | null;
  email_lower: string | null;
  name: string;
  avatar: string | null;
  description: Generated<string>;
  password_hash: string | null;
  is_ambassador: Flag;
  is_sysadmin: Flag;
  is_staff: Flag;
  is_verified: Flag;
  email_verified: Flag;
  language_id: Generated<number>;
  country: string | null;
  birthdate: string | null;
  num_followers: Counter;
  num_following: Counter;
  pronouns: string | null;
  marketing_opt_in: Flag;
  beta_enabled: Flag;
  notify_alerts: Flag;
  notify_alertssub: Flag;
  notify_subscribe: Flag;
  /** Which kinds of email alert are on, ALERT_KINDS bits (migration 040-alert-mask). */
  notify_alertssubmask: Generated<number>;
  /** The secret of the alert emails' unsubscribe link, made with the first (migration 040). */
  alerts_key: string | null;
  email_reverified_at: Millis | null;
  /** A Premium subscriber: may read in premium themes (migration 007-reader-settings). */
  is_premium: Flag;
  /** The plan paid for, when the paid month ends and whether it renews (migration 035);
   * null until for Premium given by staff. */
  premium_plan: string | null;
  premium_until: Millis | null;
  premium_renews: Flag;
  /** Content setting: show mature stories (to adults only, see seesMatureContent). */
  include_mature: Flag;
  /** Opted out of the sale of personal information (migration 018-privacy). */
  ccpa_optout: Flag;
  /** The end of a moderator's time-out, epoch ms (migration 019-moderation). */
  timed_out_until: Millis | null;
  created_at: Millis;
  /** Profile header picture and colour band (migration 006-profiles). */
  background_url: string | null;
  highlight_colour: string | null;
  /** Pictures moderators hid, seen by their owner only (migration 041). */
  banned_avatar: string | null;
  banned_background: string | null;
  /** Writer onboarding answers, null when skipped or never given (migration 024). */
  writer_user_type: string | null;
  writer_stage: string | null;
  writer_finished_story: string | null;
  writer_answered_at: Millis | null;
  /** The /myworks 'Interested in writing?' tooltip was dismissed. */
  writer_tip_dismissed: Flag;
  /** The landing page's sign-up button the account came from (migration 029-signup-source). */
  signup_source: string | null;
}

/** A story's Story Notes as JSON, and the copy last submitted (migration 022-story-notes). */
export interface StoryNotesTable {
  id: Generated<number>;
  story_id: number;
  notes: string;
  submitted_notes: string | null;
  created_at: Millis;
  updated_at: Millis;
  submitted_at: Millis | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Millis;
  expires_at: Millis;
}

/** A browser that has signed in to the account (decision 068); the token's hash only. */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Millis;
  last_used_at: Millis;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

export interface StoriesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: Generated<string>;
  cover: string | null;
  language_id: Generated<number>;
  rating: Generated<number>;
  completed: Flag;
  draft: Flag;
  deleted: Flag;
  copyright: Generated<number>;
  is_paid: Flag;
  is_paywalled: Flag;
  paid_model: string | null;
  create_date: Millis;
  modify_date: Millis;
  last_published_at: Millis | null;
  num_parts: Counter;
  read_count: Counter;
  vote_count: Counter;
  comment_count: Counter;
  /** A cover moderators flagged, shown to the owner only (migration 026-image-moderation). */
  banned_cover: string | null;
  /** Staff set the language and category; the writer may not change them (migration 037). */
  classification_locked: Flag;
  /** A paid story's sale: percent off every paywalled part until the end (migration 044). */
  sale_percent: number | null;
  sale_ends_at: Millis | null;
  /** When the sale on began (changing it leaves this); null with none, or begun before 046. */
  sale_started_at: Millis | null;
  /** System admins keep ads off it (migration 045). */
  ad_exempt: Flag;
}

export interface StoryCategoriesTable {
  story_id: number;
  category_id: number;
}

export interface StoryTagsTable {
  story_id: number;
  tag_id: number;
  position: Generated<number>;
  /** Copies of the story's listing keys, kept by triggers (migration 047). */
  read_count: Generated<number>;
  last_published_at: Generated<number | null>;
  is_paid: Generated<number>;
}

export interface PartsTable {
  id: Generated<number>;
  story_id: number;
  position: number;
  title: string;
  text: Generated<string>;
  word_count: Generated<number>;
  draft: Flag;
  deleted: Flag;
  scheduled_at: Millis | null;
  create_date: Millis;
  modify_date: Millis;
  published_at: Millis | null;
  is_bonus: Flag;
  bonus_type: string | null;
  /** Readers need Coins (or the whole story) to read it (migration 031-coins). */
  paywalled: Flag;
  /** A bonus part's own words in the paywall: what it holds, and a note from its writer. */
  chapter_description: string | null;
  author_note: string | null;
  read_count: Counter;
  vote_count: Counter;
  comment_count: Counter;
}

/** A published part's edits not yet published (migration 023-part-edits). */
export interface PartEditsTable {
  part_id: number;
  title: string;
  text: string;
  modify_date: Millis;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Millis;
}

export interface VotesTable {
  user_id: number;
  part_id: number;
  story_id: number;
  created_at: Millis;
}

export interface ReadingPositionsTable {
  user_id: number;
  story_id: number;
  part_id: number;
  position: number;
  updated_at: Millis;
}

/** A reader's display settings on the reading page (migration 007-reader-settings). */
export interface ReaderSettingsTable {
  user_id: number;
  font_size: string;
  line_spacing: string;
  theme: string;
  updated_at: Millis;
}

export interface ReadsTable {
  id: Generated<number>;
  user_id: number | null;
  part_id: number;
  story_id: number;
  seconds: Generated<number>;
  created_at: Millis;
}

export type TokenPurpose = "verify_email" | "reset_password";

export interface AccountTokensTable {
  token_hash: string;
  user_id: number;
  purpose: TokenPurpose;
  email: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Millis;
  sent_at: Millis | null;
}

export interface FeatureFlagsTable {
  name: string;
  enabled: 0 | 1;
  updated_at: Millis;
}

export interface FeatureSettingsTable {
  name: string;
  value: string;
  updated_at: Millis;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  categories: CategoriesTable;
  tags: TagsTable;
  stories: StoriesTable;
  story_categories: StoryCategoriesTable;
  story_tags: StoryTagsTable;
  parts: PartsTable;
  part_edits: PartEditsTable;
  follows: FollowsTable;
  votes: VotesTable;
  reading_positions: ReadingPositionsTable;
  reads: ReadsTable;
  reader_settings: ReaderSettingsTable;
  account_tokens: AccountTokensTable;
  outbox: OutboxTable;
  feature_flags: FeatureFlagsTable;
  feature_settings: FeatureSettingsTable;
  wallets: WalletsTable;
  coin_transactions: CoinTransactionsTable;
  coin_purchases: CoinPurchasesTable;
  premium_payments: PremiumPaymentsTable;
  part_unlocks: PartUnlocksTable;
  paywall_events: PaywallEventsTable;
  story_clicks: StoryClicksTable;
  ad_eligibility_events: AdEligibilityEventsTable;
  cover_adds: CoverAddsTable;
  contest_form_views: ContestFormViewsTable;
  contest_banner_declines: ContestBannerDeclinesTable;
  story_unlocks: StoryUnlocksTable;
  social_accounts: SocialAccountsTable;
  pending_social_signups: PendingSocialSignupsTable;
  tag_rankings: TagRankingsTable;
  job_runs: JobRunsTable;
  moderation_actions: ModerationActionsTable;
  support_tickets: SupportTicketsTable;
  support_ticket_notes: SupportTicketNotesTable;
  story_staff_notes: StoryStaffNotesTable;
  story_rating_changes: StoryRatingChangesTable;
  support_tree_flows: SupportTreeFlowsTable;
  image_flags: ImageFlagsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  reading_lists: ReadingListsTable;
  reading_list_stories: ReadingListStoriesTable;
  library_stories: LibraryStoriesTable;
  recent_searches: RecentSearchesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_sides: ConversationSidesTable;
  user_mutes: UserMutesTable;
  user_blocks: UserBlocksTable;
  blocked_tags: BlockedTagsTable;
  preferred_tags: PreferredTagsTable;
  story_notes: StoryNotesTable;
  profile_messages: ProfileMessagesTable;
  story_promotions: StoryPromotionsTable;
  promotion_views: PromotionViewsTable;
  contests: ContestsTable;
  contest_submissions: ContestSubmissionsTable;
}

/** A story's place within one tag (migration 008-rankings, rebuilt by rankings/job.ts). */
export interface TagRankingsTable {
  tag_id: number;
  rank: number;
  story_id: number;
  score: number;
}

/** Who closed or timed out whom, and why (migration 019-moderation). */
export interface ModerationActionsTable {
  id: Generated<number>;
  target_user_id: number;
  target_username: string;
  actor_id: number | null;
  action: "close" | "timeout";
  reason: string;
  created_at: Millis;
  ends_at: Millis | null;
}

/** Support tickets: copyright notices and reports (migration 020-support). */
export interface ImageFlagsTable {
  id: Generated<number>;
  image_url: string;
  owner_id: number;
  story_id: number | null;
  flagged_by: number | null;
  flagged_at: Millis;
  appeal_reason: string | null;
  appeal_status: "submitted" | "resolved" | null;
  appealed_at: Millis | null;
  decision: "restored" | "upheld" | null;
  decided_by: number | null;
  decided_at: Millis | null;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  requester_user_id: number | null;
  requester_name: string;
  requester_email: string;
  ticket_form_id: number | null;
  report_type: string | null;
  reason: string | null;
  subject: string;
  comment: string;
  story_id: number | null;
  reported_username: string | null;
  /** JSON: [{id, value}]. */
  custom_fields: Generated<string>;
  status: Generated<string>;
  created_at: Millis;
  /** A report's type id of §3, null for a copyright notice (migration 021-reports). */
  report_type_id: number | null;
  /** What the report is about, as /admin/community_reports names it. */
  model_type: number | null;
  model_id: number | null;
  reported_user_id: number | null;
  /** JSON: {name, location, body, deepLink}. */
  reference: string | null;
  outcome: string | null;
  resolved_at: Millis | null;
  resolved_by: number | null;
}

/** A staff member's note on a ticket (migration 021-reports). */
/** A system admin's note on a story (migration 038). */
export interface StoryStaffNotesTable {
  id: Generated<number>;
  story_id: number;
  author_id: number | null;
  author_username: string | null;
  body: string;
  created_at: Millis;
}

/** A rating a story was given, by whom and when (migration 039). */
export interface StoryRatingChangesTable {
  id: Generated<number>;
  story_id: number;
  rating: number;
  changed_by_id: number | null;
  changed_by_username: string | null;
  created_at: Millis;
}

export interface SupportTicketNotesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number | null;
  author_username: string | null;
  body: string;
  created_at: Millis;
}

/** One flow of the support tree in one language; body is JSON (migration 021-reports). */
export interface SupportTreeFlowsTable {
  lang: number;
  flow_id: string;
  position: number;
  body: string;
  updated_at: Millis;
  updated_by: number | null;
}

export interface JobRunsTable {
  name: string;
  finished_at: Millis;
}

/** An identity at an OpenID provider linked to an account (migration 003-social). */
export interface SocialAccountsTable {
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Millis;
}

/** A first social sign-in waiting for the completion form; only the token's hash is stored. */
export interface PendingSocialSignupsTable {
  token_hash: string;
  provider: string;
  subject: string;
  email: string | null;
  email_verified: Flag;
  name: string | null;
  birthdate: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/** A reader's named list of stories (migration 010-lists); num_stories moves with the rows. */
export interface ReadingListsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  name_lower: string;
  is_private: Flag;
  num_stories: Counter;
  created_at: Millis;
  updated_at: Millis;
}

export interface ReadingListStoriesTable {
  list_id: number;
  story_id: number;
  position: number;
  added_at: Millis;
}

/** The built-in, private Library: one row per reader and story (migration 010-lists). */
export interface LibraryStoriesTable {
  user_id: number;
  story_id: number;
  archived: Flag;
  added_at: Millis;
}

/** A comment on a part, on one of its paragraphs, or a reply (migration 011-comments). */
export interface CommentsTable {
  id: Generated<number>;
  part_id: number;
  story_id: number;
  /** The paragraph's data-p-id, for paragraph comments and their replies. */
  paragraph_id: string | null;
  /** The comment replied to: always a thread's first comment. */
  parent_id: number | null;
  user_id: number;
  text: string;
  is_offensive: Flag;
  like_count: Counter;
  reply_count: Counter;
  deleted: Flag;
  created_at: Millis;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: Millis;
}

/** A reader's recent searches, the last 10 kept (migration 012-search). */
export interface RecentSearchesTable {
  user_id: number;
  query: string;
  searched_at: Millis;
}

/** Whom a user muted (migration 014-safety). */
export interface UserMutesTable {
  muter_id: number;
  muted_id: number;
  created_at: Millis;
}

/** Whom a user blocked (migration 014-safety). */
export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Millis;
}

/** A tag a reader never wants to see, by lowercased name (migration 014-safety). */
export interface BlockedTagsTable {
  user_id: number;
  tag: string;
  created_at: Millis;
}

/** A genre the reader picked, lowercased, in the order chosen (migration 017-home). */
export interface PreferredTagsTable {
  user_id: number;
  tag: string;
  position: number;
}

/** One conversation per pair of users, user_a_id < user_b_id (migration 015-inbox). */
export interface ConversationsTable {
  id: Generated<number>;
  user_a_id: number;
  user_b_id: number;
  created_at: Millis;
}

/** A private message; each participant can hide it from themselves. */
export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  created_at: Millis;
  /** When the recipient read it; null while unread. */
  read_at: Millis | null;
  deleted_by_sender: Flag;
  deleted_by_recipient: Flag;
}

/** A participant's thread-list row: the last message they see and their unread count. */
export interface ConversationSidesTable {
  user_id: number;
  other_id: number;
  conversation_id: number;
  last_message_id: number | null;
  last_message_at: Millis;
  unread_count: Counter;
}

/** A public message on a profile, or a reply to one (migration 027-profile-messages). */
export interface ProfileMessagesTable {
  id: Generated<number>;
  /** Whose profile it is on. */
  profile_user_id: number;
  /** Who wrote it. */
  user_id: number;
  /** The message replied to: always one on the profile, never a reply. */
  parent_id: number | null;
  body: string;
  created_at: Millis;
}

/** A sponsored story's campaign and its tracked counts (migration 028-story-promotions). */
export interface StoryPromotionsTable {
  id: Generated<number>;
  story_id: number;
  sponsor_name: string;
  starts_at: Millis;
  ends_at: Millis;
  clicks: Counter;
  impressions: Counter;
}

/** A click or impression a tracking URL counted: once a viewer a day (migration 049). */
export interface PromotionViewsTable {
  promotion_id: number;
  event: "click" | "impression";
  /** `user:{id}` for a signed-in viewer, else `address:{sha-256 of the client address}`. */
  viewer: string;
  day: number;
  created_at: Millis;
}

/** A reader's Coin balance (migration 031-coins); no row means none. */
export interface WalletsTable {
  user_id: number;
  coins: number;
  updated_at: Millis;
}

/** Every change to a balance: a grant or a pack bought (positive), or a purchase (negative). */
export interface CoinTransactionsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: "grant" | "pack" | "premium" | "part" | "story";
  story_id: number | null;
  part_id: number | null;
  created_at: Millis;
}

/** A Coin pack bought in the Coin Shop; (user_id, request_id) is unique (migration 034). */
export interface CoinPurchasesTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  pack_id: string;
  coins: number;
  price: string;
  checkout: string;
  reference: string;
  balance_after: number;
  created_at: Millis;
}

/** A month of Premium paid for, or being paid for (migration 035). */
export interface PremiumPaymentsTable {
  id: Generated<number>;
  user_id: number;
  request_id: string;
  plan: string;
  price: string;
  status: "pending" | "paid";
  checkout: string;
  reference: string | null;
  period_start: Millis;
  period_end: Millis;
  created_at: Millis;
}

/** A paywalled part a reader may read: bought on its own, or covered by a whole-story purchase. */
export interface PartUnlocksTable {
  user_id: number;
  part_id: number;
  story_id: number;
  /** 0 for a part a whole-story purchase covered: the story_unlocks row holds what was paid. */
  coins: number;
  created_at: Millis;
  /** 1 when a whole-story purchase unlocked it (migration 048). */
  via_story: Flag;
}

/** A paywall seen, or a purchase there cancelled or failed (migration 042). */
export interface PaywallEventsTable {
  id: Generated<number>;
  name: string;
  story_id: number;
  part_id: number;
  /** Null for a visitor. */
  user_id: number | null;
  /** The UTC day number (epoch ms / 86,400,000): one row a reader, part, kind and day. */
  day: number;
  created_at: Millis;
}

/** A followed link to a story, by the kind of page it was on (migration 043). */
export interface StoryClicksTable {
  id: Generated<number>;
  story_id: number;
  source: string;
  /** Null for a visitor. */
  user_id: number | null;
  day: number;
  created_at: Millis;
}

/** An ad slot's decision for a viewer, as the server made it (migration 050). */
export interface AdEligibilityEventsTable {
  id: Generated<number>;
  /** The page view that sent it: a UUID the page made. */
  reference_id: string;
  /** AdPlacement: the story page's slot, or a part's comment slots. */
  placement: string;
  story_id: number;
  /** The part whose comments the slots are between; null for the story page's slot. */
  part_id: number | null;
  /** Null for a visitor. */
  user_id: number | null;
  eligible: Flag;
  /** AdFactor: the rule that decided. */
  factor: string;
  /** The viewer's profile country, when known. */
  country_code: string | null;
  day: number;
  created_at: Millis;
}

/** A writer's new cover, by where it came from (migration 051). */
export interface CoverAddsTable {
  id: Generated<number>;
  story_id: number;
  /** CoverSource: the story details form's upload, or the cover import screen. */
  source: string;
  day: number;
  created_at: Millis;
}

/** The author of a story not yet entered opened its contest entry form (migration 052). */
export interface ContestFormViewsTable {
  id: Generated<number>;
  contest_key: string;
  story_id: number;
  day: number;
  created_at: Millis;
}

/** The author will not enter the story in the contest: its banner stays away (migration 054). */
export interface ContestBannerDeclinesTable {
  contest_key: string;
  story_id: number;
  created_at: Millis;
}

/**
 * A purchase of a paid story's parts still locked for the reader, all at once (migration 048):
 * the parts it covered are part_unlocks rows; a reader buys the rest again when more come.
 */
export interface StoryUnlocksTable {
  id: Generated<number>;
  user_id: number;
  story_id: number;
  coins: number;
  created_at: Millis;
}

/** A yearly contest a system admin set up; at most one is active (migration 033-contests). */
export interface ContestsTable {
  key: string;
  year: number;
  /** The tag an entered story carries, as stored (normaliseTag). */
  tag: string;
  closes_at: Millis;
  /** Words a complete story needs to be eligible. */
  min_words: number;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

/** A story's entry in a contest, once per contest: its ContestEntry as JSON (contestEntry). */
export interface ContestSubmissionsTable {
  id: Generated<number>;
  contest_key: string;
  story_id: number;
  user_id: number;
  entry: string;
  submitted_at: Millis;
}
