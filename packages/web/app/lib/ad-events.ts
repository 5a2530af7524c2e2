import { type AdPlacement, randomUuid } from "@inkwell/shared";
import { useEffect } from "react";
import { beaconForm } from "./beacon.ts";

const ID_FIELD: Record<AdPlacement, string> = { story: "storyId", comments: "partId" };

/**
 * Tells the server an ad slot was decided (§7's ad eligibility decision), shown or not: the
 * story page's slot for story `id`, or part `id`'s comment slots. The page says where and
 * which view it was (a fresh UUID, randomUuid); the server decides and records why, so the page sends
 * no decision of its own (decisions/066-ad-eligibility-and-events).
 */
export function useAdEligibilityEvent(placement: AdPlacement, id: number): void {
  useEffect(() => {
    beaconForm("/v5/events", {
      name: "ad_eligibility",
      referenceId: randomUuid(),
      placement,
      [ID_FIELD[placement]]: String(id),
    });
  }, [placement, id]);
}
