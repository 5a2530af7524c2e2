import type { CommentData, CommentPage } from "@inkwell/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Bring } from "../../lib/more-focus.ts";

export type ListStatus = "loading" | "loaded" | "error";

export interface CommentList {
  status: ListStatus;
  comments: CommentData[];
  hasMore: boolean;
  ads: boolean;
  /** Whether a further set is on its way (the first set is `status: "loading"`). */
  loadingMore: boolean;
  /** Whether the latest further set failed to load: Load more tries again. */
  moreFailed: boolean;
  /** Loads the next set, landing it through `bring` (Load more's hand-off of focus). */
  loadMore: (bring?: Bring) => void;
  retry: () => void;
  /**
   * Loads the first set again as if new: after a mute, what the server now hides goes,
   * replies shown inside threads too (threads are keyed by `generation`).
   */
  reload: () => void;
  generation: number;
  prepend: (comment: CommentData) => void;
  remove: (id: string) => void;
}

type ListState = Omit<CommentList, "loadMore" | "retry" | "reload" | "prepend" | "remove"> & {
  after: string | null;
};

const INITIAL: ListState = {
  status: "loading",
  comments: [],
  after: null,
  hasMore: false,
  ads: false,
  loadingMore: false,
  moreFailed: false,
  generation: 0,
};

const patch =
  (change: Partial<ListState>) =>
  (now: ListState): ListState => ({ ...now, ...change });

/**
 * A walk through sets of comments: the first set on mount (in the browser only), the next
 * one from the last `after` cursor. `load` must be stable (wrap it in useCallback).
 */
export function useCommentList(load: (after: string | null) => Promise<CommentPage>): CommentList {
  // One state, so a set's comments, cursor and flags land in the same render: the one that
  // Load more's hand-off of focus compares with the render before.
  const [state, setState] = useState<ListState>(INITIAL);
  // One request at a time: the scroll observer and the button may both ask for the next set.
  const inflight = useRef<Promise<void> | null>(null);

  const fetchSet = useCallback(
    (cursor: string | null, bring: Bring = (change) => change()): Promise<void> => {
      if (inflight.current) return inflight.current;
      const request = (async () => {
        const page = await load(cursor).catch(() => null);
        inflight.current = null;
        bring(() =>
          setState((now) => {
            if (!page)
              return cursor === null
                ? { ...now, status: "error", loadingMore: false }
                : { ...now, loadingMore: false, moreFailed: true };
            const seen = new Set(now.comments.map((c) => c.commentId.resourceId));
            const fresh = page.comments.filter((c) => !seen.has(c.commentId.resourceId));
            return {
              ...now,
              status: "loaded",
              comments: cursor === null ? page.comments : [...now.comments, ...fresh],
              after: page.after,
              hasMore: page.hasMore,
              ads: page.ads,
              loadingMore: false,
              moreFailed: false,
            };
          }),
        );
      })();
      inflight.current = request;
      return request;
    },
    [load],
  );

  /** The first set again once nothing else is on its way, so a reload is never dropped. */
  const reload = async () => {
    while (inflight.current) await inflight.current;
    await fetchSet(null);
    setState((now) => ({ ...now, generation: now.generation + 1 }));
  };

  useEffect(() => {
    setState(patch({ status: "loading" }));
    void fetchSet(null);
  }, [fetchSet]);

  const { after, ...shown } = state;
  return {
    ...shown,
    loadMore: (bring) => {
      if (!state.hasMore || inflight.current) return;
      setState(patch({ loadingMore: true, moreFailed: false }));
      void fetchSet(after, bring);
    },
    retry: () => {
      setState(patch({ status: "loading" }));
      void fetchSet(null);
    },
    reload: () => void reload(),
    prepend: (comment) => setState((now) => ({ ...now, comments: [comment, ...now.comments] })),
    remove: (id) =>
      setState((now) => ({
        ...now,
        comments: now.comments.filter((c) => c.commentId.resourceId !== id),
      })),
  };
}
