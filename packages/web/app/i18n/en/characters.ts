import { formatCount } from "@inkwell/shared";

/** A text box's character counter, the same in every composer: '1,234 / 2,000'. */
export const characters = {
  counter: (used: number, max: number) => `${formatCount(used)} / ${formatCount(max)}`,
  /** What a screen reader hears instead. */
  label: (used: number, max: number) => `${formatCount(used)} of ${formatCount(max)} characters`,
} as const;
