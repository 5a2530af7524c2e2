import { linkify } from "@inkwell/shared";
import { useId } from "react";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useKeptOpen } from "../../lib/use-kept-open.ts";

/** Below this many characters a description fits a phone screen and needs no toggle. */
const LONG_DESCRIPTION = 240;

/**
 * The story's description, its @mentions, URLs and #tags linked (reader.md §5). On a phone a long one is cut to a few lines with Read more /
 * Read less; wider screens always show it whole (the toggle is hidden there by CSS). Read more
 * is kept for Back, so the page below it is where the reader left it.
 */
export function ExpandableDescription({ storyId, text }: { storyId: number; text: string }) {
  const [expanded, setExpanded] = useKeptOpen(`inkwell.story.${storyId}.description`);
  const id = useId();
  const long = text.length > LONG_DESCRIPTION;
  return (
    <div className="description">
      <div
        id={id}
        className={
          long && !expanded ? "description__text description__text--clamped" : "description__text"
        }
      >
        {text.split(/\n+/).map((paragraph, index) => (
          <p
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split once
            key={index}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: linkify escapes every character it does not link
            dangerouslySetInnerHTML={{ __html: linkify(paragraph) }}
          />
        ))}
      </div>
      {long && (
        <ScriptButton
          className="link-button description__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t.story.readLess : t.story.readMore}
        </ScriptButton>
      )}
    </div>
  );
}
