import { type ReactNode, useEffect, useRef } from "react";

/*
 * Chromium leaves a chip that Tab reaches where it is, even half past the row's edge: the
 * chip focus lands on, with its ring, is brought wholly into sight.
 */
function bringIntoSight(event: FocusEvent) {
  if (event.target instanceof Element) {
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/** Link chips in one line (app.css .chip-row), scrolling sideways where the screen is narrower. */
export function ChipRow({ children }: { children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = row.current;
    node?.addEventListener("focusin", bringIntoSight);
    return () => node?.removeEventListener("focusin", bringIntoSight);
  }, []);
  return (
    <div ref={row} className="chip-row">
      {children}
    </div>
  );
}
