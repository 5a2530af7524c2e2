import type { Kysely } from "kysely";

/**
 * Who a sponsored story's tracking URLs counted (docs/decisions/036): one row per campaign,
 * kind (click or impression), viewer and UTC day, so a viewer counts once a day however often
 * they call. The viewer is `user:{id}` when signed in, else `address:{sha-256 of the address}`.
 * The campaign's `clicks` and `impressions` go up with each row inserted, in its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("promotion_views")
    .addColumn("promotion_id", "bigint", (c) =>
      c.notNull().references("story_promotions.id").onDelete("cascade"),
    )
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("viewer", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("promotion_views_pk", ["promotion_id", "event", "viewer", "day"])
    .execute();
}
