/**
 * Where the money for Coin packs and Premium is taken (docs/decisions/034, 035). A checkout
 * charges the buyer and answers its own reference for the payment, or throws
 * CheckoutDeclined. `requestId` is the buyer's
 * one-time key for this purchase: a checkout must charge a key once however often it is
 * asked (payment providers take it as their idempotency key).
 */
export interface Checkout {
  /** Stored beside each purchase: which checkout took the money. */
  readonly name: string;
  charge(order: CheckoutOrder): Promise<{ reference: string }>;
}

/** A payment the checkout refused (a declined card): nothing was charged. */
export class CheckoutDeclined extends Error {}

export interface CheckoutOrder {
  userId: number;
  /** What is bought: a Coin pack's id, or a Premium plan's. */
  item: string;
  /** In US dollars, as "3.99". */
  price: string;
  requestId: string;
}

/**
 * The demo and test checkout: approves every order and takes no money. It is the default
 * outside production so that the demo's Coin Shop works end to end.
 */
export const demoCheckout: Checkout = {
  name: "demo",
  async charge(order) {
    return { reference: `demo-${order.requestId}` };
  },
};

/**
 * The checkout COIN_CHECKOUT names: `demo`, or `none` (packs cannot be bought). Unset, it is
 * `none` in production, where no payment provider is wired yet, and `demo` elsewhere.
 */
export function checkoutFromEnv(env: NodeJS.ProcessEnv = process.env): Checkout | null {
  const name = env.COIN_CHECKOUT ?? (env.NODE_ENV === "production" ? "none" : "demo");
  if (name === "demo") return demoCheckout;
  if (name === "none") return null;
  throw new Error(`COIN_CHECKOUT must be "demo" or "none", not "${name}"`);
}
