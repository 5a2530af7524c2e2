import { linkify } from "@inkwell/shared";

/**
 * A comment's text: escaped, then @mentions, URLs and #tags linked (shared/text.ts), so
 * nothing the commenter wrote is ever read as HTML.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p
      className="comment__text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: linkify escapes every character it does not link
      dangerouslySetInnerHTML={{ __html: linkify(text) }}
    />
  );
}
