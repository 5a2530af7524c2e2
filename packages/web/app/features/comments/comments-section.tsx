import type { CommentData } from "@inkwell/shared";
import { COMMENTS_PAGE_SIZE } from "@inkwell/shared";
import { ArrowLeft } from "lucide";
import { useCallback, useEffect, useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { LoadingStatus } from "../../components/alert.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useAdEligibilityEvent } from "../../lib/ad-events.ts";
import { replaceAddress } from "../../lib/replace-address.ts";
import { useHeldRoom } from "../../lib/use-held-room.ts";
import type { CommentActions } from "./comment-item.tsx";
import { CommentList } from "./comment-list.tsx";
import { CommentThread } from "./comment-thread.tsx";
import { useCommentList } from "./use-comment-list.ts";
import { useCommentPanel } from "./use-comment-panel.tsx";
import { useCommentsReturn } from "./use-comments-return.ts";

/** The comment a link points at: ?commentId=42 or #comment-42. */
function linkedCommentId(): string | null {
  const fromQuery = new URLSearchParams(window.location.search).get("commentId");
  if (fromQuery && /^\d+$/.test(fromQuery)) return fromQuery;
  return /^#comment-(\d+)$/.exec(window.location.hash)?.[1] ?? null;
}

type SingleThread =
  | { status: "loading" }
  | { status: "loaded"; thread: CommentData; target: string }
  | { status: "notFound" };

/**
 * The part's comments, loaded in the browser after the page is shown (never in the server
 * render). A deep link opens the single-thread view of the linked comment's thread.
 */
export function CommentsSection({ partId }: { partId: number }) {
  const [single, setSingle] = useState<SingleThread | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  useAdEligibilityEvent("comments", partId);

  const load = useCallback(
    (after: string | null) => browserApi().comments(partId, { limit: COMMENTS_PAGE_SIZE, after }),
    [partId],
  );
  const list = useCommentList(load);
  const shownReplies = useCommentsReturn(`inkwell.comments.${partId}`, list);
  // A thread opened from a link goes back to all comments, where the muted author's are gone.
  const panel = useCommentPanel(list, () => setSingle(null));

  // A deep link opens its comment's thread (a reply opens the thread it belongs to). A
  // comment on another part is not found here: replies would go under another part's thread.
  useEffect(() => {
    const target = linkedCommentId();
    if (!target) return;
    setSingle({ status: "loading" });
    const api = browserApi();
    api
      .comment(target)
      .then(async (comment) => {
        if (!comment.isReply) return comment;
        const thread = await api.comment(comment.resource.resourceId);
        // The thread comes with its first replies: a later one linked to follows them.
        const shown = thread.replyData.some((reply) => reply.commentId.resourceId === target);
        return shown ? thread : { ...thread, replyData: [...thread.replyData, comment] };
      })
      .then((thread) => {
        if (
          thread.resource.namespace !== "parts" ||
          thread.resource.resourceId !== String(partId)
        ) {
          throw new Error(`comment ${target} is not on part ${partId}`);
        }
        setSingle({ status: "loaded", thread, target });
        requestAnimationFrame(() =>
          document.getElementById(`comment-${target}`)?.scrollIntoView({ block: "center" }),
        );
      })
      .catch(() => setSingle({ status: "notFound" }));
  }, [partId]);

  function returnToAll() {
    setSingle(null);
    replaceAddress((url) => {
      url.searchParams.delete("commentId");
      url.hash = "";
    });
    // The button pressed (Return, or Delete on the thread) is gone: the reader starts over.
    heading.current?.focus();
  }

  // The comments come after the page is shown: the footer waits out of sight, not pushed.
  const room = useHeldRoom(
    section,
    single ? single.status === "loading" : list.status === "loading",
  );

  const actions: CommentActions = {
    ...panel.actions,
    highlighted: single?.status === "loaded" ? single.target : null,
  };

  return (
    <section
      className="comments"
      aria-labelledby="comments-heading"
      id="comments"
      ref={section}
      style={room}
    >
      <h2 id="comments-heading" className="comments__heading" ref={heading} tabIndex={-1}>
        {t.comments.heading}
      </h2>
      {single ? (
        <div className="comments__single">
          <ScriptButton className="link-button comments__return" onClick={returnToAll}>
            <Icon of={ArrowLeft} aria-hidden="true" size={16} />
            {t.comments.returnToAll}
          </ScriptButton>
          <LoadingStatus
            className="comment-list__status"
            loading={single.status === "loading" && t.comments.loading}
            failure={single.status === "notFound" && t.comments.notFound}
          />
          {single.status === "loaded" && (
            <CommentThread
              key={single.thread.commentId.resourceId}
              thread={single.thread}
              actions={actions}
              onRemoved={(id) => {
                list.remove(id);
                returnToAll();
              }}
            />
          )}
        </div>
      ) : (
        <CommentList
          list={list}
          resource={{ namespace: "parts", resourceId: String(partId) }}
          actions={actions}
          shownReplies={shownReplies}
        />
      )}
      {panel.feedback}
    </section>
  );
}
