import { type CSSProperties, type RefObject, useEffect, useState } from "react";

/** A screen's height, the room held: what follows is below the screen while it is held. */
const ROOM: CSSProperties = { minHeight: "100svh" };

/**
 * Holds a screen's room for a box whose content arrives after the page is shown (a part's
 * comments), from the server's render on, so that what follows it (the page's footer) is
 * out of sight and does not move as the content comes. Once it has come, the room goes as
 * soon as that moves nothing in sight: at once when the content runs past the foot of the
 * screen, else when the reader scrolls up to where it does.
 */
export function useHeldRoom(
  box: RefObject<HTMLElement | null>,
  arriving: boolean,
): CSSProperties | undefined {
  const [held, setHeld] = useState(true);
  useEffect(() => {
    if (arriving) {
      setHeld(true);
      return;
    }
    const release = () => {
      const parts = [...(box.current?.children ?? [])];
      const end = Math.max(0, ...parts.map((part) => part.getBoundingClientRect().bottom));
      if (end > window.innerHeight) setHeld(false);
    };
    release();
    window.addEventListener("scroll", release, { passive: true });
    return () => window.removeEventListener("scroll", release);
  }, [box, arriving]);
  return arriving || held ? ROOM : undefined;
}
