/**
 * Whether a page shows ads (reader.md §6, writer-paid-contest.md §6): they are skipped on paid
 * stories, on stories whose cover moderators flagged (image-moderated), on stories system
 * admins made ad-exempt, on stories that are not brand safe (mature ones), and for Premium
 * subscribers. One rule for every slot: the story page's and the comments'. Exempt countries
 * wait for an ad partner to name them (docs/decisions/029).
 */
export const adsShown = (
  story: { isPaid: boolean; imageModerated: boolean; adExempt: boolean; mature: boolean },
  reader: { isPremium: boolean } | null,
): boolean =>
  !story.isPaid && !story.imageModerated && !story.adExempt && !story.mature && !reader?.isPremium;
