export const optOut = {
  title: "Do not sell my personal information",
  intro:
    "Inkwell shares some information about how you use it, such as the stories you read, with advertising partners, so that the ads you see fit you better. Under the California Consumer Privacy Act you can ask us to stop.",
  scope: (signedIn: boolean) =>
    signedIn
      ? "Your choice is kept with your account, on every device you sign in on."
      : "Your choice is kept in this browser. Log in to keep it with your account.",
  californian: "I am a California resident",
  submit: "Opt out",
  submitting: "Sending…",
  continueSharing: "Continue sharing information",
  failed:
    "There was an error submitting your opt-out request. Please try again or report the issue.",
  doneHeading: "You have opted out",
  doneText:
    "We no longer sell or share your personal information with advertising partners. You will still see ads, but they will not be based on what you read.",
  backTo: "Back to Inkwell",
} as const;
