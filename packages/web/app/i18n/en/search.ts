import { abbreviateCount } from "@inkwell/shared";

export const search = {
  title: "Search",
  resultsTitle: (term: string) => `${term} · Search`,
  /** The results page's meta description. */
  resultsDescription: (term: string) => `Stories and people on Inkwell for “${term}”.`,
  cancel: "Cancel",
  submit: "Search",
  recent: "Recent Searches",
  removeRecent: (query: string) => `Remove "${query}" from recent searches`,
  browse: "Browse Categories",
  tabs: "Search results",
  stories: "Stories",
  profiles: "Profiles",
  storyResults: (term: string) => `Stories matching ${term}`,
  profileResults: (term: string) => `Profiles matching ${term}`,
  noResults: "Hmmm...there are no results",
  storiesHint: "Try other words, check the spelling, or clear some filters.",
  profilesHint: "Try a username or a name, or check the spelling.",
  /** The empty Stories tab's link to the Profiles tab. */
  peopleInstead: (term: string) => `Look for people named “${term}”`,
  showMore: "Show more",
  /** Said when 'Show more' brought nothing that was not shown already. */
  noMore: "Nothing more to show",
  failed: "Something went wrong. Please try again",
  by: (name: string) => `by ${name}`,
  filters: "Filters",
  filtersActive: (count: number) => `Filters (${count})`,
  apply: "Apply filters",
  applying: "Applying filters…",
  clear: "Clear",
  updated: "Last updated",
  updatedOptions: {
    anytime: "Anytime",
    today: "Today",
    week: "This week",
    month: "This month",
    year: "This year",
  },
  content: "Content",
  contentOptions: {
    complete: "Completed stories",
    mature: "Mature stories",
    free: "Free stories",
    paid: "Paid stories",
  },
  length: "Length",
  lengthOptions: {
    anyLength: "Any length",
    oneToTen: "1-10 parts",
    tenToTwenty: "10-20 parts",
    twentyToFifty: "20-50 parts",
    moreThanFifty: "Over 50 parts",
  },
  hideMature: "Hide mature stories",
  storiesCount: (count: string) => `${count} published`,
  listsCount: (count: number) =>
    count === 1 ? "1 reading list" : `${abbreviateCount(count)} reading lists`,
  followersCount: (count: number) =>
    count === 1 ? "1 follower" : `${abbreviateCount(count)} followers`,
} as const;
