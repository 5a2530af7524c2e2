import { useEffect, useSyncExternalStore } from "react";
import { browserApi } from "../../api/client.ts";

/**
 * The signed-in reader's Coins, shared by the header's wallet button, the paywall and the
 * Coin Shop, so a purchase anywhere shows everywhere at once (writer-paid-contest.md §4:
 * the balance is refreshed after a purchase). One fetch per page load.
 */
export interface WalletState {
  /** null until fetched, or when the fetch failed (§8: logged only). */
  amount: number | null;
  /**
   * §4's animation steps: the coin (the wallet's coin turns over as a purchase starts), then
   * deducting while it runs, then subtracting ('-N Coins for next part') for a moment, then
   * the balance again.
   */
  step: "default" | "coin" | "deducting" | "subtracting";
  spent: { coins: number; wholeStory: boolean } | null;
  /** A paywall is on the page: the wallet introduces itself, once (seen-wallet-onboard). */
  introduce: boolean;
}

/** How long the wallet says what a purchase spent before showing the balance again. */
const SUBTRACTING_MS = 2_000;
/**
 * How long the coin turns over (its animation takes as long). Timed here, not by the
 * animation's end: without motion (reduced motion, a hidden tab, a style that stops
 * animations) no animation ends, and the purchase would never show Deducting.
 */
export const COIN_TURN_MS = 500;

let state: WalletState = { amount: null, step: "default", spent: null, introduce: false };
let loadedFor: number | null = null;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
let coinTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function update(next: Partial<WalletState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: WalletState = { amount: null, step: "default", spent: null, introduce: false };

function load(userId: number) {
  loadedFor = userId;
  browserApi()
    .wallet(userId)
    .then((entries) => update({ amount: entries[0]?.amount ?? 0 }))
    .catch((error: unknown) => console.warn("The wallet did not load", error));
}

/** The reader's wallet, fetched on first use for this user. */
export function useWallet(userId: number | undefined): WalletState {
  useEffect(() => {
    if (userId !== undefined && loadedFor !== userId) load(userId);
  }, [userId]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

export const wallet = {
  /** A paywall is showing: the reader needs to know where their Coins are. */
  introduce() {
    if (!state.introduce) update({ introduce: true });
  },
  /** Coins were added elsewhere (Premium+'s monthly Coins): fetch the balance again. */
  reload(userId: number) {
    load(userId);
  },
  /** A new balance (a Coin pack bought). */
  set(amount: number) {
    update({ amount });
  },
  /** A purchase with Coins has started: the coin turns over first. */
  started() {
    clearTimeout(settleTimer);
    clearTimeout(coinTimer);
    update({ step: "coin", spent: null });
    // The coin has turned over: the purchase, if it still runs, is deducting.
    coinTimer = setTimeout(() => {
      if (state.step === "coin") update({ step: "deducting" });
    }, COIN_TURN_MS);
  },
  /** A purchase with Coins went through: say what it spent, then show the balance. */
  spent(balance: number, coins: number, wholeStory: boolean) {
    update({ amount: balance, step: "subtracting", spent: { coins, wholeStory } });
    settleTimer = setTimeout(() => update({ step: "default", spent: null }), SUBTRACTING_MS);
  },
  /** A purchase with Coins did not go through. */
  failed() {
    update({ step: "default", spent: null });
  },
};
