/** The alert emails' unsubscribe page (decision 046). */
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
  settings: "Notification settings",
  invalidHeading: "This link doesn't work",
  invalidText:
    "It may be incomplete. You can change which emails you get in your notification settings.",
} as const;
