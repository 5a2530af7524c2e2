import { clickThroughRate } from "@inkwell/shared";

/** /admin/promotions: staff's sponsored-story campaigns. */
export const promotions = {
  title: "Sponsored stories",
  lead: "A campaign shows a story in the Sponsored stories row of readers' home feeds, under its sponsor's name, from its start to its end. Changes reach readers' feeds within a minute.",
  formHeading: "Sponsor a story",
  story: "Story",
  storyHint: "Paste the story's link, or its number.",
  storyInvalid: "That is neither a story's link nor its number.",
  sponsorName: "Sponsor's name",
  sponsorMissing: "Enter the sponsor's name.",
  sponsorHint: "Readers see 'Sponsored by' and this name.",
  startsAt: "Starts",
  endsAt: "Ends",
  startsMissing: "Choose when the campaign starts.",
  endsMissing: "Choose when the campaign ends.",
  create: "Start the campaign",
  creating: "Saving…",
  created: "The campaign is saved.",
  failed: "The campaign could not be saved. Check the fields below.",
  listHeading: "Campaigns",
  none: "No campaigns yet.",
  status: { scheduled: "Scheduled", running: "Running", ended: "Ended" },
  sponsoredBy: (name: string) => `Sponsored by ${name}`,
  period: (from: string, to: string) => `${from} to ${to}`,
  /** With the click-through rate once the story has been seen at all. */
  counts: (impressions: number, clicks: number) => {
    const rate = clickThroughRate(clicks, impressions);
    return `${impressions} ${impressions === 1 ? "impression" : "impressions"}, ${clicks} ${
      clicks === 1 ? "click" : "clicks"
    }${rate === null ? "" : `, ${rate} click-through`}`;
  },
  endNow: "End now",
  endTitle: "End this campaign?",
  endText: (title: string) =>
    `${title} leaves readers' home feeds within a minute. Its counts are kept.`,
  keep: "Keep it running",
  endFailed: "The campaign could not be ended. Please try again.",
} as const;
