import { type CommentData, type CommentResource, commentAdSlots } from "@inkwell/shared";
import { Fragment, useEffect, useRef } from "react";
import { AdSlot } from "../../components/ad-slot.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { t } from "../../i18n/index.ts";
import { CommentForm } from "./comment-form.tsx";
import type { CommentActions } from "./comment-item.tsx";
import { CommentThread } from "./comment-thread.tsx";
import type { CommentList as List } from "./use-comment-list.ts";

/** The next set loads when the end of the list comes within 100 px (reader.md §9). */
const SCROLL_MARGIN = "0px 0px 100px 0px";

interface CommentListProps {
  list: List;
  resource: CommentResource;
  actions: CommentActions;
  /** Called after a comment is posted or deleted (the paragraph markers recount). */
  onChange?: () => void;
  /** Ad slots belong to the part's comments, not the narrow paragraph panel. */
  withAds?: boolean;
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
}: CommentListProps) {
  const end = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore, status } = list;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || status !== "loaded" || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: SCROLL_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadMore, status]);

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
    <div className="comment-list">
      <CommentForm resource={resource} guard={actions.guard} onPosted={posted} />
      {list.status === "loading" && (
        <p className="comment-list__status" role="status">
          {t.comments.loading}
        </p>
      )}
      {list.status === "error" && (
        <div className="comment-list__status" role="alert">
          <p>{t.comments.loadFailed}</p>
          <button className="button" type="button" onClick={list.retry}>
            {t.comments.retry}
          </button>
        </div>
      )}
      {list.status === "loaded" && list.comments.length === 0 && (
        <p className="comment-list__status comment-list__empty">{t.comments.empty}</p>
      )}
      {list.status === "loaded" && adsAfter.has(0) && <AdSlot kind="comment" />}
      {list.comments.map((comment, index) => (
        <Fragment key={`${list.generation}:${comment.commentId.resourceId}`}>
          <CommentThread thread={comment} actions={threadActions} onRemoved={list.remove} />
          {adsAfter.has(index + 1) && <AdSlot kind="comment" />}
        </Fragment>
      ))}
      <div ref={end} />
      {list.hasMore && (
        <BusyButton
          className="button comment-list__more"
          type="button"
          busy={list.loadingMore}
          onClick={list.loadMore}
        >
          {t.comments.loadMore}
        </BusyButton>
      )}
    </div>
  );
}
