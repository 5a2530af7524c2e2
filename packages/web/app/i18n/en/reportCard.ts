/** The story page's report card: kept apart from the report modal's texts, loaded on demand. */
export const reportCard = {
  heading: "Something wrong with this story?",
  text: "Tell us if this story breaks our guidelines or copies someone's work.",
  reportStory: "Report this story",
  reportCover: "Report the cover image",
  reportsAbout: "Reports",
} as const;
