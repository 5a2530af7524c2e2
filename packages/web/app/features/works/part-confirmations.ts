import { t } from "../../i18n/index.ts";

/**
 * What Delete and Unpublish ask before they act, from the Table of Contents and the editor's
 * settings alike: a live part goes offline for its readers at one tap otherwise.
 */
export const PART_CONFIRMATIONS = {
  delete: {
    title: t.works.deleteTitle,
    text: t.works.deleteText,
    confirm: t.works.deletePart,
    tone: "danger",
  },
  unpublish: {
    title: t.works.unpublishTitle,
    text: t.works.unpublishText,
    confirm: t.works.unpublish,
    tone: "primary",
  },
} as const;

export type PartAction = keyof typeof PART_CONFIRMATIONS;
