import { z } from "@hono/zod-openapi";
import {
  formatCount,
  formatZonedDate,
  nextSaleAt,
  SALE_COOLDOWN_DAYS,
  type StorySale,
  type StorySaleInput,
  saleAt,
  saleErrors,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import { formNumber } from "../http/validation.ts";

/**
 * A story's sale (decision 052), whoever sets it: staff in the paid story manager or the
 * writer in their story editor (decision 054). The range rules are the shared `saleErrors`.
 */

/** The request body's types only: its ranges are saleErrors', which the form shows too. */
export const saleBody = z.strictObject({
  percent: formNumber(z.number({ error: "percent must be a number" })),
  endsAt: z.string({ error: "endsAt must be a date and time" }),
});

/** How a sale reads in mail and admin notes: "30% off until Dec 05, 2026 11:59PM UTC". */
export const saleTerms = (sale: StorySale) =>
  `${sale.percent}% off until ${formatZonedDate(sale.endsAt, "UTC")}`;

/** The sale asked for, or a 400 naming each field out of range. */
export function checkedSale(input: StorySaleInput, now: number): StorySale {
  const fields = saleErrors(input, now);
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields).join("; "), fields);
  return { percent: input.percent, endsAt: new Date(Date.parse(input.endsAt)).toISOString() };
}

/** Only a live story in the Paid Stories programme has prices to take a percent off. */
export function assertSaleable(story: { is_paid: number; deleted: number }): void {
  if (story.is_paid !== 1 || story.deleted === 1) {
    throw new HttpError(
      409,
      "not_paid",
      "Only a story in the Paid Stories programme can go on sale.",
    );
  }
}

/**
 * No sale on. `sale_started_at` stays: when the last sale began is what holds a writer's
 * next one back (assertNewSaleAllowed), and the digest only tells of a sale still on.
 */
export const NO_SALE = { sale_percent: null, sale_ends_at: null };

interface SaleColumns {
  sale_percent: number | null;
  sale_ends_at: number | null;
  sale_started_at: number | null;
}

/** When a writer may start this story's next sale, if later than `now` (null: now). */
export function nextSaleOf(story: SaleColumns, now: number): number | null {
  const started = story.sale_started_at === null ? null : Number(story.sale_started_at);
  return nextSaleAt(started, now);
}

/**
 * A writer may start a new sale only SALE_COOLDOWN_DAYS after the last one began (decision
 * 054), or every reader with the story in their Library could be mailed each hour by ending
 * and starting it again; the sale on may be changed at any time. A 409 says when. Staff in the
 * paid story manager are not held to it.
 */
export function assertNewSaleAllowed(story: SaleColumns, now: number): void {
  const on = saleAt(
    {
      percent: story.sale_percent === null ? null : Number(story.sale_percent),
      endsAt: story.sale_ends_at === null ? null : Number(story.sale_ends_at),
    },
    now,
  );
  const next = on ? null : nextSaleOf(story, now);
  if (next === null) return;
  throw new HttpError(
    409,
    "sale_too_soon",
    `A story can go on sale once every ${formatCount(SALE_COOLDOWN_DAYS)} days: its next sale can start on ${formatZonedDate(next, "UTC")}.`,
  );
}

/**
 * Starts, changes (a sale) or ends (null) the story's sale. A sale begins at `now` unless
 * one is on, which keeps its beginning: readers are told of a sale once (alerts/gather.ts).
 * Ending one keeps when it began. Callers hold the story's lock.
 */
export const saveSale = (
  trx: Kysely<Database>,
  storyId: number,
  sale: StorySale | null,
  now: number,
) =>
  trx
    .updateTable("stories")
    .set((eb) =>
      sale
        ? {
            sale_percent: sale.percent,
            sale_ends_at: Date.parse(sale.endsAt),
            sale_started_at: eb
              .case()
              .when("sale_ends_at", ">", now)
              .then(eb.ref("sale_started_at"))
              .else(now)
              .end(),
          }
        : NO_SALE,
    )
    .where("id", "=", storyId)
    .execute();
