/**
 * Whether a page shows ads (reader.md §6): they are skipped on paid stories, on stories whose
 * cover moderators flagged (image-moderated), and for Premium subscribers. One rule for every
 * slot: the story page's and the comments'. Ad-exempt stories and exempt countries wait for
 * the ads and staff tools (docs/decisions/029).
 */
export const adsShown = (
  story: { isPaid: boolean; imageModerated: boolean },
  reader: { isPremium: boolean } | null,
): boolean => !story.isPaid && !story.imageModerated && !reader?.isPremium;
