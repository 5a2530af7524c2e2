import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { keep, kept } from "./tab-storage.ts";
import { cameBack } from "./use-return-place.ts";

/**
 * Whether the reader opened something that starts closed (See all, Read more, '+N more'),
 * kept in this tab's session storage under `key`. Coming Back or Forward it is open again as
 * they left it (as decision 078 does for a part's replies), and the page stays at the place
 * it was given back: the browser's scroll anchoring would otherwise move it by what opened
 * above. A page opened anew starts closed.
 */
export function useKeptOpen(key: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const place = useRef<number | null>(null);
  useEffect(() => {
    if (cameBack() && kept(key)) {
      place.current = window.scrollY;
      setOpen(true);
    } else keep(key, "");
  }, [key]);
  useLayoutEffect(() => {
    if (!open || place.current === null) return;
    window.scrollTo({ top: place.current, behavior: "instant" });
    place.current = null;
  }, [open]);
  const change = useCallback(
    (value: boolean) => {
      keep(key, value ? "open" : "");
      setOpen(value);
    },
    [key],
  );
  return [open, change];
}
