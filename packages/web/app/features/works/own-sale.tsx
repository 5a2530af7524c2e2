import { formatZonedDate, SALE_COOLDOWN_DAYS, type StorySale } from "@inkwell/shared";
import { ChevronDown } from "lucide";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Icon } from "../../components/icon.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import { SaleSettings } from "../paid-programme/sale-settings.tsx";

/**
 * A paid story's sale in its writer's editor (decision 054): folded under one line that says
 * what is on, so the parts stay near the top, and opened to start, change or end it. With no
 * sale on, it says when the next may start if that is still ahead (the server refuses sooner).
 */
export function OwnSale({
  storyId,
  sale: initial,
  nextSaleAt: initialNext,
}: {
  storyId: number;
  sale: StorySale | null;
  nextSaleAt: string | null;
}) {
  const [sale, setSale] = useState(initial);
  const [nextSaleAt, setNextSaleAt] = useState(initialNext);
  const timeZone = useTimeZone();
  return (
    <details className="own-sale">
      <summary>
        <span className="own-sale__title">{t.works.sale}</span>
        <span className="own-sale__state">
          {sale ? t.works.saleOn(sale.percent) : t.works.saleOff}
        </span>
        <Icon of={ChevronDown} aria-hidden="true" size={20} className="own-sale__chevron" />
      </summary>
      {!sale && nextSaleAt && (
        <p className="own-sale__next">
          {t.works.saleNext(formatZonedDate(nextSaleAt, timeZone), SALE_COOLDOWN_DAYS)}
        </p>
      )}
      <SaleSettings
        sale={sale}
        save={(input) => browserApi().setOwnSale(storyId, input)}
        end={() => browserApi().endOwnSale(storyId)}
        onSaved={(answer) => {
          setSale(answer.sale);
          setNextSaleAt(answer.nextSaleAt);
        }}
      />
    </details>
  );
}
