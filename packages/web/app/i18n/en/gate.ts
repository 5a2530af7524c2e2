export const gate = {
  signupTitle: "Sign up to comment and interact with the largest storytelling community",
  signupWithEmail: "Sign up with email",
  haveAccount: "I already have an account",
  verifyTitle: "Please verify your email",
  verifyText: (email: string) =>
    `Confirm ${email} to vote, comment, message and publish. Check your inbox for our link.`,
  changeEmail: "Change email",
  resendEmail: "Resend email",
  resent: "Email sent. Check your inbox.",
  resendFailed: "Problem reaching email :( Please try again or change your email.",
} as const;
