import {
  COOKIE_DAYS,
  coinsSpentLabel,
  formatCoinBalance,
  WALLET_ONBOARD_COOKIE,
} from "@inkwell/shared";
import { Coins, LoaderCircle } from "lucide";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../../components/icon.tsx";
import { OnboardingTip } from "../../components/onboarding-tip.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { readCookie, writeCookie } from "../../lib/cookies.ts";
import { BuyCoinsFlow } from "./buy-coins-flow.tsx";
import { COIN_TURN_MS, useWallet } from "./wallet-store.ts";

/**
 * The header's wallet (writer-paid-contest.md §2, §4, §9): the reader's Coins, in full below
 * 10000 and abbreviated from there; as a purchase starts its coin turns over, then a
 * spinner and 'Deducting' while it runs, then what it spent ('-6 Coins for next part').
 * A header narrower than 961 px has room for a
 * number only: there the spinner stands for 'Deducting' and '-6' for what was spent.
 * It opens the Coin Shop, or the app's how-to while Coins are not sold on the web. Loaded
 * only for signed-in readers, so visitors' pages do not carry it. The first paywall a reader
 * meets has it introduce itself, once (reader.md §9 seen-wallet-onboard).
 */
export default function WalletButton({ userId }: { userId: number }) {
  const { amount, step, spent, introduce } = useWallet(userId);
  const [open, setOpen] = useState(false);
  const [tip, setTip] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (introduce && readCookie(WALLET_ONBOARD_COOKIE) !== "1") setTip(true);
  }, [introduce]);
  const seen = () => {
    setTip(false);
    writeCookie(WALLET_ONBOARD_COOKIE, "1", COOKIE_DAYS);
  };
  // The coin's turn is part of deducting in words: the status says it once.
  const status =
    step === "coin" || step === "deducting"
      ? t.coins.deductingShort
      : step === "subtracting" && spent
        ? coinsSpentLabel(spent.coins, spent.wholeStory)
        : null;
  return (
    <>
      <ScriptButton
        ref={button}
        className="wallet-button"
        aria-label={t.coins.walletLabel(amount)}
        // The full balance on hover too, where the button shows it abbreviated.
        title={t.coins.walletLabel(amount)}
        onClick={() => {
          if (tip) seen();
          setOpen(true);
        }}
      >
        {step === "deducting" ? (
          <Icon of={LoaderCircle} className="wallet-button__spinner" aria-hidden="true" size={18} />
        ) : step === "coin" ? (
          <span className="wallet-button__coin" style={{ animationDuration: `${COIN_TURN_MS}ms` }}>
            <Icon of={Coins} aria-hidden="true" size={18} />
          </span>
        ) : (
          <Icon of={Coins} aria-hidden="true" size={18} />
        )}
        {/* Shown, not read: the status below reads the step out, the label the balance. */}
        <span aria-hidden="true" className={status ? "wallet-button__short" : undefined}>
          {step === "subtracting" && spent
            ? `-${spent.coins}`
            : amount === null
              ? ""
              : formatCoinBalance(amount)}
        </span>
        {status && (
          <span aria-hidden="true" className="wallet-button__step">
            {status}
          </span>
        )}
      </ScriptButton>
      <span className="visually-hidden" role="status">
        {status}
      </span>
      {tip && (
        <OnboardingTip
          className="onboarding-tip--wallet"
          title={t.coins.walletTipTitle}
          text={t.coins.walletTipText}
          gotIt={t.coins.gotIt}
          onDismiss={() => {
            seen();
            button.current?.focus();
          }}
        />
      )}
      <BuyCoinsFlow open={open} onClose={() => setOpen(false)} />
    </>
  );
}
