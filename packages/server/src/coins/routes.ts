import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ID_DIGITS } from "@inkwell/shared";
import { coinPackPurchaseSchema, paidPartSchema, purchaseSchema } from "@inkwell/shared/schemas";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, json, objectJson } from "../http/openapi.ts";
import type { AccountLimiters } from "../http/rate-limit.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { idParam, validationHook } from "../http/validation.ts";
import type { Checkout } from "./checkout.ts";
import { paidPartConfigs, savePaidPart } from "./paid-parts.ts";
import { coinPacksFor, paidContentMetadata, purchase, purchasePack, walletFor } from "./service.ts";

const walletRoute = createRoute({
  method: "get",
  path: "/v5/users/{id}/wallet",
  summary: "A reader's Coins, as [{id: 'coins', amount}] (their own; staff may see anyone's)",
  request: { params: z.object({ id: idParam("id") }) },
  responses: {
    200: { description: "[{id, amount}]", ...json(z.array(z.object({}).passthrough())) },
    400: { description: "Malformed id", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: { description: "Another reader's wallet", ...errorJson },
  },
});

const partIdList = z
  .string({ error: "parts must be part ids separated by commas" })
  .regex(
    new RegExp(`^${ID_DIGITS}(,${ID_DIGITS}){0,199}$`),
    "parts must be part ids separated by commas",
  );

const partIdsQuery = partIdList
  .optional()
  .openapi({ description: "Comma-separated part ids (default: every part)", example: "12,13" });

const metadataRoute = createRoute({
  method: "get",
  path: "/v5/story/{id}/paid-content/metadata",
  summary:
    "What is paywalled in a story and what this reader may read: {story, parts, has_full_access}",
  request: { params: z.object({ id: idParam("id") }), query: z.object({ parts: partIdsQuery }) },
  responses: {
    200: { description: "{story, parts, has_full_access}", ...objectJson },
    400: { description: "Malformed id or parts", ...errorJson },
    403: { description: "A mature story hidden from this reader", ...errorJson },
    404: { description: "No such story, or not readable", ...errorJson },
  },
});

const purchaseRoute = createRoute({
  method: "post",
  path: "/v5/story/{id}/paid-content/purchase",
  summary:
    "Unlock a paywalled part ({partId}) or the whole story ({wholeStory: true}) with Coins: {amountSpent, balance, partId}",
  request: {
    params: z.object({ id: idParam("id") }),
    body: { required: true, content: { "application/json": { schema: purchaseSchema } } },
  },
  responses: {
    200: {
      description: "{amountSpent, balance, partId}; 0 spent when already unlocked",
      ...objectJson,
    },
    400: { description: "Malformed id or body", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    402: { description: "Not enough Coins (code insufficient_coins); nothing spent", ...errorJson },
    404: { description: "No such story or part, or not readable", ...errorJson },
    409: { description: "The part is free (not_paid), or nothing is locked", ...errorJson },
  },
});

const packsRoute = createRoute({
  method: "get",
  path: "/v5/coins/packs",
  summary:
    "The Coin Shop's packs as this reader would buy them: [{id, value, premium_value or non_premium_value, price, illustration_url, featured}]",
  responses: {
    200: {
      description: "Four packs; a Premium member's are the premium bonus packs",
      ...json(z.array(z.object({}).passthrough())),
    },
  },
});

const packPurchaseRoute = createRoute({
  method: "post",
  path: "/v5/coins/purchase",
  summary:
    "Buy a Coin pack ({packId, requestId}): {packId, coinsAdded, previousBalance, balance}; the same requestId buys once",
  request: {
    body: { required: true, content: { "application/json": { schema: coinPackPurchaseSchema } } },
  },
  responses: {
    200: { description: "{packId, coinsAdded, previousBalance, balance}", ...objectJson },
    400: { description: "No such pack, or a requestId that is not a UUID", ...errorJson },
    401: { description: "Not signed in", ...errorJson },
    403: {
      description: "WEB_COIN_PURCHASING is off (code coin_purchasing_off)",
      ...errorJson,
    },
    429: { description: "Too many purchases in a minute", ...errorJson },
    503: { description: "No checkout is set up (code checkout_unavailable)", ...errorJson },
  },
});

/** Only the story's author, for a story in the Paid Stories programme (§6). */
const authorOnly = {
  401: { description: "Not signed in", ...errorJson },
  403: {
    description: "Not the story's author, or a story outside the Paid Stories programme",
    ...errorJson,
  },
  404: { description: "No such story, or no such part in it", ...errorJson },
};

const paidPartsRoute = createRoute({
  method: "get",
  path: "/v5/bonus-content/paywall/{storyId}/free-parts",
  summary:
    "The paid settings of a story's parts, one per asked part in order: [{story_id, part_id, author_id, paid_model, bonus_type, is_free_part, chapter_description, author_note}]",
  request: {
    params: z.object({ storyId: idParam("storyId") }),
    query: z.object({
      parts: partIdList.openapi({ description: "Comma-separated part ids", example: "12,13" }),
    }),
  },
  responses: {
    200: {
      description: "One configuration per asked part",
      ...json(z.array(z.object({}).passthrough())),
    },
    400: { description: "Malformed storyId or parts", ...errorJson },
    ...authorOnly,
  },
});

const savePaidPartRoute = createRoute({
  method: "post",
  path: "/v5/bonus-content/paywall",
  summary:
    "Make a part a paid bonus part (is_free_part false: an Exclusive Chapter, bonus_type 0, or a Writer Reveal, 2) or free again (is_free_part true); answers the saved configuration",
  request: {
    body: { required: true, content: { "application/json": { schema: paidPartSchema } } },
  },
  responses: {
    200: { description: "The part's configuration as saved", ...objectJson },
    400: {
      description: "Bad input: a type not offered, a missing or too long text; nothing saved",
      ...errorJson,
    },
    ...authorOnly,
  },
});

/** Coins, the Coin Shop and paid parts (writer-paid-contest.md §3, §4, §7; docs/decisions/030, 034). */
export function coinRoutes(limits: AccountLimiters, checkout: Checkout | null) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(packsRoute, async (c) => c.json(coinPacksFor(c.get("viewer")), 200));
  app.openapi(packPurchaseRoute, async (c) => {
    const viewer = requireViewer(c);
    await limits.purchase.hit([`purchase:${viewer.id}`]);
    const result = await purchasePack(c.get("db"), checkout, viewer, c.req.valid("json"));
    return c.json(result, 200);
  });
  app.openapi(walletRoute, async (c) => {
    const wallet = await walletFor(c.get("db"), requireViewer(c), c.req.valid("param").id);
    return c.json(wallet, 200);
  });
  app.openapi(metadataRoute, async (c) => {
    const parts = c.req.valid("query").parts?.split(",").map(Number);
    const answer = await paidContentMetadata(
      c.get("db"),
      c.get("viewer"),
      c.req.valid("param").id,
      parts,
    );
    return c.json(answer, 200);
  });
  app.openapi(purchaseRoute, async (c) => {
    const viewer = requireViewer(c);
    // The schema admits exactly one of partId and wholeStory: no partId is the whole story.
    const { partId } = c.req.valid("json");
    const result = await purchase(c.get("db"), viewer, c.req.valid("param").id, partId);
    return c.json(result, 200);
  });
  app.openapi(paidPartsRoute, async (c) => {
    const viewer = requireViewer(c);
    const parts = c.req.valid("query").parts.split(",").map(Number);
    const configs = await paidPartConfigs(c.get("db"), viewer, c.req.valid("param").storyId, parts);
    return c.json(configs, 200);
  });
  app.openapi(savePaidPartRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await savePaidPart(c.get("db"), viewer, c.req.valid("json")), 200);
  });
  return app;
}
