export const tag = {
  title: (tag: string) => `#${tag} stories`,
  /** The page's meta description: what a search result shows under its title. */
  description: (tag: string) =>
    `Read stories tagged #${tag} on Inkwell, the hottest or the newest first.`,
  empty: "No stories carry this tag yet.",
  originals: "Hottest Originals",
  originalsSubheading: "Read the stories we love",
  originalsAll: "All Originals",
  sortLabel: "Sort stories",
  sortHot: "Hot",
  sortNew: "New",
  /** The stories' heading under the page's title: read by screen readers only. */
  storiesHeading: (sort: "hot" | "new") =>
    sort === "hot" ? "Stories, hottest first" : "Stories, newest first",
} as const;
