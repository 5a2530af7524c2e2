import { COMMENTS_PAGE_SIZE, compactCount, truncate } from "@inkwell/shared";
import { MessageSquare } from "lucide";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { browserApi } from "../../api/client.ts";
import { Icon } from "../../components/icon.tsx";
import { Modal } from "../../components/modal.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { replaceAddress } from "../../lib/replace-address.ts";
import { CommentList } from "./comment-list.tsx";
import { useCommentList } from "./use-comment-list.ts";
import { useCommentPanel } from "./use-comment-panel.tsx";
import { useCommentsReturn } from "./use-comments-return.ts";
import "../../styles/paragraph-comments.css";

/** How much of a paragraph its comments quote to say which it is: its first line or two. */
const QUOTE_LENGTH = 100;

interface Paragraph {
  id: string;
  /** Its words, cut short: the panel shows them so the reader knows which paragraph it is. */
  quote: string;
  /** The element appended to the paragraph that its marker renders into. */
  host: HTMLElement;
}

/**
 * A marker beside each paragraph of the part's text (its data-p-id) with the paragraph's
 * comment count, all counts in one call after hydration; a marker opens that paragraph's
 * comments in a side panel (a bottom sheet on a phone). ?paragraphId= opens one directly,
 * and is the page's address while a panel is open: Back to the part opens it again, as the
 * reader had it.
 */
export function ParagraphComments({
  partId,
  textRef,
}: {
  partId: number;
  textRef: RefObject<HTMLDivElement | null>;
}) {
  const [paragraphs, setParagraphs] = useState<Paragraph[]>([]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [open, setOpen] = useState<string | null>(null);
  // Only a panel the address opens, as the page opens, comes back as the reader left it.
  const [fromAddress, setFromAddress] = useState(false);
  const show = (paragraphId: string | null) => {
    setOpen(paragraphId);
    setFromAddress(false);
    replaceAddress((url) => {
      if (paragraphId === null) url.searchParams.delete("paragraphId");
      else url.searchParams.set("paragraphId", paragraphId);
    });
  };

  const recount = useCallback(() => {
    browserApi()
      .paragraphCommentCounts(partId)
      .then((answer) => setCounts(answer.paragraphs))
      // Without counts the markers still open each paragraph's comments.
      .catch(() => undefined);
  }, [partId]);

  useEffect(() => {
    const text = textRef.current;
    if (!text) return;
    const found = [...text.querySelectorAll<HTMLElement>("p[data-p-id]")].map((p) => {
      const quote = truncate((p.textContent ?? "").replace(/\s+/g, " ").trim(), QUOTE_LENGTH);
      const host = document.createElement("span");
      host.className = "paragraph-marker-host";
      p.append(host);
      return { id: p.dataset.pId ?? "", quote, host };
    });
    setParagraphs(found);
    recount();
    const linked = new URLSearchParams(window.location.search).get("paragraphId");
    if (linked && found.some((paragraph) => paragraph.id === linked)) {
      setOpen(linked);
      setFromAddress(true);
    }
    return () => {
      for (const paragraph of found) paragraph.host.remove();
    };
  }, [textRef, recount]);

  const quote = paragraphs.find((paragraph) => paragraph.id === open)?.quote;

  return (
    <>
      {paragraphs.map(({ id, host }, index) => {
        const count = counts[id] ?? 0;
        return createPortal(
          <ScriptButton
            className={count > 0 ? "paragraph-marker paragraph-marker--active" : "paragraph-marker"}
            aria-label={t.comments.paragraphMarker(count, index + 1)}
            onClick={() => show(id)}
          >
            <Icon of={MessageSquare} aria-hidden="true" size={14} />
            {/* At most three digits ("12.3K", "123K"): the paragraph's room is sized for them. */}
            {count > 0 && <span aria-hidden="true">{compactCount(count)}</span>}
          </ScriptButton>,
          host,
          id,
        );
      })}
      <Modal
        open={open !== null}
        title={t.comments.paragraphHeading}
        description={quote && <blockquote className="paragraph-quote">{quote}</blockquote>}
        onClose={() => show(null)}
        className="modal--panel"
      >
        {open !== null && (
          <ParagraphThread
            partId={partId}
            paragraphId={open}
            restore={fromAddress}
            onChange={recount}
          />
        )}
      </Modal>
    </>
  );
}

function ParagraphThread({
  partId,
  paragraphId,
  restore,
  onChange,
}: {
  partId: number;
  paragraphId: string;
  /** Bring back what the reader had loaded and opened, and their place (on Back). */
  restore: boolean;
  onChange: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const load = useCallback(
    (after: string | null) =>
      browserApi().comments(partId, { limit: COMMENTS_PAGE_SIZE, after, paragraphId }),
    [partId, paragraphId],
  );
  const list = useCommentList(load);
  const shownReplies = useCommentsReturn(
    `inkwell.comments.${partId}.paragraph.${paragraphId}`,
    list,
    {
      // The panel, not the page behind it, scrolls through the comments.
      scroller: () => root.current?.closest("dialog") ?? null,
      restore,
    },
  );
  const panel = useCommentPanel(list, onChange);
  return (
    <div className="paragraph-thread" ref={root}>
      <CommentList
        list={list}
        resource={{ namespace: "parts", resourceId: String(partId), paragraphId }}
        actions={panel.actions}
        onChange={onChange}
        withAds={false}
        shownReplies={shownReplies}
      />
      {panel.feedback}
    </div>
  );
}
