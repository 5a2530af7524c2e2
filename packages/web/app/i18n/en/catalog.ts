import { DEAL_PRICE_MAX, type PaidCatalogGroup } from "@inkwell/shared";

/** The paid stories catalog (/catalog/paidstories). */
export const catalog = {
  paidTitle: "Catalog - Paid Stories",
  originalsTitle: "Catalog - Originals",
  intro: "Inkwell Originals: the first parts are free, the rest unlock with Coins.",
  groups: {
    "~featured": "Featured picks",
    "~on_sale": "On sale",
    "~new_releases": "New releases",
    "~ongoing": "Ongoing stories",
    "~deals": `Stories for ${DEAL_PRICE_MAX} coins or less`,
  } satisfies Record<PaidCatalogGroup, string>,
  moreGroups: "More groups",
  /** Said once a group's next stories are in its carousel. */
  loaded: (count: number, group: string, shown: number, more: boolean) =>
    `${count} more ${count === 1 ? "story" : "stories"} in ${group}, ${shown} in all${more ? "" : ", the last of them"}.`,
  moreFailed: (group: string) =>
    `More stories in ${group} could not be loaded. Press More stories to try again.`,
  empty: "There are no paid stories to show you yet.",
  seeGenre: (genre: string) => `All ${genre} stories`,
};
