export const reverify = {
  title: "Is this still your email?",
  text: (email: string) => `We'll use ${email} to keep your account safe and send you updates.`,
  update: "I need to update my email",
  current: "This is my current email",
  confirm: "Confirm",
  skipped: "We'll send you a reminder in 3 days",
  thanks: "Thank you for confirming your email.",
  checkMail: "Thank you, please check your email to confirm your verification.",
} as const;
