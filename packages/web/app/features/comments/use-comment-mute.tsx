import type { CommentData } from "@inkwell/shared";
import { useSafetyActions } from "../safety/use-safety-actions.tsx";
import type { CommentList } from "./use-comment-list.ts";

/**
 * Muting a comment's author from the comment (reader.md §6), with the same confirmation and
 * toast as the profile's menu. Once muted, the list loads again: the server hides the
 * author's comments and replies from then on.
 */
export function useCommentMute(list: CommentList, onMuted?: () => void) {
  const { ask, toast, modal } = useSafetyActions((action) => {
    if (action !== "mute") return;
    list.reload();
    onMuted?.();
  });
  const onMute = (comment: CommentData) =>
    ask("mute", { username: comment.user.username, name: comment.user.name });
  return { onMute, toast, modal };
}
