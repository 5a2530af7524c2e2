import { backToTheStory } from "./backToTheStory.ts";
export const part = {
  continue: "Continue to next part",
  previous: "Previous part",
  next: "Next part",
  finished: "You've finished this story. Thank you for reading!",
  finishedHint: "The author has marked it complete.",
  endOfPublished: "You've reached the end of published parts",
  lastUpdated: (when: string) => `Last updated ${when}`,
  libraryHint: "Add this story to your Library to be notified when new parts are published.",
  inLibrary: "It's in your Library: you'll be notified when new parts are published.",
  signUpForLibrary: "Sign up to add it",
  backToStory: backToTheStory,
  partOf: (n: number, total: number) => `Part ${n} of ${total}`,
  /** The page's meta description: what a search result shows under its title. */
  description: (n: number, total: number, story: string, author: string) =>
    `${story} by ${author}: part ${n} of ${total}, on Inkwell.`,
  progress: (percent: number) => `${percent}% read`,
} as const;
