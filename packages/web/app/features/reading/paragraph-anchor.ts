/** The paragraph at the top of the window, and where it was, to keep it there as text reflows. */
export interface ParagraphAnchor {
  paragraph: Element;
  /** Its top and height in the window, as last measured. */
  top: number;
  height: number;
}

/**
 * The first of the text's paragraphs (its children, headings and pictures among them) still
 * showing at the window's top, or null when none is. A binary search: they run down the page
 * in order, and a long part has hundreds, measured on every scroll.
 */
export function anchorIn(text: HTMLElement): ParagraphAnchor | null {
  const paragraphs = text.children;
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((paragraphs[middle]?.getBoundingClientRect().bottom ?? 0) > 0) high = middle;
    else low = middle + 1;
  }
  const paragraph = paragraphs[low];
  if (!paragraph) return null;
  const { top, height } = paragraph.getBoundingClientRect();
  return { paragraph, top, height };
}

/**
 * Scrolls so the anchor's paragraph is where it was: its top, or for one already partly
 * scrolled past, the same share of it above the window's top, so the line being read stays.
 */
export function restoreAnchor({ paragraph, top, height }: ParagraphAnchor): void {
  const now = paragraph.getBoundingClientRect();
  const wanted = top >= 0 || height === 0 ? top : (top * now.height) / height;
  window.scrollBy({ top: now.top - wanted, behavior: "instant" });
}
