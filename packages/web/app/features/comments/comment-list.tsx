import { type CommentData, type CommentResource, commentAdSlots } from "@inkwell/shared";
import { Fragment, useRef } from "react";
import { AdSlot } from "../../components/ad-slot.tsx";
import { ErrorLine, LoadingStatus } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal.ts";
import { useNearEnd } from "../../lib/use-near-end.ts";
import { CommentForm } from "./comment-form.tsx";
import type { CommentActions } from "./comment-item.tsx";
import { CommentThread } from "./comment-thread.tsx";
import type { CommentList as List } from "./use-comment-list.ts";
import type { ShownReplies } from "./use-shown-replies.ts";

/** The next set loads when the end of the list comes within 100 px (reader.md §9). */
const SCROLL_MARGIN = "0px 0px 100px 0px";

/** Each thread's first comment's author link, where focus lands on a thread. */
const THREAD_AUTHORS = ":scope > .comment-thread > .comment .comment__author";

interface CommentListProps {
  list: List;
  resource: CommentResource;
  actions: CommentActions;
  /** Called after a comment is posted or deleted (the paragraph markers recount). */
  onChange?: () => void;
  /** Ad slots belong to the part's comments, not the narrow paragraph panel. */
  withAds?: boolean;
  /** The replies opened in the list's threads, opened again on Back. */
  shownReplies?: ShownReplies;
}

/**
 * A comment form above the threads of a part or paragraph, in all of a list's states, with
 * ad slots between groups and infinite scroll (plus a Load more button where observers
 * are missing or the reader prefers to press).
 */
export function CommentList({
  list,
  resource,
  actions,
  onChange,
  withAds = true,
  shownReplies,
}: CommentListProps) {
  const end = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore, status, moreFailed } = list;
  // A deleted thread sends focus to the next one, or to the words saying none are left.
  const { scope, removing } = useFocusAfterRemoval(
    list.comments,
    `${THREAD_AUTHORS}, :scope > .comment-list__empty`,
  );

  // Load more, pressed or reached by Tab (which scrolls it into the observer's reach), hands
  // focus to the first new thread's author: not left behind the new threads, nor dropped to
  // the page when the button goes with the last set.
  const moreFocus = useMoreFocus(scope);
  const more = () => loadMore(moreFocus.bring);

  // After a failure the button, not the scroll, tries again.
  useNearEnd(end, hasMore && status === "loaded" && !moreFailed ? more : null, {
    margin: SCROLL_MARGIN,
    count: list.comments.length,
  });

  const posted = (comment: CommentData) => {
    list.prepend(comment);
    onChange?.();
  };
  const threadActions: CommentActions = {
    ...actions,
    onDelete: async (comment) => {
      const removed = await actions.onDelete(comment);
      if (removed) onChange?.();
      return removed;
    },
  };
  const adsAfter = new Set(withAds && list.ads ? commentAdSlots(list.comments.length) : []);

  return (
    <div className="comment-list" ref={scope}>
      <CommentForm resource={resource} guard={actions.guard} onPosted={posted} />
      <LoadingStatus
        className="comment-list__status"
        loading={list.status === "loading" && t.comments.loading}
        failure={list.status === "error" && t.comments.loadFailed}
      />
      {list.status === "error" && (
        <p className="comment-list__status">
          <ScriptButton className="button" onClick={list.retry}>
            {t.comments.retry}
          </ScriptButton>
        </p>
      )}
      {list.status === "loaded" && list.comments.length === 0 && (
        <p className="comment-list__status comment-list__empty" tabIndex={-1}>
          {t.comments.empty}
        </p>
      )}
      {list.status === "loaded" && adsAfter.has(0) && <AdSlot kind="comment" />}
      {list.comments.map((comment, index) => (
        <Fragment key={`${list.generation}:${comment.commentId.resourceId}`}>
          <CommentThread
            thread={comment}
            actions={threadActions}
            shownReplies={shownReplies}
            onRemoved={(id) => {
              removing(index);
              list.remove(id);
            }}
          />
          {adsAfter.has(index + 1) && <AdSlot kind="comment" />}
        </Fragment>
      ))}
      <div ref={end} />
      {list.hasMore && (
        <BusyButton
          className="button comment-list__more"
          type="button"
          busy={list.loadingMore}
          ref={moreFocus.ref}
          onClick={more}
        >
          {t.comments.loadMore}
        </BusyButton>
      )}
      <ErrorLine text={moreFailed && t.comments.moreFailed} />
    </div>
  );
}
