import type { CommentData } from "@inkwell/shared";
import { useEffect, useEffectEvent, useState } from "react";
import { flushSync } from "react-dom";
import { browserApi } from "../../api/client.ts";
import { BusyButton } from "../../components/busy-button.tsx";
import { t } from "../../i18n/index.ts";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal.ts";
import { CommentForm } from "./comment-form.tsx";
import { type CommentActions, CommentItem } from "./comment-item.tsx";
import type { ShownReplies } from "./use-shown-replies.ts";

/** Replies are fetched in large sets once the reader asks for them. */
const REPLY_SET = 50;

/**
 * A thread: its first comment, the replies shown so far (2 when it opens), 'View N Replies'
 * for the rest, and a reply form. Focus follows the keyboard reader: into the reply form
 * when it opens, back to Reply when it is cancelled, to the first reply that 'View N
 * Replies' or posting shows (the button or the form having gone), and from a deleted reply
 * to the next one (the last, or the thread's first comment, when it was last). With
 * `shownReplies` (a part's or a paragraph's threads), the replies the reader had opened
 * open again on Back.
 */
export function CommentThread({
  thread,
  actions,
  onRemoved,
  shownReplies,
}: {
  thread: CommentData;
  actions: CommentActions;
  onRemoved: (id: string) => void;
  shownReplies?: ShownReplies;
}) {
  const threadId = thread.commentId.resourceId;
  const [replies, setReplies] = useState(thread.replyData);
  const [replyCount, setReplyCount] = useState(thread.replyCount);
  const [after, setAfter] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [replying, setReplying] = useState(false);
  const hidden = replyCount - replies.length;
  const { scope: root, removing } = useFocusAfterRemoval(
    replies,
    ":scope > .comment .comment__author, :scope > .comment-thread__replies > .comment .comment__author",
  );

  const focusIn = (selector: string) => root.current?.querySelector<HTMLElement>(selector)?.focus();
  const focusReply = (reply: CommentData) =>
    focusIn(`#comment-${CSS.escape(reply.commentId.resourceId)} .comment__author`);

  /** Shows the next set of replies; resolves to the first new one (none if it failed). */
  async function showMore(): Promise<CommentData | undefined> {
    if (loading) return;
    setLoading(true);
    const page = await browserApi()
      .replies(threadId, { limit: REPLY_SET, after })
      .catch(() => null);
    setLoading(false);
    if (!page) return;
    const isNew = (reply: CommentData) =>
      !replies.some((shown) => shown.commentId.resourceId === reply.commentId.resourceId);
    flushSync(() => {
      setReplies(after === null ? page.comments : [...replies, ...page.comments.filter(isNew)]);
      setAfter(page.after);
    });
    return page.comments.find(isNew);
  }

  async function viewReplies() {
    const firstNew = await showMore();
    if (firstNew) focusReply(firstNew);
  }

  // Coming Back, the replies the reader had opened open again, set by set (focus stays
  // where it is); from then on the thread tells how many it shows, for the next time.
  const [restored, setRestored] = useState(false);
  const restore = useEffectEvent(() => {
    if (!shownReplies) return;
    if (restored) {
      shownReplies.shows(threadId, replies.length);
      return;
    }
    if (replies.length >= (shownReplies.wanted[threadId] ?? 0) || hidden <= 0) {
      setRestored(true);
      return;
    }
    void showMore().then((firstNew) => {
      if (!firstNew) setRestored(true);
    });
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: again after each change of either
  useEffect(() => restore(), [restored, replies.length]);

  const replyActions: CommentActions = {
    ...actions,
    onReply: undefined,
    onDelete: async (reply) => {
      const removed = await actions.onDelete(reply);
      if (removed) {
        // The thread's first comment comes before the replies in the focus order.
        removing(replies.indexOf(reply) + 1);
        setReplies((shown) => shown.filter((s) => s !== reply));
        setReplyCount((n) => n - 1);
      }
      return removed;
    },
  };

  return (
    <div className="comment-thread" ref={root}>
      <CommentItem
        comment={thread}
        actions={{
          ...actions,
          onReply: () => actions.guard(() => setReplying(true)),
          onDelete: async (comment) => {
            const removed = await actions.onDelete(comment);
            if (removed) onRemoved(threadId);
            return removed;
          },
        }}
      />
      {(replies.length > 0 || hidden > 0 || replying) && (
        <div className="comment-thread__replies">
          {replies.map((reply) => (
            <CommentItem key={reply.commentId.resourceId} comment={reply} actions={replyActions} />
          ))}
          {hidden > 0 && (
            <BusyButton
              className="link-button comment-thread__more"
              type="button"
              busy={loading}
              aria-label={t.comments.viewRepliesTo(hidden, thread.user.name)}
              onClick={() => void viewReplies()}
            >
              {t.comments.viewReplies(hidden)}
            </BusyButton>
          )}
          {replying && (
            <CommentForm
              reply
              resource={{ namespace: "comments", resourceId: threadId }}
              guard={actions.guard}
              onCancel={() => {
                flushSync(() => setReplying(false));
                focusIn(":scope > .comment .comment__reply");
              }}
              onPosted={(reply) => {
                flushSync(() => {
                  setReplies((shown) => [...shown, reply]);
                  setReplyCount((n) => n + 1);
                  setReplying(false);
                });
                focusReply(reply);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
