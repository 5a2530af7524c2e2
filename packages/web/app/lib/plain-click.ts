import type { MouseEvent } from "react";

/**
 * A link's click handler that runs `action` instead of following the link on a plain
 * click, while a click meant for a new tab or window (middle button, modifier keys) still
 * navigates. Story cards use it to open the preview.
 */
export function onPlainClick(action: () => void) {
  return (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    action();
  };
}
