import { type RefObject, useEffect } from "react";

/**
 * Keeps --header-height the sticky header's drawn height. app.css starts it at the layout's
 * rows (--header-rows), drawn at the usual text size; larger text, or rows that wrap, make
 * the header taller, and the continue-reading strip, the scroll padding that keeps focus
 * clear of the header and the header's menus would sit under it (decision 148).
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      root.setProperty("--header-height", `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element, { box: "border-box" });
    return () => {
      observer.disconnect();
      root.removeProperty("--header-height");
    };
  }, [header]);
}
