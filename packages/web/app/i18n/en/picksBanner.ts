/**
 * The Premium Picks banner and Subscribe now (reader.md §2), on the picks page and on
 * others (story pages, the home feed): an area of its own, so that those pages do not
 * carry the picks page's texts.
 */
export const picksBanner = {
  title: "Premium Picks",
  banner: "Any Premium or Premium+ plan gives you access to 5 Originals a month.",
  seePicks: "See this month's picks",
  subscribe: "Subscribe now",
} as const;
