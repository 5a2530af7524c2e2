import type { CommentData } from "@inkwell/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { keep, kept } from "../../lib/tab-storage.ts";
import { cameBack } from "../../lib/use-return-place.ts";

/** How many replies each thread shows, by the thread's id. */
type Counts = Record<string, number>;

function counts(text: string | null): Counts {
  try {
    const value: unknown = JSON.parse(text ?? "{}");
    return typeof value === "object" && value !== null ? (value as Counts) : {};
  } catch {
    return {};
  }
}

export interface ShownReplies {
  /** The replies each thread showed when the reader left, coming Back or Forward (else none). */
  wanted: Counts;
  /** A thread has brought back what it could of `wanted`, and now shows `count` replies. */
  shows: (threadId: string, count: number) => void;
  /** Whether a thread of `threads` is still bringing back replies: the place waits for it. */
  settling: boolean;
}

/**
 * The replies a reader opened in a part's threads ('View N Replies'), kept in this tab's
 * session storage under `key` as they open. Coming Back or Forward (unless `restore` is
 * false), each thread opens them again; a page opened anew starts with none.
 */
export function useShownReplies(key: string, threads: CommentData[], restore = true): ShownReplies {
  const [wanted, setWanted] = useState<Counts>({});
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const shown = useRef<Counts>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the list opens
  useEffect(() => {
    const before = restore && cameBack() ? counts(kept(key)) : {};
    shown.current = before;
    setWanted(before);
    keep(key, JSON.stringify(before));
  }, [key]);
  const shows = useCallback(
    (threadId: string, count: number) => {
      shown.current = { ...shown.current, [threadId]: count };
      keep(key, JSON.stringify(shown.current));
      if (threadId in wanted)
        setSettled((now) => (now.has(threadId) ? now : new Set(now).add(threadId)));
    },
    [key, wanted],
  );
  const settling = threads.some(
    (thread) =>
      (wanted[thread.commentId.resourceId] ?? 0) > thread.replyData.length &&
      !settled.has(thread.commentId.resourceId),
  );
  return { wanted, shows, settling };
}
