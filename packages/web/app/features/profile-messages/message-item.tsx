import { formatRelativeTime, type ProfileMessage } from "@inkwell/shared";
import { Flag, MessageCircle, Trash2 } from "lucide";
import { Avatar } from "../../components/avatar.tsx";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";
import { useTimeZone } from "../../lib/use-time-zone.ts";
import { CommentText } from "../comments/comment-text.tsx";

const text = t.profileMessages;

export interface MessageActions {
  /** The moment the page was rendered: times read the same on the server and in the browser. */
  now: number;
  /** The signed-in viewer's username, or null for a visitor. */
  me: string | null;
  /** Asks to delete (with a confirmation); `onDeleted` runs once it is gone. */
  askDelete: (message: ProfileMessage, onDeleted: () => void) => void;
  /** Opens the report modal for a message (never offered on the viewer's own). */
  report: (message: ProfileMessage) => void;
}

/** One message or reply: who, when, the text, and Reply, Delete and Report. */
export function MessageItem({
  message,
  actions,
  onReply,
  onDeleted,
}: {
  message: ProfileMessage;
  actions: MessageActions;
  onReply?: () => void;
  onDeleted: () => void;
}) {
  const { from } = message;
  const timeZone = useTimeZone();
  const mine = actions.me?.toLowerCase() === from.username.toLowerCase();
  return (
    <article
      className={
        message.parentId === null
          ? "comment profile-message"
          : "comment profile-message profile-message--reply"
      }
      id={`message-${message.id}`}
      aria-label={from.name}
    >
      <span className="comment__avatar">
        <Avatar src={from.avatar} name={from.name} size={32} />
      </span>
      <div className="comment__body">
        <header className="comment__header">
          <a className="comment__author" href={`/user/${from.username}`}>
            {from.name}
          </a>
          <UserBadges badges={from.badges} />
          <time className="comment__time" dateTime={message.createDate}>
            {formatRelativeTime(message.createDate, actions.now, timeZone)}
          </time>
        </header>
        <CommentText text={message.body} />
        <div className="comment__actions">
          {onReply && (
            <ScriptButton
              className="comment__action"
              aria-label={text.replyTo(from.name)}
              onClick={onReply}
            >
              <Icon of={MessageCircle} aria-hidden="true" size={16} />
              <span aria-hidden="true">{text.reply}</span>
            </ScriptButton>
          )}
          {message.canDelete && (
            <ScriptButton
              className="comment__action"
              aria-label={text.deleteLabel(from.name)}
              onClick={() => actions.askDelete(message, onDeleted)}
            >
              <Icon of={Trash2} aria-hidden="true" size={16} />
              <span aria-hidden="true">{text.delete}</span>
            </ScriptButton>
          )}
          {!mine && (
            <ScriptButton
              className="comment__action"
              aria-label={text.reportLabel(from.name)}
              onClick={() => actions.report(message)}
            >
              <Icon of={Flag} aria-hidden="true" size={16} />
              <span aria-hidden="true">{text.report}</span>
            </ScriptButton>
          )}
        </div>
      </div>
    </article>
  );
}
