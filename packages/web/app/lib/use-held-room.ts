import { type CSSProperties, type RefObject, useEffect, useState } from "react";

/**
 * Holds a screen's room for a box whose content arrives after the page is shown (a part's
 * comments), from the server's render on, so that what follows it (the page's footer) is
 * out of sight and does not move as the content comes. A reader who scrolls into the room
 * before then finds it growing ahead of them, its end kept half a screen below the foot of
 * the screen. Once the content has come, the room goes as soon as that moves nothing in
 * sight: at once when the content runs past the foot of the screen, else when the reader
 * scrolls up to where it does.
 */
export function useHeldRoom(
  box: RefObject<HTMLElement | null>,
  arriving: boolean,
): CSSProperties | undefined {
  const [held, setHeld] = useState(true);
  // The room a reader who scrolled into it needs: to half a screen below the foot of theirs.
  const [reach, setReach] = useState(0);
  useEffect(() => {
    if (arriving) {
      setHeld(true);
      const grow = () => {
        const top = box.current?.getBoundingClientRect().top ?? 0;
        const wanted = Math.ceil(window.innerHeight * 1.5 - top);
        setReach((now) => Math.max(now, wanted));
      };
      grow();
      window.addEventListener("scroll", grow, { passive: true });
      return () => window.removeEventListener("scroll", grow);
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
  return arriving || held ? { minHeight: `max(100svh, ${reach}px)` } : undefined;
}
