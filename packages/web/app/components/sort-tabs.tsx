import { type ReactNode, useRef } from "react";
import { useRowInSight } from "../lib/use-row-in-sight.ts";

/**
 * Link tabs over a rule (app.css .sort-tabs), the current one aria-current="page": one line,
 * scrolling sideways where the screen is narrower.
 */
export function SortTabs({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLElement>(null);
  useRowInSight(row);
  return (
    <nav ref={row} className="sort-tabs" aria-label={label}>
      {children}
    </nav>
  );
}
