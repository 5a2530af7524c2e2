export const errors = {
  notFoundTitle: "Page not found",
  notFound: "This page got lost in a good story and never came back.",
  goHome: "Go home",
  storyErrorHeading: "Hmmm... something's wrong.",
  storyError: "We can't seem to load this story right now. Try going back or reloading.",
  reload: "Reload",
  userNotFoundTitle: "User not found",
  userNotFound: "This user no longer exists, or is only visible to a selected audience.",
  learnMore: "Learn more",
  goBack: "Go back",
  genericHeading: "Something went wrong",
  generic: "Something went wrong, try refreshing.",
} as const;
