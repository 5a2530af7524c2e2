/**
 * The HTML of a story part as writers save it: an allow-list sanitiser run on every write
 * (readers' pages render the stored HTML as is), and the paragraph ids that paragraph
 * comments hang on.
 */

/** Elements that hold a paragraph of text; each one carries a stable data-p-id. */
const BLOCKS = new Set(["p", "h2", "h3", "blockquote"]);
const INLINE = new Set(["strong", "b", "em", "i", "u"]);
/** Dropped together with everything inside them, not just their tags. */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "textarea",
  "title",
  "svg",
  "math",
  "head",
]);
/** Word processors and contenteditable write divs for paragraphs. */
const RENAMED: Record<string, string> = { div: "p" };
const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);
const PARAGRAPH_ID = /^[A-Za-z0-9_-]{1,40}$/;

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface PartHtmlOptions {
  /** A new paragraph id; called once per paragraph that has none (or a duplicate one). */
  newId: () => string;
}

/**
 * Keeps p, br, strong/b, em/i, u, h2, h3, hr, blockquote and img with an http(s) or
 * same-site src; alignment survives as data-align. Every other element is removed (its
 * text kept, except inside script, style and the like), every other attribute dropped,
 * loose text wrapped in paragraphs. Each paragraph keeps a valid data-p-id it already had;
 * a missing or repeated one (contenteditable copies attributes when a paragraph is split)
 * gets a new id, so the first paragraph keeps its comments.
 */
export function sanitizePartHtml(html: string, options: PartHtmlOptions): string {
  const out: string[] = [];
  const open: string[] = [];
  const usedIds = new Set<string>();

  const closeTo = (index: number) => {
    while (open.length > index) out.push(`</${open.pop()}>`);
  };
  const openBlock = (name: string, attributes: Record<string, string>) => {
    let id = attributes["data-p-id"];
    if (!id || !PARAGRAPH_ID.test(id) || usedIds.has(id)) {
      do id = options.newId();
      while (usedIds.has(id));
    }
    usedIds.add(id);
    const align = (attributes["data-align"] ?? alignFromStyle(attributes.style))?.toLowerCase();
    const alignAttribute = align && ALIGNMENTS.has(align) ? ` data-align="${align}"` : "";
    out.push(`<${name} data-p-id="${id}"${alignAttribute}>`);
    open.push(name);
  };
  /** Inline content needs a paragraph around it; blockquote holds paragraphs, not text. */
  const ensureParagraph = () => {
    const top = open.at(-1);
    if (top === undefined || top === "blockquote") openBlock("p", {});
  };
  const text = (raw: string) => {
    if (raw.trim() === "" && (open.length === 0 || open.at(-1) === "blockquote")) return;
    ensureParagraph();
    out.push(escapeText(raw));
  };

  for (const token of htmlTokens(html, DROPPED_WITH_CONTENT)) {
    if (token.type === "text") {
      text(token.text);
      continue;
    }
    const name = RENAMED[token.name] ?? token.name;
    if (token.type === "end") {
      const index = open.lastIndexOf(name);
      if (index >= 0) closeTo(index);
      continue;
    }
    const { attributes } = token;
    if (BLOCKS.has(name)) {
      // A paragraph never holds another block: the open one ends first, as in HTML.
      const paragraph = open.findIndex((element) => element !== "blockquote");
      if (paragraph >= 0) closeTo(paragraph);
      if (name === "blockquote") closeTo(0);
      openBlock(name, attributes);
    } else if (INLINE.has(name)) {
      ensureParagraph();
      out.push(`<${name}>`);
      open.push(name);
    } else if (name === "hr") {
      closeTo(0);
      out.push("<hr>");
    } else if (name === "br") {
      ensureParagraph();
      out.push("<br>");
    } else if (name === "img") {
      const src = safeImageSource(attributes.src);
      if (!src) continue;
      ensureParagraph();
      out.push(imageTag(src, attributes.alt ?? ""));
    }
    // Any other element: its tags go, its text stays.
  }
  closeTo(0);
  return out.join("");
}

export type HtmlToken =
  | { type: "text"; text: string }
  | { type: "start"; name: string; attributes: Record<string, string> }
  | { type: "end"; name: string };

/**
 * The text, start tags and end tags of an HTML fragment, names in lower case. Comments are
 * left out, and so is everything inside an element named in `skipContent`.
 */
export function* htmlTokens(html: string, skipContent: ReadonlySet<string>): Generator<HtmlToken> {
  let last = 0;
  for (const match of html.matchAll(TOKEN)) {
    // Tokens inside a skipped element were passed over already.
    if (match.index < last) continue;
    if (match.index > last) yield { type: "text", text: html.slice(last, match.index) };
    last = match.index + match[0].length;
    const [token, slash, rawName = "", rawAttributes = ""] = match;
    if (token.startsWith("<!--")) continue;
    const name = rawName.toLowerCase();
    if (skipContent.has(name)) {
      if (!slash) last = endOfElement(html, name, last);
      continue;
    }
    if (slash) yield { type: "end", name };
    else yield { type: "start", name, attributes: parseAttributes(rawAttributes) };
  }
  if (last < html.length) yield { type: "text", text: html.slice(last) };
}

/** The data-p-id of each paragraph of a part's HTML, in reading order: what paragraph comments hang on. */
export function paragraphIds(html: string): string[] {
  const ids: string[] = [];
  for (const token of htmlTokens(html, DROPPED_WITH_CONTENT)) {
    const id = token.type === "start" && BLOCKS.has(token.name) && token.attributes["data-p-id"];
    if (id) ids.push(id);
  }
  return ids;
}

/** The words of a part's HTML, for its word count. */
export function partWordCount(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-zA-Z#0-9]+;/g, " ")
    .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words?.length ?? 0;
}

/**
 * Whether a part has something for readers: a word, or a picture (a part may be a picture
 * alone). An empty part, or one of blank paragraphs, is not published (the empty-part-publish decision).
 */
export function partHasContent(html: string): boolean {
  if (partWordCount(html) > 0) return true;
  for (const token of htmlTokens(html, DROPPED_WITH_CONTENT)) {
    if (token.type === "start" && token.name === "img" && token.attributes.src?.trim()) return true;
  }
  return false;
}

/** Why an empty part is refused, said by the server and shown in the editor. */
export const EMPTY_PART_MESSAGE =
  "This part is empty: write something or add a picture before you publish it.";

function parseAttributes(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = "", double, single, bare] of raw.matchAll(ATTRIBUTE)) {
    attributes[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? "");
  }
  return attributes;
}

function alignFromStyle(style: string | undefined): string | undefined {
  return style?.match(/text-align\s*:\s*([a-z]+)/i)?.[1];
}

function safeImageSource(src: string | undefined): string | undefined {
  const value = src?.trim();
  if (!value) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  // Same-site paths, never protocol-relative ("//evil.example").
  if (/^\/(?!\/)[^\s]*$/.test(value)) return value;
  return undefined;
}

/** Where the content of a dropped element ends: after its closing tag, or the end. */
function endOfElement(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}\\s*>`, "i").exec(html.slice(from));
  return close ? from + close.index + close[0].length : html.length;
}

/** Text stays as written (entities included) but can never open a tag. */
export function escapeText(text: string): string {
  return text
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]{0,31};|#\d{1,7};|#x[0-9a-fA-F]{1,6};)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A picture of a part's text, as the sanitiser stores it. */
export function imageTag(src: string, alt: string): string {
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const NO_TEXT = new Set(["script", "style"]);

/**
 * A part's HTML as plain text (the story text download's no_format): one paragraph a line
 * with a blank line between, line breaks kept, pictures and rules left out, entities decoded.
 */
export function partPlainText(html: string): string {
  const paragraphs: string[] = [];
  let current = "";
  const endParagraph = () => {
    const text = current
      .replace(/[ \t]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .trim();
    if (text) paragraphs.push(text);
    current = "";
  };
  for (const token of htmlTokens(html, NO_TEXT)) {
    if (token.type === "text") current += decodeText(token.text).replace(/\s+/g, " ");
    else if (token.name === "br") current += "\n";
    else if (BLOCKS.has(token.name) || token.name === "hr") endParagraph();
  }
  endParagraph();
  return paragraphs.join("\n\n");
}

function decodeText(text: string): string {
  return decodeEntities(
    text
      .replace(/&nbsp;/g, " ")
      .replace(/&#(\d{1,7});/g, (_, code: string) => codePoint(Number(code)))
      .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => codePoint(Number.parseInt(code, 16))),
  );
}

/** A numeric entity's character; one past Unicode's range is the replacement character. */
const codePoint = (code: number) => (code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd");
