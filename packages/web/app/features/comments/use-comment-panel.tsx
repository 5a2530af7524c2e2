import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import type { CommentActions } from "./comment-item.tsx";
import type { CommentList } from "./use-comment-list.ts";
import { useCommentMute } from "./use-comment-mute.tsx";
import { useDeleteComment } from "./use-delete-comment.ts";

/**
 * What a panel of comments (a part's, a paragraph's) lets a reader do — act once signed in,
 * delete their own, mute an author — and what it says back: `actions` for its list,
 * `feedback` (the toast and the modals) for the panel's end. `onMuted` follows a mute.
 */
export function useCommentPanel(list: CommentList, onMuted?: () => void) {
  const { guard, modals } = useInteractionGate();
  const { onDelete, toast } = useDeleteComment();
  const mute = useCommentMute(list, onMuted);
  const actions: CommentActions = { guard, onDelete, onMute: mute.onMute };
  const feedback = (
    <>
      <p className="comments__toast live-region" role="status">
        {toast ?? mute.toast}
      </p>
      {modals}
      {mute.modal}
    </>
  );
  return { actions, feedback };
}
