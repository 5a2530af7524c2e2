import type { Kysely } from "kysely";
import {
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from "kysely/migration";
import * as core from "./migrations/001-core.ts";
import * as accounts from "./migrations/002-accounts.ts";
import * as social from "./migrations/003-social.ts";
import * as settings from "./migrations/004-settings.ts";
import * as partsListing from "./migrations/005-parts-listing.ts";
import * as profiles from "./migrations/006-profiles.ts";
import * as readerSettings from "./migrations/007-reader-settings.ts";
import * as rankings from "./migrations/008-rankings.ts";
import * as contentSettings from "./migrations/009-content-settings.ts";
import * as lists from "./migrations/010-lists.ts";
import * as comments from "./migrations/011-comments.ts";
import * as search from "./migrations/012-search.ts";
import * as listingIndexes from "./migrations/013-listing-indexes.ts";
import * as safety from "./migrations/014-safety.ts";
import * as inbox from "./migrations/015-inbox.ts";
import * as home from "./migrations/017-home.ts";
import * as privacy from "./migrations/018-privacy.ts";
import * as moderation from "./migrations/019-moderation.ts";
import * as support from "./migrations/020-support.ts";
import * as reports from "./migrations/021-reports.ts";
import * as storyNotes from "./migrations/022-story-notes.ts";
import * as partEdits from "./migrations/023-part-edits.ts";
import * as writerOnboarding from "./migrations/024-writer-onboarding.ts";
import * as searchPostings from "./migrations/025-search-postings.ts";
import * as imageModeration from "./migrations/026-image-moderation.ts";
import * as profileMessages from "./migrations/027-profile-messages.ts";
import * as storyPromotions from "./migrations/028-story-promotions.ts";
import * as signupSource from "./migrations/029-signup-source.ts";
import * as featureSettings from "./migrations/030-feature-settings.ts";
import * as coins from "./migrations/031-coins.ts";
import * as analytics from "./migrations/032-analytics.ts";
import * as contests from "./migrations/033-contests.ts";
import * as coinPurchases from "./migrations/034-coin-purchases.ts";
import * as premium from "./migrations/035-premium.ts";
import * as storyTagsOrder from "./migrations/036-story-tags-order.ts";
import * as storyClassificationLock from "./migrations/037-story-classification-lock.ts";
import * as storyStaffNotes from "./migrations/038-story-staff-notes.ts";
import * as storyRatingChanges from "./migrations/039-story-rating-changes.ts";
import * as alertMask from "./migrations/040-alert-mask.ts";
import * as profileImageModeration from "./migrations/041-profile-image-moderation.ts";
import * as paywallEvents from "./migrations/042-paywall-events.ts";
import * as storyClicks from "./migrations/043-story-clicks.ts";
import * as storySales from "./migrations/044-story-sales.ts";
import * as storyAdExempt from "./migrations/045-story-ad-exempt.ts";
import * as storySaleStart from "./migrations/046-story-sale-start.ts";
import * as tagListingKeys from "./migrations/047-tag-listing-keys.ts";
import * as wholeStoryUnlocks from "./migrations/048-whole-story-unlocks.ts";
import * as promotionViews from "./migrations/049-promotion-views.ts";
import * as adEligibilityEvents from "./migrations/050-ad-eligibility-events.ts";
import * as coverAdds from "./migrations/051-cover-adds.ts";
import * as contestFormViews from "./migrations/052-contest-form-views.ts";
import * as knownDevices from "./migrations/053-known-devices.ts";
import * as contestBannerDeclines from "./migrations/054-contest-banner-declines.ts";
import * as scheduledParts from "./migrations/055-scheduled-parts.ts";
import * as paidStories from "./migrations/056-paid-stories.ts";
import * as foreignKeyIndexes from "./migrations/057-foreign-key-indexes.ts";

/** Every migration, in order. A new one is appended here, never edited once it has landed. */
const migrations: Record<string, Migration> = {
  "001-core": core,
  "002-accounts": accounts,
  "003-social": social,
  "004-settings": settings,
  "005-parts-listing": partsListing,
  "006-profiles": profiles,
  "007-reader-settings": readerSettings,
  "008-rankings": rankings,
  "009-content-settings": contentSettings,
  "010-lists": lists,
  "011-comments": comments,
  "012-search": search,
  "013-listing-indexes": listingIndexes,
  "014-safety": safety,
  "015-inbox": inbox,
  "017-home": home,
  "018-privacy": privacy,
  "019-moderation": moderation,
  "020-support": support,
  "021-reports": reports,
  "022-story-notes": storyNotes,
  "023-part-edits": partEdits,
  "024-writer-onboarding": writerOnboarding,
  "025-search-postings": searchPostings,
  "026-image-moderation": imageModeration,
  "027-profile-messages": profileMessages,
  "028-story-promotions": storyPromotions,
  "029-signup-source": signupSource,
  "030-feature-settings": featureSettings,
  "031-coins": coins,
  "032-analytics": analytics,
  "033-contests": contests,
  "034-coin-purchases": coinPurchases,
  "035-premium": premium,
  "036-story-tags-order": storyTagsOrder,
  "037-story-classification-lock": storyClassificationLock,
  "038-story-staff-notes": storyStaffNotes,
  "039-story-rating-changes": storyRatingChanges,
  "040-alert-mask": alertMask,
  "041-profile-image-moderation": profileImageModeration,
  "042-paywall-events": paywallEvents,
  "043-story-clicks": storyClicks,
  "044-story-sales": storySales,
  "045-story-ad-exempt": storyAdExempt,
  "046-story-sale-start": storySaleStart,
  "047-tag-listing-keys": tagListingKeys,
  "048-whole-story-unlocks": wholeStoryUnlocks,
  "049-promotion-views": promotionViews,
  "050-ad-eligibility-events": adEligibilityEvents,
  "051-cover-adds": coverAdds,
  "052-contest-form-views": contestFormViews,
  "053-known-devices": knownDevices,
  "054-contest-banner-declines": contestBannerDeclines,
  "055-scheduled-parts": scheduledParts,
  "056-paid-stories": paidStories,
  "057-foreign-key-indexes": foreignKeyIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name`: tests of what a later one does to data. */
export async function migrateUpTo<DB>(db: Kysely<DB>, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate<DB>(
  db: Kysely<DB>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  // Work lands in parallel: a migration numbered before one a database already ran (from a
  // branch merged later) still runs, instead of refusing the database.
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
