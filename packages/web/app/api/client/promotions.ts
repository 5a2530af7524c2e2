import type { PromotionSummary } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const promotionsCalls = ({ get, call }: Requests) => ({
  /** Staff: the newest sponsored-story campaigns. */
  promotions: () => get<{ promotions: PromotionSummary[] }>("/v5/promotions"),
  /** Staff: sponsor a story; refused field by field. */
  createPromotion: (body: {
    storyId: number;
    sponsorName: string;
    startsAt: string;
    endsAt: string;
  }) => call<PromotionSummary>("/v5/promotions", json("POST", body)),
  /** Staff: move a campaign's end (now, to end it). */
  endPromotion: (id: number, endsAt: string) =>
    call<PromotionSummary>(`/v5/promotions/${id}`, json("PATCH", { endsAt })),
});
