import { coinsSpentLabel, formatCoinBalance } from "@inkwell/shared";
import { Coins, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { t } from "../../i18n/index.ts";
import { BuyCoinsFlow } from "./buy-coins-flow.tsx";
import { useWallet } from "./wallet-store.ts";

/**
 * The header's wallet (writer-paid-contest.md §2, §4, §9): the reader's Coins, in full below
 * 10000 and abbreviated from there; a spinner and 'Deducting' while a purchase runs, then
 * what it spent ('-6 Coins for next part', read out; '-6' shown).
 * It opens the Coin Shop, or the app's how-to while Coins are not sold on the web. Loaded
 * only for signed-in readers, so visitors' pages do not carry it.
 */
export default function WalletButton({ userId }: { userId: number }) {
  const { amount, step, spent } = useWallet(userId);
  const [open, setOpen] = useState(false);
  const status =
    step === "deducting"
      ? t.coins.deductingShort
      : step === "subtracting" && spent
        ? coinsSpentLabel(spent.coins, spent.wholeStory)
        : null;
  return (
    <>
      <button
        type="button"
        className="wallet-button"
        aria-label={t.coins.walletLabel(amount)}
        onClick={() => setOpen(true)}
      >
        {step === "deducting" ? (
          <LoaderCircle className="wallet-button__spinner" aria-hidden="true" size={18} />
        ) : (
          <Coins aria-hidden="true" size={18} />
        )}
        {/* The header has room for a number only: the full step is the status below. */}
        <span aria-hidden="true">
          {step === "subtracting" && spent
            ? `-${spent.coins}`
            : amount === null
              ? ""
              : formatCoinBalance(amount)}
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <BuyCoinsFlow open={open} onClose={() => setOpen(false)} />
    </>
  );
}
