import { t } from "../../i18n/index.ts";

/** Where a comment ad goes; a labelled placeholder until an ad partner is chosen. */
export function CommentAdSlot() {
  return (
    <aside className="comment-ad" aria-label={t.comments.advertisement}>
      <span className="comment-ad__label">{t.comments.advertisement}</span>
    </aside>
  );
}
