/** The alert emails' and the newsletter's unsubscribe page (decisions 046, 051). */
export const alerts = {
  title: "Email alerts",
  askHeading: "Stop email alerts?",
  askText: (username: string) =>
    `You won't get emails about activity on ${username}'s stories and profile, or updates from their Library and the people they follow.`,
  stop: "Stop email alerts",
  keep: "Keep them",
  doneHeading: "Email alerts are off",
  doneText:
    "You won't get alert emails any more. You can turn them back on, kind by kind, in Settings.",
  alreadyOff: "Email alerts are already off for this account.",
  /** The same page for the newsletter's link (`list=news`). */
  news: {
    title: "Inkwell newsletter",
    askHeading: "Stop the Inkwell newsletter?",
    askText: (username: string) =>
      `${username} won't get Inkwell news, tips and reading picks by email any more.`,
    stop: "Stop the newsletter",
    keep: "Keep it",
    doneHeading: "The newsletter is off",
    doneText: "You won't get it any more. You can turn it back on in Settings.",
    alreadyOff: "The newsletter is already off for this account.",
  },
  settings: "Notification settings",
  invalidHeading: "This link doesn't work",
  invalidText:
    "It may be incomplete. You can change which emails you get in your notification settings.",
} as const;
