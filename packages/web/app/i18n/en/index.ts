/**
 * Every piece of text the web app shows, in English: one module per area, so that a page
 * downloads only the strings of the areas it shows (the namespace `t` in ../index.ts is
 * resolved at build time). Other locales mirror this shape.
 */

export { works } from "../en.ts";
export { feedEn as feed, landingEn as landing } from "../en-home.ts";
export {
  notesEn as notes,
  writerJourneyEn as writerJourney,
  writerTipEn as writerTip,
} from "../en-notes.ts";
export { profileMessagesEn as profileMessages } from "../en-profile-messages.ts";
export { reportsEn as reports } from "../en-reports.ts";
export { coversEn as covers, writingEn as writing } from "../en-writing.ts";
export { account } from "./account.ts";
export { ads } from "./ads.ts";
export { alerts } from "./alerts.ts";
export { analytics } from "./analytics.ts";
export { badges } from "./badges.ts";
export { brand } from "./brand.ts";
export { carousel } from "./carousel.ts";
export { catalog } from "./catalog.ts";
export { coins } from "./coins.ts";
export { comments } from "./comments.ts";
export { contest } from "./contest.ts";
export { dmca } from "./dmca.ts";
export { errors } from "./errors.ts";
export { footer } from "./footer.ts";
export { gate } from "./gate.ts";
export { header } from "./header.ts";
export { home } from "./home.ts";
export { homeFeed } from "./homeFeed.ts";
export { imageModeration } from "./imageModeration.ts";
export { inbox } from "./inbox.ts";
export { library } from "./library.ts";
export { lists } from "./lists.ts";
export { mature } from "./mature.ts";
export { modal } from "./modal.ts";
export { moderation } from "./moderation.ts";
export { nav } from "./nav.ts";
export { onboarding } from "./onboarding.ts";
export { optOut } from "./optOut.ts";
export { paidParts } from "./paidParts.ts";
export { paidProgramme } from "./paidProgramme.ts";
export { part } from "./part.ts";
export { picksBanner } from "./picksBanner.ts";
export { pictures } from "./pictures.ts";
export { premium } from "./premium.ts";
export { premiumPicks } from "./premiumPicks.ts";
export { profile } from "./profile.ts";
export { promotions } from "./promotions.ts";
export { rankings } from "./rankings.ts";
export { reader } from "./reader.ts";
export { reportCard } from "./reportCard.ts";
export { reverify } from "./reverify.ts";
export { safety } from "./safety.ts";
export { search } from "./search.ts";
export { settings } from "./settings.ts";
export { story } from "./story.ts";
export { storyFinder } from "./storyFinder.ts";
export { storyStaff } from "./storyStaff.ts";
export { tag } from "./tag.ts";
export { times } from "./times.ts";
export { toast } from "./toast.ts";
export { vote } from "./vote.ts";
