import type { Generated } from "kysely";

/**
 * Column conventions, the same on both engines: times are epoch milliseconds (bigint),
 * flags are 0/1 integers, ids are integers. See docs/decisions/003-database.md.
 */
type Flag = 0 | 1;
type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  email: string | null;
  email_lower: string | null;
  name: string;
  avatar: string | null;
  description: string;
  password_hash: string | null;
  is_ambassador: Flag;
  is_sysadmin: Flag;
  is_staff: Flag;
  is_verified: Flag;
  email_verified: Flag;
  language_id: number;
  country: string | null;
  birthdate: string | null;
  num_followers: number;
  num_following: number;
  created_at: Millis;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Millis;
  expires_at: Millis;
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
  description: string;
  cover: string | null;
  language_id: number;
  rating: number;
  completed: Flag;
  draft: Flag;
  deleted: Flag;
  copyright: number;
  is_paid: Flag;
  is_paywalled: Flag;
  paid_model: string | null;
  create_date: Millis;
  modify_date: Millis;
  last_published_at: Millis | null;
  num_parts: number;
  read_count: number;
  vote_count: number;
  comment_count: number;
}

export interface StoryCategoriesTable {
  story_id: number;
  category_id: number;
}

export interface StoryTagsTable {
  story_id: number;
  tag_id: number;
  position: number;
}

export interface PartsTable {
  id: Generated<number>;
  story_id: number;
  position: number;
  title: string;
  text: string;
  word_count: number;
  draft: Flag;
  deleted: Flag;
  scheduled_at: Millis | null;
  create_date: Millis;
  modify_date: Millis;
  published_at: Millis | null;
  is_bonus: Flag;
  bonus_type: string | null;
  read_count: number;
  vote_count: number;
  comment_count: number;
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

export interface ReadsTable {
  id: Generated<number>;
  user_id: number | null;
  part_id: number;
  story_id: number;
  seconds: number;
  created_at: Millis;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  stories: StoriesTable;
  story_categories: StoryCategoriesTable;
  story_tags: StoryTagsTable;
  parts: PartsTable;
  follows: FollowsTable;
  votes: VotesTable;
  reading_positions: ReadingPositionsTable;
  reads: ReadsTable;
}
