import type { PicksPeriod } from "@inkwell/shared";
import type { Requests } from "./http.ts";
import { STORY_CARD_FIELDS, type StoryCardData } from "./stories.ts";

/** A month of Premium Picks as the picks page shows it. */
export type PicksPeriodData = Pick<PicksPeriod, "id" | "name" | "expiresAt" | "total"> & {
  stories: StoryCardData[];
};

export interface PremiumPicksData {
  current: PicksPeriodData;
  next: PicksPeriodData;
}

export const premiumPicksCalls = ({ get }: Requests) => ({
  premiumPicks: () => {
    const period = `id,name,expiresAt,total,stories(${STORY_CARD_FIELDS.join(",")})`;
    return get<PremiumPicksData>(
      `/reading/v1/premiumPicks?fields=current(${period}),next(${period})`,
    );
  },
});
