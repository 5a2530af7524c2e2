/** The staff pages' Story field (paid story manager, rating history): a story by link or number. */
export const storyFinder = {
  story: "Story",
  storyHint: "Paste the story's link, or its number.",
  storyInvalid: "That is neither a story's link nor its number.",
  notFound: "No story has that number.",
  open: "Open",
} as const;
