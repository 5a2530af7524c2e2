import type { ReactNode } from "react";
import { t } from "../../i18n/index.ts";
import { SubscribeNow } from "./subscribe-now.tsx";

/**
 * The Premium Picks banner (reader.md §2): the offer in the spec's words and, for
 * non-subscribers, Subscribe now; `children` add the page's own ways on (the FAQ, a link).
 */
export function PicksBanner({ children }: { children?: ReactNode }) {
  return (
    <div className="picks-banner">
      <p>{t.picksBanner.banner}</p>
      <SubscribeNow />
      {children}
    </div>
  );
}
