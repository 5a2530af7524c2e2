import { useEffect } from "react";
import { useReturnPlace } from "../../lib/use-return-place.ts";
import type { CommentList } from "./use-comment-list.ts";
import { type ShownReplies, useShownReplies } from "./use-shown-replies.ts";

/**
 * Comments that come back as the reader had them (decisions 075, 078): coming Back or
 * Forward to the part, `list` loads again as far as it had, the replies opened in its
 * threads open again, and the reader goes where they were among them. `key` names the list
 * in this tab's session storage; `scroller` and `restore` are useReturnPlace's.
 */
export function useCommentsReturn(
  key: string,
  list: CommentList,
  { scroller, restore }: { scroller?: () => Element | null; restore?: boolean } = {},
): ShownReplies {
  const { status, hasMore, moreFailed, loadingMore, loadMore } = list;
  const shown = list.comments.length;
  const shownReplies = useShownReplies(`${key}.replies`, list.comments, restore);
  const { loaded, back } = useReturnPlace(key, shown, {
    initial: 0,
    ended: status === "error" || (status === "loaded" && (!hasMore || moreFailed)),
    settling: shownReplies.settling,
    scroller,
    restore,
  });
  useEffect(() => {
    if (back && status === "loaded" && hasMore && !moreFailed && !loadingMore && shown < loaded) {
      loadMore();
    }
  }, [back, status, hasMore, moreFailed, loadingMore, shown, loaded, loadMore]);
  return shownReplies;
}
