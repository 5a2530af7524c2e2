/** Room between a field and the toast over the page's lower edge, in px. */
const GAP = 8;

/**
 * A toast floats over the page's lower edge, and focus moved by script only scrolls as far
 * as the element's own edge: a field focused low on a phone (a failed form's first problem,
 * often its consent box) would sit under the toast with its error line. The field's block
 * (label, control and error) is scrolled up until it clears the toast.
 */
export function scrollClearOfToast(element: HTMLElement) {
  const toast = document.querySelector(".toast");
  if (!toast) return;
  const block = element.closest(".field") ?? element;
  const over = block.getBoundingClientRect().bottom + GAP - toast.getBoundingClientRect().top;
  if (over > 0) window.scrollBy(0, over);
}
