import { abbreviateCount, type CommentData, formatRelativeTime } from "@inkwell/shared";
import { Flag, Heart, Trash2, VolumeX } from "lucide";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { Avatar } from "../../components/avatar.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import { useReportOnDemand } from "../reports/use-report-on-demand.tsx";
import { CommentText } from "./comment-text.tsx";

export interface CommentActions {
  guard: (action: () => void) => void;
  /** Deletes the comment; false when the server refused (the caller shows the toast). */
  onDelete: (comment: CommentData) => Promise<boolean>;
  onReply?: () => void;
  /** Asks to mute the comment's author (reader.md §6: others' comments, never one's own). */
  onMute?: (comment: CommentData) => void;
  /** The comment a deep link points at: highlighted and scrolled to. */
  highlighted?: string | null;
}

/** One comment: who, when, the text (collapsed when offensive), like, reply, delete, mute, report. */
export function CommentItem({
  comment,
  actions,
}: {
  comment: CommentData;
  actions: CommentActions;
}) {
  const [like, setLike] = useState(comment.sentiments.like);
  const [liking, setLiking] = useState(false);
  const [revealed, setRevealed] = useState(!comment.isOffensive);
  const [deleting, setDeleting] = useState(false);
  const id = comment.commentId.resourceId;
  const viewer = useCurrentUser();
  const timeZone = useTimeZone();
  const { report, reportModal } = useReportOnDemand();
  const own = viewer?.username.toLowerCase() === comment.user.username.toLowerCase();
  // Anyone may report a comment, visitors too (they give contact info); not their own.
  const reportable = !own;
  const when = formatRelativeTime(comment.created, Date.now(), timeZone);

  async function toggleLike() {
    if (liking) return;
    const before = like;
    setLike({ count: before.count + (before.interacted ? -1 : 1), interacted: !before.interacted });
    setLiking(true);
    const result = await browserApi()
      .likeComment(id, !before.interacted)
      .catch(() => null);
    setLike(result?.ok ? result.value.like : before);
    setLiking(false);
  }

  async function remove() {
    setDeleting(true);
    if (!(await actions.onDelete(comment))) setDeleting(false);
  }

  const className = [
    "comment",
    comment.isReply && "comment--reply",
    actions.highlighted === id && "comment--highlighted",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <article className={className} id={`comment-${id}`} aria-label={comment.user.name}>
      <span className="comment__avatar">
        <Avatar src={comment.user.avatar} name={comment.user.name} size={32} />
      </span>
      <div className="comment__body">
        <header className="comment__header">
          <a className="comment__author" href={`/user/${comment.user.username}`}>
            {comment.user.name}
          </a>
          <UserBadges badges={comment.user.badges} />
          {comment.isWriter && <span className="comment__writer">{t.comments.writer}</span>}
          <a className="comment__time" href={comment.deeplink}>
            <time dateTime={comment.created}>{when}</time>
          </a>
        </header>
        {revealed ? (
          <CommentText text={comment.text} />
        ) : (
          <p className="comment__offensive">
            {t.comments.offensive}{" "}
            <ScriptButton
              className="link-button"
              aria-label={t.comments.revealBy(comment.user.name)}
              onClick={() => setRevealed(true)}
            >
              {t.comments.reveal}
            </ScriptButton>
          </p>
        )}
        <div className="comment__actions">
          <BusyButton
            className={like.interacted ? "comment__action comment__action--on" : "comment__action"}
            type="button"
            aria-pressed={like.interacted}
            aria-label={t.comments.like(comment.user.name, like.count)}
            busy={liking}
            onClick={() => actions.guard(() => void toggleLike())}
          >
            <Icon
              of={Heart}
              aria-hidden="true"
              size={16}
              fill={like.interacted ? "currentColor" : "none"}
            />
            <span aria-hidden="true">{abbreviateCount(like.count)}</span>
          </BusyButton>
          {actions.onReply && (
            <ScriptButton
              className="comment__action comment__reply"
              aria-label={t.comments.replyTo(comment.user.name)}
              onClick={actions.onReply}
            >
              {t.comments.reply}
            </ScriptButton>
          )}
          {comment.canDelete && (
            <BusyButton
              className="comment__action"
              aria-label={t.comments.deleteComment(comment.user.name, when, own)}
              busy={deleting}
              onClick={() => void remove()}
            >
              <Icon of={Trash2} aria-hidden="true" size={16} />
              {t.comments.delete}
            </BusyButton>
          )}
          {reportable && viewer && actions.onMute && (
            <ScriptButton
              className="comment__action"
              aria-label={t.comments.muteAuthor(comment.user.name)}
              onClick={() => actions.onMute?.(comment)}
            >
              <Icon of={VolumeX} aria-hidden="true" size={16} />
              <span aria-hidden="true">{t.safety.mute}</span>
            </ScriptButton>
          )}
          {reportable && (
            <ScriptButton
              className="comment__action comment__action--report"
              aria-label={t.reports.reportComment(comment.user.name)}
              onClick={() =>
                report({
                  type: "comment",
                  id: Number(id),
                  username: comment.user.username,
                  reference: {
                    name: comment.user.name,
                    body: comment.text.slice(0, 500),
                    deepLink: comment.deeplink,
                  },
                })
              }
            >
              <Icon of={Flag} aria-hidden="true" size={16} />
              <span aria-hidden="true">{t.reports.report}</span>
            </ScriptButton>
          )}
        </div>
        {reportModal}
      </div>
    </article>
  );
}
