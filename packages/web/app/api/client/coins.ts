import type {
  CoinPackOffer,
  CoinPackPurchase,
  PaidPartConfig,
  PaidPartConfigInput,
  PurchaseResult,
  WalletEntry,
} from "@inkwell/shared";
import { ApiRequestError, json, type Requests } from "./http.ts";

export const coinsCalls = ({ get, call }: Requests) => ({
  /** The signed-in reader's Coins (writer-paid-contest.md §7). */
  wallet: (userId: number) => get<WalletEntry[]>(`/v5/users/${userId}/wallet`),
  /** The Coin Shop's packs as this reader would buy them. */
  coinPacks: () => get<CoinPackOffer[]>("/v5/coins/packs"),
  /** Buys a Coin pack; a retry with the same requestId buys nothing more. */
  buyCoinPack: (packId: string, requestId: string) =>
    call<CoinPackPurchase>("/v5/coins/purchase", json("POST", { packId, requestId })),
  /** Unlocks one paywalled part, or the whole story, with Coins. */
  purchase: (storyId: number, what: { partId: number } | { wholeStory: true }) =>
    call<PurchaseResult>(`/v5/story/${storyId}/paid-content/purchase`, json("POST", what)),
  /** A part's paid settings; the free-parts path answers a list, one per asked part. */
  paidPartConfig: async (storyId: number, partId: number) => {
    const configs = await get<PaidPartConfig[]>(
      `/v5/bonus-content/paywall/${storyId}/free-parts?parts=${partId}`,
    );
    const [config] = configs;
    if (!config) throw new ApiRequestError(404, { message: "The part has no paid settings" });
    return config;
  },
  savePaidPart: (config: PaidPartConfigInput) =>
    call<PaidPartConfig>("/v5/bonus-content/paywall", json("POST", config)),
});
