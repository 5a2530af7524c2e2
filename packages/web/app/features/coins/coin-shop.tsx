import {
  type CoinPackOffer,
  type CoinPackPurchase,
  premiumCoinsGain,
  premiumExtra,
} from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine, LoadingStatus } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { usePurchaseKey } from "../../lib/purchase-key.ts";

interface CoinShopProps {
  open: boolean;
  onClose: () => void;
  /** Why the shop opened, when the paywall sent the reader here short of Coins. */
  notice?: string;
  onBought: (purchase: CoinPackPurchase) => void;
}

/**
 * The Coin Shop (writer-paid-contest.md §2, §6): the four packs with their illustration
 * and price, 'Most Popular' on the featured one, and for readers without Premium what
 * Premium would add. Each pack is a button that buys it at once; a retry after a lost
 * answer sends the same key, so it cannot buy twice.
 */
export function CoinShop({ open, onClose, notice, onBought }: CoinShopProps) {
  const [packs, setPacks] = useState<CoinPackOffer[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const purchaseKey = usePurchaseKey();

  useEffect(() => {
    if (!open || packs !== null || loadFailed) return;
    browserApi()
      .coinPacks()
      .then(setPacks, () => setLoadFailed(true));
  }, [open, packs, loadFailed]);

  async function buy(pack: CoinPackOffer) {
    setBuying(pack.id);
    setError(null);
    const result = await browserApi()
      .buyCoinPack(pack.id, purchaseKey.keyFor(pack.id))
      .catch(() => null);
    setBuying(null);
    if (result) purchaseKey.answered();
    if (result?.ok) onBought(result.value);
    else setError(result?.refusal.message ?? t.coins.failed);
  }

  // A Premium member's packs name no Premium extra, and they get no upsell (§6).
  const upsell = packs?.some((pack) => premiumExtra(pack) !== null) ? premiumCoinsGain() : null;
  return (
    <Modal open={open} title={t.coins.coinShop} onClose={onClose} className="coin-shop">
      <div className="modal__form">
        {notice && <p className="coins-howto__notice">{notice}</p>}
        <p className="coin-shop__lead">{t.coins.selectPack}</p>
        {upsell !== null && (
          <p className="coin-shop__upsell">
            {t.coins.premiumUpsell(upsell)} <a href="/premium">{t.coins.seePremium}</a>
          </p>
        )}
        <LoadingStatus
          loading={packs === null && !loadFailed && t.coins.loadingPacks}
          failure={loadFailed && t.coins.packsFailed}
        />
        {loadFailed && (
          <ScriptButton className="button" onClick={() => setLoadFailed(false)}>
            {t.coins.retry}
          </ScriptButton>
        )}
        {packs && (
          <ul className="coin-shop__packs" aria-label={t.coins.packsLabel}>
            {packs.map((pack) => {
              const extra = premiumExtra(pack);
              return (
                <li key={pack.id}>
                  <BusyButton
                    className={pack.featured ? "coin-pack coin-pack--featured" : "coin-pack"}
                    busy={buying !== null}
                    onClick={() => buy(pack)}
                  >
                    {pack.featured && (
                      <span className="coin-pack__badge">{t.coins.mostPopular}</span>
                    )}
                    <img
                      className="coin-pack__art"
                      src={pack.illustration_url}
                      alt=""
                      width="72"
                      height="72"
                    />
                    <span className="coin-pack__coins">{t.coins.packCoins(pack.value)}</span>
                    {extra !== null && extra > 0 && (
                      <span className="coin-pack__extra">{t.coins.withPremium(extra)}</span>
                    )}
                    <span className="coin-pack__price">
                      {buying === pack.id ? t.coins.buying : t.coins.packPrice(pack.price)}
                    </span>
                  </BusyButton>
                </li>
              );
            })}
          </ul>
        )}
        <ErrorLine text={error} />
        <p className="coin-shop__taxes">{t.coins.taxes}</p>
      </div>
    </Modal>
  );
}
