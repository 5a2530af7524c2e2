/**
 * What the part editor keeps of HTML pasted from a word processor (Word, Google Docs,
 * LibreOffice, web pages): paragraphs, line breaks, and italic, bold and underlined text,
 * whichever way the source wrote them (tags or inline styles); headings at the editor's two
 * levels (h2, h3), and the site's own pictures, so a part copied from the editor or its
 * reading page pastes back whole. Fonts, sizes, colours, classes, Word's XML, other sites'
 * pictures and empty paragraphs are dropped. The result is then saved through
 * sanitizePartHtml like any other text.
 */
import { escapeText, htmlTokens, imageTag } from "./part-html.ts";

type Mark = "em" | "strong" | "u";
const MARKS: readonly Mark[] = ["strong", "em", "u"];

/** Elements that end one paragraph and start another. */
const BLOCKS = new Set([
  "p",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "blockquote",
  "pre",
  "tr",
  "dt",
  "dd",
  "section",
  "article",
]);
/** Never open, so they never need closing. */
const VOID = new Set(["br", "hr", "img", "meta", "link", "input", "col", "wbr", "area"]);
const SKIPPED = new Set(["style", "script", "head", "title", "xml", "template", "svg", "math"]);
/** The editor's heading levels; other levels come as paragraphs. */
const HEADINGS = new Set(["h2", "h3"]);

/**
 * A picture's src as the site stores it (a path), when it is the site's own: pictures of
 * other sites were never checked by its moderation. The browser may have made a path into
 * an address of `origin` on the way through the clipboard.
 */
function ownPicture(src: string | undefined, origin: string): string | undefined {
  const value = src?.trim() ?? "";
  const path = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  return /^\/(?!\/)\S*$/.test(path) ? path : undefined;
}

function style(attributes: Record<string, string>, property: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, "i").exec(
    attributes.style ?? "",
  );
  return match?.[1]?.trim().toLowerCase();
}

/** What an element says about each mark: on, off (Google Docs' normal-weight <b>), or nothing. */
function marksOf(name: string, attributes: Record<string, string>): Partial<Record<Mark, boolean>> {
  const marks: Partial<Record<Mark, boolean>> = {};
  if (name === "i" || name === "em") marks.em = true;
  if (name === "b" || name === "strong") marks.strong = true;
  if (name === "u") marks.u = true;
  const fontStyle = style(attributes, "font-style");
  if (fontStyle) marks.em = fontStyle === "italic" || fontStyle === "oblique";
  const weight = style(attributes, "font-weight");
  if (weight) marks.strong = weight === "bold" || weight === "bolder" || Number(weight) >= 600;
  const decoration =
    style(attributes, "text-decoration") ?? style(attributes, "text-decoration-line");
  if (decoration) marks.u = decoration.includes("underline");
  return marks;
}

interface Run {
  text: string;
  marks: Set<Mark>;
}

function runHtml(run: Run): string {
  const on = MARKS.filter((mark) => run.marks.has(mark));
  return `${on.map((mark) => `<${mark}>`).join("")}${run.text}${on
    .toReversed()
    .map((mark) => `</${mark}>`)
    .join("")}`;
}

const sameMarks = (a: Set<Mark>, b: Set<Mark>) =>
  a.size === b.size && [...a].every((mark) => b.has(mark));

/**
 * Cleans HTML pasted into a page at `origin`. Several paragraphs come back as <p> (or
 * heading) elements; a single paragraph comes back without, so it joins the paragraph it is
 * pasted into.
 */
export function cleanPastedHtml(html: string, origin: string): string {
  const paragraphs: { tag: string; content: string }[] = [];
  const stack: { name: string; marks: Partial<Record<Mark, boolean>> }[] = [];
  let runs: Run[] = [];
  let tag = "p";

  const currentMarks = () => {
    const marks = new Set<Mark>();
    for (const mark of MARKS) {
      // The innermost element that says anything about a mark decides it.
      const decided = stack.findLast((entry) => entry.marks[mark] !== undefined);
      if (decided?.marks[mark]) marks.add(mark);
    }
    return marks;
  };
  const add = (text: string, marks: Set<Mark>) => {
    const previous = runs.at(-1);
    if (previous && sameMarks(previous.marks, marks)) previous.text += text;
    else runs.push({ text, marks });
  };
  const endParagraph = () => {
    const content = runs
      .map((run) => ({ ...run, text: run.text.replace(/\s+/g, " ") }))
      .map(runHtml)
      .join("")
      .replace(/^(?:\s|&nbsp;|<br>)+|(?:\s|&nbsp;|<br>)+$/g, "");
    const empty = !content.includes("<img ") && content.replace(/<[^>]*>|&nbsp;|\s/g, "") === "";
    if (!empty) paragraphs.push({ tag, content });
    runs = [];
  };

  // Comments first (Word hides XML in them), then what is not one: Word's downlevel
  // conditionals (<![if !supportLists]>) and doctypes.
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(/<![^>]*>/g, "");
  for (const token of htmlTokens(source, SKIPPED)) {
    if (token.type === "text") {
      add(escapeText(token.text), currentMarks());
    } else if (token.type === "start") {
      const name = token.name;
      if (BLOCKS.has(name)) {
        endParagraph();
        tag = HEADINGS.has(name) ? name : "p";
      }
      const picture = name === "img" && ownPicture(token.attributes.src, origin);
      if (name === "br") add("<br>", new Set());
      else if (picture) add(imageTag(picture, token.attributes.alt ?? ""), new Set());
      else if (!VOID.has(name)) stack.push({ name, marks: marksOf(name, token.attributes) });
    } else {
      const index = stack.findLastIndex((entry) => entry.name === token.name);
      if (index >= 0) stack.length = index;
      if (BLOCKS.has(token.name)) {
        endParagraph();
        tag = "p";
      }
    }
  }
  endParagraph();
  const [only] = paragraphs;
  if (paragraphs.length === 1 && only?.tag === "p") return only.content;
  return paragraphs.map((block) => `<${block.tag}>${block.content}</${block.tag}>`).join("");
}

/** Plain text pasted: one paragraph per line (a single line joins the paragraph it lands in). */
export function plainTextAsHtml(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
  if (lines.length <= 1) return lines[0] ?? "";
  return lines.map((line) => `<p>${line}</p>`).join("");
}
