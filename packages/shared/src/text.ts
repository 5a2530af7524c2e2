/**
 * User-written plain text (comments, messages, descriptions): keeping it clean, and turning
 * it into safe HTML.
 */

/** Whether a text keeps its line breaks (comments, descriptions, messages) or is one line. */
export type TextLines = "one" | "many";

/**
 * Control characters other than tab and new line, the bidirectional overrides and isolates
 * that make text (a link, a title on a card) read otherwise than it is written, and lone
 * surrogates: half a character, which no engine can store (each keeps a U+FFFD instead).
 */
const UNSAFE_CHARACTERS = /(?![\t\n])\p{Cc}|[\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;

/**
 * Text a person typed, as it is kept: unsafe characters dropped (control characters draw
 * nothing, a text of only them would pass for filled in, and PostgreSQL refuses NUL), then
 * trimmed. Multi-line text keeps its tabs and new lines, every line end made \n; in
 * one-line text (titles, names) tabs and line ends become spaces, so the words stay apart.
 */
export function cleanUserText(text: string, lines: TextLines = "one"): string {
  const ends = text.replace(/\r\n?/g, "\n");
  const spaced = lines === "one" ? ends.replace(/[\t\n]/g, " ") : ends;
  return spaced.replace(UNSAFE_CHARACTERS, "").trim();
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface LinkifyOptions {
  mentions?: boolean;
  urls?: boolean;
  tags?: boolean;
}

// One pass over the text, leftmost match first, so a URL swallows any "#" or "@" in
// it and nothing is ever linked twice. Mentions and tags must not follow a word
// character, which keeps "bob@example.com" and "page#2" plain.
const TOKEN =
  /(https?:\/\/[^\s<>"']+)|(?<![\p{L}\p{N}_])@([A-Za-z0-9_]+)|(?<![\p{L}\p{N}_])#([\p{L}\p{N}_]+)/giu;

/**
 * Escaped HTML with @mentions, http(s) URLs and #tags linked; each kind can be
 * switched off, and a switched-off kind stays plain text (an unlinked URL still
 * keeps its "@" and "#" unlinked). The text is matched before it is escaped and
 * each piece escaped exactly once: matching the escaped text would read the "#39"
 * of "&#39;" as a tag and the "&amp;" of a URL as part of it.
 */
export function linkify(text: string, opts: LinkifyOptions = {}): string {
  const { mentions = true, urls = true, tags = true } = opts;
  let html = "";
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [token, url, name, tag] = match;
    html += escapeHtml(text.slice(last, match.index));
    last = match.index + token.length;
    if (url !== undefined) html += urls ? urlLink(url) : escapeHtml(url);
    else if (name !== undefined && mentions) html += mentionLink(name);
    // "#1" is a number ("we're #1"), not a tag.
    else if (tag !== undefined && tags && /\D/.test(tag)) html += tagLink(tag);
    else html += escapeHtml(token);
  }
  return html + escapeHtml(text.slice(last));
}

function urlLink(match: string): string {
  const url = withoutTrailingPunctuation(match);
  const href = escapeHtml(url);
  const link = `<a href="${href}" rel="nofollow noopener noreferrer" target="_blank">${href}</a>`;
  return link + escapeHtml(match.slice(url.length));
}

// Sentence punctuation after a URL ("see https://x.com.") is not part of it; a
// closing parenthesis is, when it balances one in the URL (Wikipedia links).
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  while (endsWithPunctuation(url.slice(0, end))) end--;
  return url.slice(0, end);
}

function endsWithPunctuation(url: string): boolean {
  if (url.endsWith(")")) return count(url, ")") > count(url, "(");
  return /[.,;:!?]$/.test(url);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function mentionLink(name: string): string {
  return `<a href="/user/${name}">@${name}</a>`;
}

function tagLink(tag: string): string {
  return `<a href="/stories/${encodeURIComponent(tag.toLowerCase())}">#${tag}</a>`;
}
