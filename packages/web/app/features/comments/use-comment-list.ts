import type { CommentData, CommentPage } from "@inkwell/shared";
import { useCallback, useEffect, useRef, useState } from "react";

export type ListStatus = "loading" | "loaded" | "error";

export interface CommentList {
  status: ListStatus;
  comments: CommentData[];
  hasMore: boolean;
  ads: boolean;
  /** Whether a further set is on its way (the first set is `status: "loading"`). */
  loadingMore: boolean;
  loadMore: () => void;
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

/**
 * A walk through sets of comments: the first set on mount (in the browser only), the next
 * one from the last `after` cursor. `load` must be stable (wrap it in useCallback).
 */
export function useCommentList(load: (after: string | null) => Promise<CommentPage>): CommentList {
  const [status, setStatus] = useState<ListStatus>("loading");
  const [comments, setComments] = useState<CommentData[]>([]);
  const [after, setAfter] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [ads, setAds] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);
  // One request at a time: the scroll observer and the button may both ask for the next set.
  const inflight = useRef<Promise<void> | null>(null);

  const fetchSet = useCallback(
    (cursor: string | null): Promise<void> => {
      if (inflight.current) return inflight.current;
      const request = (async () => {
        try {
          const page = await load(cursor);
          setComments((shown) => {
            const seen = new Set(shown.map((c) => c.commentId.resourceId));
            const fresh = page.comments.filter((c) => !seen.has(c.commentId.resourceId));
            return cursor === null ? page.comments : [...shown, ...fresh];
          });
          setAfter(page.after);
          setHasMore(page.hasMore);
          setAds(page.ads);
          setStatus("loaded");
        } catch {
          if (cursor === null) setStatus("error");
        } finally {
          inflight.current = null;
          setLoadingMore(false);
        }
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
    setGeneration((n) => n + 1);
  };

  useEffect(() => {
    setStatus("loading");
    void fetchSet(null);
  }, [fetchSet]);

  return {
    status,
    comments,
    hasMore,
    ads,
    loadingMore,
    loadMore: () => {
      if (!hasMore || inflight.current) return;
      setLoadingMore(true);
      void fetchSet(after);
    },
    retry: () => {
      setStatus("loading");
      void fetchSet(null);
    },
    reload: () => void reload(),
    generation,
    prepend: (comment) => setComments((shown) => [comment, ...shown]),
    remove: (id) => setComments((shown) => shown.filter((c) => c.commentId.resourceId !== id)),
  };
}
