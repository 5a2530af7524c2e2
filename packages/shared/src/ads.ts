/** The story's side of an ad decision. */
export interface AdStory {
  isPaid: boolean;
  imageModerated: boolean;
  adExempt: boolean;
  mature: boolean;
}

/**
 * The reader's side: null for a visitor whose country is unknown. `country` is an ISO 3166
 * alpha-2 code: the one a trusted proxy says the request came from, else the profile's
 * (docs/decisions/072-ad-exempt-countries.md).
 */
export interface AdReader {
  isPremium: boolean;
  country: string | null;
}

/** Whom a page's ad decisions are for: the reader, and the countries the site exempts. */
export interface AdAudience {
  reader: AdReader | null;
  exemptCountries: ReadonlySet<string>;
}

/**
 * Why a slot shows no ads (writer-paid-contest.md §9's skip reasons), in the order they are
 * checked. `brand_unsafe` is ours: §6 skips brand-unsafe stories but §9's list has no name
 * for it (docs/decisions/066-ad-eligibility-and-events.md).
 */
export const AD_SKIP_FACTORS = [
  "paid_story",
  "ad_exempt_story",
  "image_moderation",
  "brand_unsafe",
  "premium_subscription",
  "special_exempt_country",
] as const;
/**
 * Why a slot shows ads: every rule checked and passed, or, without the reader's country to
 * check, by default. §9's "brand safe" waits for a signal that says so of a story.
 */
export const AD_ELIGIBLE_FACTORS = ["passes_all_rules", "default"] as const;
export type AdFactor = (typeof AD_SKIP_FACTORS)[number] | (typeof AD_ELIGIBLE_FACTORS)[number];

export interface AdDecision {
  eligible: boolean;
  factor: AdFactor;
}

/** Where ads go: the story page's side slot, and the slots between a part's comments. */
export const AD_PLACEMENTS = ["story", "comments"] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const AD_PLACEMENT_MESSAGE = `placement must be one of ${AD_PLACEMENTS.join(", ")}`;

/**
 * Whether a page shows ads, and why (reader.md §6, writer-paid-contest.md §6, §9): they are
 * skipped on paid stories, on stories system admins made ad-exempt, on stories whose cover
 * moderators flagged (image-moderated), on stories that are not brand safe (mature ones),
 * for Premium subscribers, and for readers in an exempt country (AD_EXEMPT_COUNTRIES, the
 * server's configuration). The server decides for every slot: the story page's and the
 * comments', and its record of each decision.
 */
export function adEligibility(story: AdStory, { reader, exemptCountries }: AdAudience): AdDecision {
  const skip = (factor: AdFactor): AdDecision => ({ eligible: false, factor });
  if (story.isPaid) return skip("paid_story");
  if (story.adExempt) return skip("ad_exempt_story");
  if (story.imageModerated) return skip("image_moderation");
  if (story.mature) return skip("brand_unsafe");
  if (reader?.isPremium) return skip("premium_subscription");
  const country = reader?.country ?? null;
  if (country === null) return { eligible: true, factor: "default" };
  if (exemptCountries.has(country)) return skip("special_exempt_country");
  return { eligible: true, factor: "passes_all_rules" };
}

export const adsShown = (story: AdStory, audience: AdAudience): boolean =>
  adEligibility(story, audience).eligible;
