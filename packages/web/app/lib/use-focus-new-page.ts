import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * React Router changes the page without loading one (a finished onboarding step, a question
 * answered, an unlocked part), and neither it nor the browser says so: the control pressed
 * goes away with the old page, focus falls back to the document, and a screen reader is
 * silent. When that happens, focus moves to the new page's h1 (else its main), which reads
 * out where the reader now is and starts Tab from there. A page that placed focus itself
 * (a "was deleted" notice) keeps it, and a change of query or hash alone moves nothing.
 */
export function useFocusNewPage(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (document.activeElement && document.activeElement !== document.body) return;
    const target =
      document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus();
  }, [pathname]);
}
