import {
  formatZonedDate,
  type Paywall as PaywallData,
  type PaywallEventName,
  type PaywallSale,
  type UserSummary,
} from "@inkwell/shared";
import { Lock } from "lucide";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { browserApi } from "../../api/client.ts";
import { Avatar } from "../../components/avatar.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { Icon } from "../../components/icon.tsx";
import { Toast } from "../../components/toast.tsx";
import { t } from "../../i18n/index.ts";
import { beaconForm } from "../../lib/beacon.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import { SubscribeNow } from "../premium-picks/subscribe-now.tsx";
import { useWallet, wallet } from "./wallet-store.ts";
import "../../styles/coins.css";

// Only a reader short of Coins opens it: the Coin Shop, its packs and the app's how-to load
// then, not with every locked part.
const BuyCoinsFlow = lazy(() =>
  import("./buy-coins-flow.tsx").then((module) => ({ default: module.BuyCoinsFlow })),
);

/** What the reader goes on to after a purchase: the part page thanks them (UnlockedThanks). */
export interface UnlockedState {
  unlocked: { spent: number; wholeStory: boolean };
}

interface PaywallProps {
  storyId: number;
  storyTitle: string;
  partId: number;
  bonusTypeName: string | null;
  paywall: PaywallData;
  author: Pick<UserSummary, "name" | "avatar">;
}

type Purchase = "part" | "story";

/** Tells the writer's analytics what happened here (decisions/048); nobody waits for it. */
const tell = (name: PaywallEventName, partId: number) =>
  beaconForm("/v5/events", { name, partId: String(partId) });

/** The story's sale on the paywall (decision 052): how much off, until when, and the usual prices. */
function SaleNotice({ sale }: { sale: PaywallSale }) {
  const timeZone = useTimeZone();
  return (
    <p className="paywall__sale">
      <span className="badge badge--sale">{t.story.saleBadge(sale.percent)}</span>{" "}
      {t.coins.saleUntil(formatZonedDate(sale.endsAt, timeZone))}{" "}
      {t.coins.usualPrices(sale.listPrice, sale.storyListPrice)}
    </p>
  );
}

/**
 * In place of a locked part's text (writer-paid-contest.md §2, §4): why it is locked, the
 * author, and the two ways to unlock it; the whole story asks for confirmation first. A
 * reader short of Coins gets more (the Coin Shop, or the app's how-to); on success the page
 * reloads the part, now readable. Visitors are asked to log in. All but Premium members are
 * offered Subscribe now too (reader.md §6).
 */
export function Paywall({
  storyId,
  storyTitle,
  partId,
  bonusTypeName,
  paywall,
  author,
}: PaywallProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const headingId = useId();
  const balance = useWallet(user?.id).amount;
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) wallet.introduce();
  }, [signedIn]);
  useEffect(() => {
    tell("paywall_view", partId);
  }, [partId]);
  const [buying, setBuying] = useState<Purchase | null>(null);
  /** Bought: the part is on its way, and the paywall must not offer it for sale again. */
  const [opening, setOpening] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** Why the buy-coins how-to is open: what the reader is short of. */
  const [shortfall, setShortfall] = useState<string | null>(null);
  // Mounted on first need and kept, as every Modal is: its confirmation outlives the shop.
  const [shopOpened, setShopOpened] = useState(false);
  if (shortfall !== null && !shopOpened) setShopOpened(true);
  const [error, setError] = useState<string | null>(null);

  async function buy(what: Purchase) {
    setConfirming(false);
    const price = what === "part" ? paywall.price : paywall.storyPrice;
    if (balance !== null && balance < price) {
      tell("purchase_failed", partId);
      setShortfall(t.coins.notEnough(price, balance));
      return;
    }
    setBuying(what);
    setError(null);
    wallet.started();
    const result = await browserApi()
      .purchase(storyId, what === "part" ? { partId } : { wholeStory: true })
      .catch(() => null);
    if (result?.ok) {
      // The buttons stay off until the unlocked part replaces the paywall.
      setOpening(true);
      wallet.spent(result.value.balance, result.value.amountSpent, what === "story");
      const state: UnlockedState = {
        unlocked: { spent: result.value.amountSpent, wholeStory: what === "story" },
      };
      navigate(`/${result.value.partId}`, { replace: result.value.partId === partId, state });
      return;
    }
    setBuying(null);
    wallet.failed();
    tell("purchase_failed", partId);
    if (result?.refusal.code === "insufficient_coins") {
      setShortfall(result.refusal.message ?? t.coins.notEnough(price, balance ?? 0));
    } else {
      setError(result?.refusal.message ?? t.coins.failed);
    }
  }

  const nextUrl = new URLSearchParams({ nextUrl: `/${partId}` }).toString();
  const pending = opening ? t.coins.opening : t.coins.deducting;
  return (
    <section className="paywall" aria-labelledby={headingId}>
      <span className="paywall__icon">
        <Icon of={Lock} aria-hidden="true" size={28} />
      </span>
      <h2 id={headingId} className="paywall__heading">
        {bonusTypeName ? t.coins.bonusHeading(bonusTypeName) : t.coins.paywallHeading}
      </h2>
      <p className="paywall__message">{paywall.blockedMessage}</p>
      {paywall.chapterDescription && (
        <p className="paywall__chapter">{paywall.chapterDescription}</p>
      )}
      <div className="paywall__author">
        <Avatar src={author.avatar} name={author.name} size={42} />
        {/* A bonus part's note to its readers says more than the writer's profile. */}
        {paywall.authorNote ? (
          <div>
            <p className="paywall__author-name">{t.coins.noteFrom(author.name)}</p>
            <p className="paywall__author-description">{paywall.authorNote}</p>
          </div>
        ) : (
          <div>
            <p className="paywall__author-name">{t.coins.aboutAuthor(author.name)}</p>
            {paywall.authorDescription && (
              <p className="paywall__author-description">{paywall.authorDescription}</p>
            )}
          </div>
        )}
      </div>
      {paywall.sale && <SaleNotice sale={paywall.sale} />}
      {user ? (
        <div className="paywall__actions">
          <BusyButton
            className="button button--primary button--large"
            busy={buying !== null}
            onClick={() => buy("part")}
          >
            {buying === "part" ? pending : t.coins.unlockPart(paywall.price)}
          </BusyButton>
          {paywall.storyPrice > 0 && (
            <BusyButton
              className="button button--large"
              busy={buying !== null}
              onClick={() => setConfirming(true)}
            >
              {buying === "story" ? pending : t.coins.unlockStory(paywall.storyPrice)}
            </BusyButton>
          )}
          {/* What the Coins buttons spend from, before the offer that needs none. */}
          {balance !== null && <p className="paywall__balance">{t.coins.balance(balance)}</p>}
          <SubscribeNow className="button button--large" />
        </div>
      ) : (
        <div className="paywall__actions">
          <a className="button button--primary button--large" href={`/login?${nextUrl}`}>
            {t.coins.logInToUnlock}
          </a>
          <p className="paywall__costs">{t.coins.costs(paywall.price, paywall.storyPrice)}</p>
          <SubscribeNow className="button button--large" />
        </div>
      )}

      <ConfirmModal
        open={confirming}
        title={t.coins.confirmStoryTitle}
        text={t.coins.confirmStoryText(storyTitle, paywall.storyPrice)}
        cancelLabel={t.coins.cancel}
        confirmLabel={t.coins.unlockPart(paywall.storyPrice)}
        onCancel={() => {
          setConfirming(false);
          tell("purchase_cancelled", partId);
        }}
        onConfirm={() => buy("story")}
      />
      {shopOpened && (
        <Suspense fallback={null}>
          <BuyCoinsFlow
            open={shortfall !== null}
            onClose={() => setShortfall(null)}
            notice={shortfall ?? undefined}
          />
        </Suspense>
      )}
      <Toast message={error} onDismiss={() => setError(null)} />
    </section>
  );
}
