/** The paid stories catalog (/catalog/paidstories). */
export const catalog = {
  paidTitle: "Catalog - Paid Stories",
  originalsTitle: "Catalog - Inkwell Originals",
  intro: "Inkwell Originals by genre: the first parts are free, the rest unlock with Coins.",
  moreGroups: "More genres",
  empty: "There are no paid stories to show you yet.",
  seeGenre: (genre: string) => `All ${genre} stories`,
};
