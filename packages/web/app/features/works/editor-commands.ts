import { cleanPastedHtml, plainTextAsHtml } from "@inkwell/shared";

/** The elements that are paragraphs in a part's text (see shared/part-html.ts). */
export const BLOCKS = "p, h2, h3, blockquote, div";

export type Alignment = "left" | "center" | "right";

/** The formatting at the caret, for the toolbar's pressed states. */
export interface Formats {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  block: string;
  align: Alignment;
}

export const NO_FORMATS: Formats = {
  bold: false,
  italic: false,
  underline: false,
  block: "p",
  align: "left",
};

/** The part of the selection inside the editor, if there is one. */
export function rangeIn(editor: HTMLElement): Range | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range : null;
}

function blocksIn(editor: HTMLElement, range: Range): HTMLElement[] {
  return [...editor.querySelectorAll<HTMLElement>(BLOCKS)].filter((block) =>
    range.intersectsNode(block),
  );
}

export function formatsAt(editor: HTMLElement): Formats {
  const range = rangeIn(editor);
  if (!range) return NO_FORMATS;
  const block = blocksIn(editor, range)[0];
  const align = block?.getAttribute("data-align");
  return {
    bold: document.queryCommandState("bold"),
    italic: document.queryCommandState("italic"),
    underline: document.queryCommandState("underline"),
    block: block?.tagName.toLowerCase() ?? "p",
    align: align === "center" || align === "right" ? align : "left",
  };
}

/**
 * Aligns the selected paragraphs. Kept as data-align, the form the sanitiser stores and the
 * reading page styles, rather than the inline style execCommand would write.
 */
export function alignBlocks(editor: HTMLElement, align: Alignment) {
  const range = rangeIn(editor);
  if (!range) return;
  for (const block of blocksIn(editor, range)) {
    block.style.removeProperty("text-align");
    if (block.getAttribute("style") === "") block.removeAttribute("style");
    if (align === "left") block.removeAttribute("data-align");
    else block.setAttribute("data-align", align);
  }
}

/**
 * Text typed straight into the editor (a new part, or one emptied out) goes into a paragraph
 * at once, as the reading page will show it: alignment works on paragraphs, and a bare first
 * line would run into the next one until a reload.
 */
export function keepParagraphs(editor: HTMLElement) {
  const bare = [...editor.childNodes].some(
    (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
  );
  if (bare) document.execCommand("formatBlock", false, "p");
}

/** Heading and subheading buttons switch the paragraph to that level, or back to text. */
export function toggleBlock(editor: HTMLElement, tag: "h2" | "h3") {
  const current = formatsAt(editor).block;
  document.execCommand("formatBlock", false, current === tag ? "p" : tag);
}

/** Pasted text keeps paragraphs and italics (bold, underline) and nothing else. */
export function pasteCleanly(data: DataTransfer) {
  const html = data.getData("text/html");
  const cleaned = html ? cleanPastedHtml(html) : plainTextAsHtml(data.getData("text/plain"));
  if (cleaned) document.execCommand("insertHTML", false, cleaned);
}

/** Puts back a selection saved before a dialog took the focus. */
export function restoreRange(editor: HTMLElement, range: Range | null) {
  editor.focus();
  const selection = document.getSelection();
  if (!selection) return;
  selection.removeAllRanges();
  if (range) selection.addRange(range);
  else {
    const end = document.createRange();
    end.selectNodeContents(editor);
    end.collapse(false);
    selection.addRange(end);
  }
}
