import type { CommentData } from "@inkwell/shared";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import { CommentForm } from "./comment-form.tsx";
import { type CommentActions, CommentItem } from "./comment-item.tsx";

/** Replies are fetched in large sets once the reader asks for them. */
const REPLY_SET = 50;

/**
 * A thread: its first comment, the replies shown so far (2 when it opens), 'View N Replies'
 * for the rest, and a reply form.
 */
export function CommentThread({
  thread,
  actions,
  onRemoved,
}: {
  thread: CommentData;
  actions: CommentActions;
  onRemoved: (id: string) => void;
}) {
  const threadId = thread.commentId.resourceId;
  const [replies, setReplies] = useState(thread.replyData);
  const [replyCount, setReplyCount] = useState(thread.replyCount);
  const [after, setAfter] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [replying, setReplying] = useState(false);

  async function viewReplies() {
    setLoading(true);
    const page = await browserApi()
      .replies(threadId, { limit: REPLY_SET, after })
      .catch(() => null);
    setLoading(false);
    if (!page) return;
    setReplies((shown) => {
      const fresh = page.comments.filter(
        (reply) => !shown.some((s) => s.commentId.resourceId === reply.commentId.resourceId),
      );
      return after === null ? page.comments : [...shown, ...fresh];
    });
    setAfter(page.after);
  }

  const replyActions: CommentActions = {
    ...actions,
    onReply: undefined,
    onDelete: async (reply) => {
      const removed = await actions.onDelete(reply);
      if (removed) {
        setReplies((shown) => shown.filter((s) => s !== reply));
        setReplyCount((n) => n - 1);
      }
      return removed;
    },
  };
  const hidden = replyCount - replies.length;

  return (
    <div className="comment-thread">
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
            <button
              className="link-button comment-thread__more"
              type="button"
              disabled={loading}
              onClick={() => void viewReplies()}
            >
              {t.comments.viewReplies(hidden)}
            </button>
          )}
          {replying && (
            <CommentForm
              reply
              resource={{ namespace: "comments", resourceId: threadId }}
              guard={actions.guard}
              onCancel={() => setReplying(false)}
              onPosted={(reply) => {
                setReplies((shown) => [...shown, reply]);
                setReplyCount((n) => n + 1);
                setReplying(false);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
