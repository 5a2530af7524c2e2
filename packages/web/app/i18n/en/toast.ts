/** What every dismissable toast shows, whatever its area. */
export const toast = {
  dismiss: "Dismiss",
} as const;
