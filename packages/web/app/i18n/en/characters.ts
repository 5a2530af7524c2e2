/** A text box's character counter, the same in every composer: '1,234 / 2,000'. */
export const characters = {
  counter: (used: number, max: number) =>
    `${used.toLocaleString("en")} / ${max.toLocaleString("en")}`,
  /** What a screen reader hears instead. */
  label: (used: number, max: number) =>
    `${used.toLocaleString("en")} of ${max.toLocaleString("en")} characters`,
} as const;
