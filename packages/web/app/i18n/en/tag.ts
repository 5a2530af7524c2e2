export const tag = {
  title: (tag: string) => `#${tag} stories`,
  empty: "No stories carry this tag yet.",
  more: "Show more",
  originals: "Hottest Originals",
  originalsSubheading: "Read the stories we love",
  originalsAll: "All Originals",
  sortLabel: "Sort stories",
  sortHot: "Hot",
  sortNew: "New",
} as const;
