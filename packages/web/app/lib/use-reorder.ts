import { type DragEvent, useState } from "react";
import { scrollMotion } from "./scroll-motion.ts";

interface ReorderOptions<T extends { id: number }> {
  items: T[];
  setItems: (items: T[]) => void;
  /** Saves the new order; false puts the old one back. */
  save: (next: T[], moved: T) => Promise<boolean>;
  /** The Move up / Move down buttons' ids are `${buttonIds}-up-${id}` and `…-down-…`. */
  buttonIds: string;
}

/**
 * Focuses the button `id` and brings it, ring and all, on screen. The moved row's button
 * usually kept focus as its neighbour was moved past it, and focus() on what already has
 * focus scrolls nothing: a few presses of Move down took it below the screen's edge.
 */
function focusInSight(id: string) {
  const button = document.getElementById(id);
  if (!button) return;
  button.focus();
  const ring = 5;
  const box = button.getBoundingClientRect();
  // The page's scroll-padding-top is the sticky header and a gap below it.
  const top = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (box.top - ring < top || box.bottom + ring > window.innerHeight) {
    button.scrollIntoView({ block: "center", behavior: scrollMotion() });
  }
}

/**
 * A list its owner reorders by dragging a row, or from the keyboard with each row's Move up
 * and Move down buttons. A move shows at once and is undone if saving it fails.
 */
export function useReorder<T extends { id: number }>(options: ReorderOptions<T>) {
  const { items, setItems, save, buttonIds } = options;
  const [dragged, setDragged] = useState<number | null>(null);
  const buttonId = (direction: "up" | "down", id: number) => `${buttonIds}-${direction}-${id}`;

  async function reorder(from: number, to: number, focus?: string) {
    const item = items[from];
    if (!item || from === to || to < 0 || to >= items.length) return;
    const next = [...items];
    next.splice(from, 1);
    next.splice(to, 0, item);
    const before = items;
    setItems(next);
    if (focus) requestAnimationFrame(() => focusInSight(focus));
    if (!(await save(next, item).catch(() => false))) setItems(before);
  }

  /**
   * Moves a row one place; focus stays on the same button, or its twin at either end, on
   * screen.
   */
  function move(index: number, by: -1 | 1) {
    const item = items[index];
    if (!item) return;
    const target = index + by;
    const edge = target === 0 || target === items.length - 1;
    const direction = by < 0 ? (edge ? "down" : "up") : edge ? "up" : "down";
    return reorder(index, target, buttonId(direction, item.id));
  }

  /** What a row needs to be dragged, and dropped on. */
  function rowProps(index: number, item: T) {
    return {
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = "move";
        setDragged(item.id);
      },
      onDragEnd: () => setDragged(null),
      onDragOver: (event: DragEvent) => event.preventDefault(),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        const from = items.findIndex((entry) => entry.id === dragged);
        setDragged(null);
        if (from >= 0) reorder(from, index);
      },
    };
  }

  return { dragged, move, buttonId, rowProps };
}
