export const mature = {
  heading: "This story is for mature readers",
  logIn: "Log in to read it: mature stories are shown to adult readers only.",
  hiddenBySettings:
    "Your content settings hide mature stories, or your account is not yet 18. Adults can change this in their settings.",
  settings: "Content preferences",
} as const;
