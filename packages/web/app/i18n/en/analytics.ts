import { formatCount } from "@inkwell/shared";
import { backToTheStory } from "./backToTheStory.ts";
/** Writer analytics (writer-paid-contest.md §2): the three tabs and their popovers. */
export const analytics = {
  title: (story: string) => `Analytics: ${story}`,
  heading: "Analytics",
  back: backToTheStory,
  tabsLabel: "Analytics",
  tabs: { overview: "Overview", interactions: "Engagement", demographics: "Demographics" },
  stats: {
    reads: (count: number) => (count === 1 ? "Total Read" : "Total Reads"),
    votes: (count: number) => (count === 1 ? "Vote" : "Votes"),
    parts: (count: number) => (count === 1 ? "Story Part" : "Story Parts"),
    engaged: (count: number) => (count === 1 ? "Engaged Reader" : "Engaged Readers"),
  },
  info: {
    open: (topic: string) => `About ${topic}`,
    ok: "Ok",
    learnMore: "Learn more",
    reads: {
      title: "Total Reads",
      text: "A read counts when someone has had a part on screen for a few seconds. Your own reads never count.",
    },
    engaged: {
      title: "Engaged Readers",
      text: "Readers with an account who spent 5 minutes or more reading your story in the last 365 days.",
    },
    daily: {
      title: "Daily Unique Readers",
      text: "For each of the last 30 days, how many different readers with an account read your story.",
    },
  },
  earnings: {
    heading: "Coins earned",
    coins: (count: number) => (count === 1 ? "Coin spent by readers" : "Coins spent by readers"),
    parts: (count: number) => (count === 1 ? "Part unlocked" : "Parts unlocked"),
    stories: (count: number) => (count === 1 ? "Whole story unlocked" : "Whole stories unlocked"),
    daily: "Coins a day",
    paywall: {
      heading: "At the paywall, last 30 days",
      views: (count: number) => (count === 1 ? "Paywall view" : "Paywall views"),
      // A non-breaking hyphen (U+2011): in a half-width card the name broke after "Signed-".
      readers: (count: number) =>
        count === 1 ? "Signed\u2011in reader who saw it" : "Signed\u2011in readers who saw it",
      cancelled: (count: number) => (count === 1 ? "Purchase cancelled" : "Purchases cancelled"),
      failed: (count: number) => (count === 1 ? "Purchase failed" : "Purchases failed"),
      conversion: (unlocked: number, readers: number, percent: number) =>
        readers === 0
          ? "No signed-in reader has seen the paywall in the last 30 days."
          : `${formatCount(unlocked)} of the ${formatCount(readers)} ${readers === 1 ? "reader" : "readers"} who saw the paywall went on to unlock a part or the whole story (${percent}%).`,
    },
  },
  discovery: {
    heading: "Where readers found it",
    note: (clicks: number) =>
      clicks === 0
        ? "Nobody has followed a link to it on Inkwell in the last 30 days."
        : `${formatCount(clicks)} ${clicks === 1 ? "click" : "clicks"} on links to it in the last 30 days, by the page they were on (each signed-in reader once a day).`,
    sources: {
      home: "Home",
      search: "Search",
      tag: "Tag pages",
      catalog: "Paid stories catalog",
      featured: "Featured lists",
      list: "Reading lists",
      library: "Libraries",
      profile: "Profiles",
      story: "Other stories' pages",
    },
  },
  dailyReaders: "Daily Unique Readers",
  dailyReads: "Reads a day",
  dailyVotes: "Votes a day",
  dailyComments: "Comments a day",
  /** Under a chart's title: what its bars add up to. */
  last30: (total: number) =>
    total === 0 ? "None in the last 30 days" : `${formatCount(total)} in the last 30 days`,
  chartSummary: (what: string, total: number, peak: number, peakDate: string) =>
    total === 0
      ? `${what}: none in the last 30 days.`
      : `${what}: ${formatCount(total)} in the last 30 days, at most ${formatCount(peak)} on ${peakDate}.`,
  showTable: "Show as a table",
  date: "Date",
  count: "Count",
  parts: "Parts",
  partsIntro: "Reads, votes and comments of each published part, in reading order.",
  partsTable: "Reads, votes and comments by part",
  part: "Part",
  reads: "Reads",
  votes: "Votes",
  comments: "Comments",
  noParts: "Nothing published yet: analytics start with your first published part.",
  readers: (count: number) =>
    `${formatCount(count)} ${count === 1 ? "reader" : "readers"} with an account in the last year`,
  noReaders:
    "No readers with an account in the last year yet. Their ages and countries will show here.",
  sharesNote: (min: number) =>
    `Shares of the readers who told us; those who did not are left out. Groups of fewer than ${min} readers are counted together under Other, so that no reader stands out.`,
  tooFewReaders: (min: number) =>
    `Demographics appear once at least ${min} readers with an account have read this story, so that no reader stands out.`,
  tooFewInGroups: "Too few readers have told us yet to show this without singling anyone out.",
  ages: "Age",
  countries: "Countries",
  otherAges: "Other ages",
  otherCountries: "Other countries",
  share: (percent: number) => `${percent}%`,
} as const;
