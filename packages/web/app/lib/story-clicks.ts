import { storyClickSource, storyLinkId } from "@inkwell/shared";
import { useEffect } from "react";
import { beaconForm } from "./beacon.ts";

/**
 * Tells a story's writer where readers found it (§7's story click, decisions/048): every
 * followed link to a story's page, from a page that is a discovery (home, search, a tag…),
 * is sent as it is followed (a card that opens the story's preview counts as it opens). One
 * listener for the whole site, so no card or list needs to know about it.
 */
export function useStoryClickEvents(): void {
  useEffect(() => {
    function followed(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const storyId = storyLinkId(link?.getAttribute("href") ?? "");
      // A preview's More details follows the card's click, which counted already.
      if (storyId === null || link?.closest("dialog")) return;
      const source = storyClickSource(window.location.pathname, storyId);
      if (source) {
        beaconForm("/v5/events", { name: "story_click", storyId: String(storyId), source });
      }
    }
    document.addEventListener("click", followed);
    return () => document.removeEventListener("click", followed);
  }, []);
}
