import { type ReactNode, useRef } from "react";
import { useRowInSight } from "../lib/use-row-in-sight.ts";

/** Link chips in one line (app.css .chip-row), scrolling sideways where the screen is narrower. */
export function ChipRow({ children }: { children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  useRowInSight(row);
  return (
    <div ref={row} className="chip-row">
      {children}
    </div>
  );
}
