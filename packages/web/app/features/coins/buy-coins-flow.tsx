import { type CoinPackPurchase, PACK_CONFIRMATION_DELAY_MS } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Modal } from "../../components/modal.tsx";
import { t } from "../../i18n/index.ts";
import { loadFeatures } from "../../lib/feature-flags.ts";
import { BuyCoinsModal } from "./buy-coins-modal.tsx";
import { CoinShop } from "./coin-shop.tsx";
import { wallet } from "./wallet-store.ts";
import "../../styles/coins.css";
import { ScriptButton } from "../../components/script-button.tsx";

/** Whether the Coin Shop is open on the web: asked once per page load, on first need. */
let webPurchasing: Promise<boolean> | null = null;
function coinShopEnabled(): Promise<boolean> {
  // §8: flags that fail to load are empty flags, so the app's how-to shows.
  webPurchasing ??= loadFeatures(browserApi()).then(
    (features) => features?.WEB_COIN_PURCHASING ?? false,
  );
  return webPurchasing;
}

interface BuyCoinsFlowProps {
  open: boolean;
  onClose: () => void;
  /** What the reader is short of, when a purchase with Coins sent them here. */
  notice?: string;
}

/**
 * Getting more Coins (writer-paid-contest.md §1, §4): the Coin Shop while
 * WEB_COIN_PURCHASING is on, the app's how-to otherwise. Buying a pack closes the shop and,
 * 500 ms later, opens 'Wallet locked and loaded' with the balance before and after.
 */
export function BuyCoinsFlow({ open, onClose, notice }: BuyCoinsFlowProps) {
  const [shop, setShop] = useState<boolean | null>(null);
  const [bought, setBought] = useState<CoinPackPurchase | null>(null);

  useEffect(() => {
    if (open && shop === null) coinShopEnabled().then(setShop);
  }, [open, shop]);

  function onBought(purchase: CoinPackPurchase) {
    wallet.set(purchase.balance);
    onClose();
    setTimeout(() => setBought(purchase), PACK_CONFIRMATION_DELAY_MS);
  }

  return (
    <>
      <BuyCoinsModal open={open && shop === false} onClose={onClose} notice={notice} />
      <CoinShop
        open={open && shop === true}
        onClose={onClose}
        notice={notice}
        onBought={onBought}
      />
      <Modal open={bought !== null} title={t.coins.boughtTitle} onClose={() => setBought(null)}>
        {bought && (
          <div className="modal__form coin-shop__bought">
            <dl className="coin-shop__balances">
              <div>
                <dt>{t.coins.previousBalance}</dt>
                <dd>{t.coins.packCoins(bought.previousBalance)}</dd>
              </div>
              <div>
                <dt>{t.coins.coinsAdded}</dt>
                <dd>+{t.coins.packCoins(bought.coinsAdded)}</dd>
              </div>
              <div className="coin-shop__new-balance">
                <dt>{t.coins.newBalance}</dt>
                <dd>{t.coins.packCoins(bought.balance)}</dd>
              </div>
            </dl>
            <ScriptButton className="button button--primary" onClick={() => setBought(null)}>
              {t.coins.complete}
            </ScriptButton>
          </div>
        )}
      </Modal>
    </>
  );
}
