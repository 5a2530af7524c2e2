import type { Kysely } from "kysely";

/**
 * An index led by every foreign key column that had none. Deleting a parent row (an account
 * closing deletes the user, its stories and their parts) looks for the rows that refer to it,
 * and without such an index both engines read the whole referring table once per row
 * deleted: closing a writer's account on the bench catalogue took 0.4–0.7 s, inside the
 * write transaction, mostly reading every vote once per story. part_unlocks' story index also
 * carries what a story's sales by day read (analytics, the paid programme), so they read only
 * that story's unlocks.
 */
const INDEXES: ReadonlyArray<readonly [table: string, columns: readonly string[]]> = [
  ["votes", ["story_id"]],
  ["reading_positions", ["story_id"]],
  ["reading_positions", ["part_id"]],
  ["comments", ["user_id"]],
  ["comments", ["story_id"]],
  ["comment_likes", ["user_id"]],
  ["user_mutes", ["muted_id"]],
  ["conversations", ["user_b_id"]],
  ["conversation_sides", ["conversation_id"]],
  ["conversation_sides", ["other_id"]],
  ["moderation_actions", ["actor_id"]],
  ["support_tickets", ["resolved_by"]],
  ["support_tickets", ["reported_user_id"]],
  ["support_tree_flows", ["updated_by"]],
  ["support_ticket_notes", ["author_id"]],
  ["image_flags", ["decided_by"]],
  ["image_flags", ["flagged_by"]],
  ["image_flags", ["story_id"]],
  ["image_flags", ["owner_id"]],
  ["story_promotions", ["story_id"]],
  ["coin_transactions", ["part_id"]],
  ["part_unlocks", ["story_id", "via_story", "created_at", "coins", "user_id"]],
  ["part_unlocks", ["part_id"]],
  ["contest_submissions", ["story_id"]],
  ["story_staff_notes", ["author_id"]],
  ["story_rating_changes", ["changed_by_id"]],
  ["paywall_events", ["user_id"]],
  ["paywall_events", ["part_id"]],
  ["story_clicks", ["user_id"]],
  ["ad_eligibility_events", ["user_id"]],
  ["ad_eligibility_events", ["part_id"]],
  ["ad_eligibility_events", ["story_id"]],
  ["contest_form_views", ["story_id"]],
  ["contest_banner_declines", ["story_id"]],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of INDEXES) {
    await db.schema
      .createIndex(`${table}_by_${columns[0]}`)
      .on(table)
      .columns([...columns])
      .execute();
  }
}
