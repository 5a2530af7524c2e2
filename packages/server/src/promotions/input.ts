import { z } from "@hono/zod-openapi";
import { formatCount, SPONSOR_NAME_MAX } from "@inkwell/shared";
import { parseInput, userText } from "../http/validation.ts";

/** A campaign as staff set it (POST /v5/promotions); times in epoch ms. */
interface PromotionInput {
  storyId: number;
  sponsorName: string;
  startsAt: number;
  endsAt: number;
}

const STORY = "storyId is a story's number";
const SPONSOR = `sponsorName is 1 to ${formatCount(SPONSOR_NAME_MAX)} characters`;
// With its offset: a campaign starts and ends at one moment, wherever staff are.
const when = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field} is a date and time with its offset, e.g. 2027-01-01T09:00:00+01:00`,
    })
    .transform(Date.parse);

const promotionBody = z.strictObject({
  storyId: z.number({ error: STORY }).int(STORY).positive(STORY),
  sponsorName: userText(SPONSOR)
    .min(1, SPONSOR)
    .refine((name) => [...name].length <= SPONSOR_NAME_MAX, SPONSOR),
  startsAt: when("startsAt"),
  endsAt: when("endsAt"),
});

export const promotionInputFrom = (body: unknown): PromotionInput =>
  parseInput(promotionBody, body);

const endBody = z.strictObject({ endsAt: when("endsAt") });

/** PATCH /v5/promotions/{id}: the new end. */
export const promotionEndFrom = (body: unknown): number => parseInput(endBody, body).endsAt;
