import { cleanPastedHtml, partPlainText, plainTextAsHtml, sanitizePartHtml } from "@inkwell/shared";

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

/**
 * What a tool works on: the text's selection now, when it is in the text, else the one noted
 * when it last was (the title field or a dialog has it meanwhile). The browser notes a new
 * selection a frame after the key that made it; a tool reached within that frame still acts
 * on what is selected.
 */
export function selectionFor(editor: HTMLElement, noted: Range | null): Range | null {
  return rangeIn(editor)?.cloneRange() ?? noted;
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

/** How many characters of the editor's text come before the caret. */
function caretOffset(editor: HTMLElement): number | null {
  const range = rangeIn(editor);
  if (!range) return null;
  const before = document.createRange();
  before.selectNodeContents(editor);
  before.setEnd(range.endContainer, range.endOffset);
  return before.toString().length;
}

/** Puts the caret back after `offset` characters of the editor's text. */
function placeCaret(editor: HTMLElement, offset: number) {
  const texts = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (left <= length) {
      document.getSelection()?.collapse(node, left);
      return;
    }
    left -= length;
  }
}

/**
 * Text typed straight into the editor (a new part, one emptied out, or the line after a
 * picture, which stands on its own) goes into a paragraph at once, as the reading page will
 * show it: alignment works on paragraphs, and a bare first line would run into the next one
 * until a reload. The caret stays after the letter just typed: wrapped beside a picture, the
 * text would otherwise leave it at the paragraph's start, and the next letters go in before.
 */
export function keepParagraphs(editor: HTMLElement) {
  const bare = [...editor.childNodes].some(
    (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
  );
  if (!bare) return;
  const caret = caretOffset(editor);
  document.execCommand("formatBlock", false, "p");
  if (caret !== null) placeCaret(editor, caret);
}

/** Whether a paragraph (or a piece of one) holds anything: text or a picture. */
const hasContent = (node: Element | DocumentFragment) =>
  Boolean(node.textContent?.trim()) || node.querySelector("img") !== null;

/**
 * Enter copies the paragraph's attributes into the new one, its data-p-id too, and the
 * paragraph comments that hang on the id would follow whichever half the server met first.
 * The id stays with the paragraph's text: with the first half of a split paragraph, with
 * the text pushed down by Enter at a paragraph's start; the other block goes without one
 * and is given its own on save.
 */
export function keepParagraphIds(editor: HTMLElement) {
  const owners = new Map<string, Element>();
  for (const block of editor.querySelectorAll(BLOCKS)) {
    const id = block.getAttribute("data-p-id");
    if (!id) continue;
    const owner = owners.get(id);
    if (!owner) {
      owners.set(id, block);
    } else if (!hasContent(owner) && hasContent(block)) {
      owner.removeAttribute("data-p-id");
      owners.set(id, block);
    } else {
      block.removeAttribute("data-p-id");
    }
  }
}

/**
 * A picture added in the middle of a paragraph goes between its two halves, standing on its
 * own as at a paragraph's end, rather than inside the text (mid-word, even): the paragraph
 * is split at the caret first, which leaves the caret at the second half's start.
 */
export function splitAtCaret(editor: HTMLElement) {
  const range = rangeIn(editor);
  if (!range?.collapsed) return;
  const at = range.startContainer;
  const block = (at instanceof Element ? at : at.parentElement)?.closest(BLOCKS);
  if (!block || !editor.contains(block)) return;
  const side = (towards: "start" | "end") => {
    const part = document.createRange();
    part.selectNodeContents(block);
    if (towards === "start") part.setEnd(range.startContainer, range.startOffset);
    else part.setStart(range.startContainer, range.startOffset);
    return hasContent(part.cloneContents());
  };
  if (side("start") && side("end")) document.execCommand("insertParagraph");
}

/** Heading and subheading buttons switch the paragraph to that level, or back to text. */
export function toggleBlock(editor: HTMLElement, tag: "h2" | "h3") {
  const current = formatsAt(editor).block;
  document.execCommand("formatBlock", false, current === tag ? "p" : tag);
}

/**
 * The editor's HTML in the shape a save stores it (the same sanitiser), for what shows or
 * copies the text before the server has it. Paragraphs without an id get a local one.
 */
export function savedShape(html: string): string {
  let next = 0;
  return sanitizePartHtml(html, { newId: () => `local-${++next}` });
}

/**
 * Puts a part's text on the clipboard as HTML, which pasting into the editor reads (so
 * paragraphs, headings, pictures, bold and italics come back), and as plain text for anywhere
 * else. Browsers without ClipboardItem get the plain text only.
 */
export async function copyPartText(html: string) {
  const text = partPlainText(html);
  if (typeof ClipboardItem === "undefined") return navigator.clipboard.writeText(text);
  const blob = (value: string, type: string) => new Blob([value], { type });
  await navigator.clipboard.write([
    new ClipboardItem({
      "text/html": blob(html, "text/html"),
      "text/plain": blob(text, "text/plain"),
    }),
  ]);
}

/** Pasted text keeps paragraphs, headings, italics (bold, underline) and the site's pictures. */
export function pasteCleanly(data: DataTransfer) {
  const html = data.getData("text/html");
  const cleaned = html
    ? cleanPastedHtml(html, window.location.origin)
    : plainTextAsHtml(data.getData("text/plain"));
  if (cleaned) document.execCommand("insertHTML", false, cleaned);
}

/** Puts back a selection saved before the focus left the text, for a dialog or a tool. */
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
