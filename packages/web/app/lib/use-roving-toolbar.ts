import { type KeyboardEvent, type SyntheticEvent, useState } from "react";

/** Where each key takes focus among `count` tools from the one at `at`. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * Where an arrow, Home or End key pressed without modifiers takes focus in a row of
 * `count` controls (a toolbar's tools, a tab list's tabs), from the one at `at`.
 */
export function rovingMove(event: KeyboardEvent<HTMLElement>) {
  const move = MOVES[event.key];
  return !move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey ? null : move;
}

const toolsOf = (toolbar: HTMLElement) => [...toolbar.querySelectorAll("button")];

/**
 * A toolbar as one Tab stop (the WAI-ARIA toolbar pattern): Tab enters on the tool last used
 * (the first one to start with) and leaves on the next Tab; Left and Right move between the
 * enabled tools, wrapping, Home and End go to the first and last. Spread `toolbar` on the
 * element with role="toolbar" and give each tool `tabIndex={tabIndexOf(index)}`, in the
 * toolbar's order.
 */
export function useRovingToolbar() {
  const [current, setCurrent] = useState(0);
  // A tool clicked with the mouse keeps focus in the text, yet it is the one last used.
  const remember = (event: SyntheticEvent<HTMLElement>) => {
    const target = event.target as Node;
    const at = toolsOf(event.currentTarget).findIndex((tool) => tool.contains(target));
    if (at >= 0) setCurrent(at);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = rovingMove(event);
    if (!move) return;
    const enabled = toolsOf(event.currentTarget).filter((tool) => !tool.disabled);
    if (enabled.length === 0) return;
    event.preventDefault();
    const target = event.target as Node;
    const at = enabled.findIndex((tool) => tool.contains(target));
    enabled[move(Math.max(at, 0), enabled.length)]?.focus();
  };
  return {
    toolbar: { onKeyDown, onFocus: remember, onClick: remember },
    tabIndexOf: (index: number) => (index === current ? 0 : -1),
  };
}
