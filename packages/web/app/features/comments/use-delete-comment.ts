import type { CommentData } from "@inkwell/shared";
import { useEffect, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";

const TOAST_MS = 5000;

/** Deletes comments, and the toast a failed delete shows (reader.md §8). */
export function useDeleteComment() {
  const [toast, setToast] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  async function onDelete(comment: CommentData): Promise<boolean> {
    // Emptied as the delete goes out: the same failure again would otherwise go unsaid.
    setToast(null);
    const result = await browserApi()
      .deleteComment(comment.commentId.resourceId)
      .catch(() => null);
    if (!result?.ok) setToast(t.comments.deleteFailed);
    return result?.ok ?? false;
  }
  return { onDelete, toast };
}
