/** Times a user picks on their own clock (lib/use-time-zone.ts): the same words wherever. */
export const times = {
  /** Under a date and time field: the zone it is read in, "GMT+5:30", never left to guess. */
  inYourZone: (zone: string) => `In your time zone (${zone}).`,
} as const;
