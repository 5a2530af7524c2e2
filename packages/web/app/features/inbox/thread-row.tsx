import { formatTimeAgo, type InboxThread } from "@inkwell/shared";
import { Avatar } from "../../components/avatar.tsx";
import { UserBadges } from "../../components/user-badges.tsx";
import { t } from "../../i18n/index.ts";

/**
 * One thread: the person (avatar to their profile), whether the owner muted or blocked them,
 * the last message and its time, unread state.
 */
export function ThreadRow({ thread, now }: { thread: InboxThread; now: number }) {
  const { user, recentMessage, unread } = thread;
  return (
    <li className={unread > 0 ? "thread thread--unread" : "thread"}>
      <a className="thread__avatar" href={`/user/${user.username}`}>
        <Avatar src={user.avatar} name={user.name} size={42} />
        <span className="visually-hidden">{t.inbox.profileOf(user.name)}</span>
      </a>
      <a className="thread__link" href={`/inbox/${user.username}`}>
        <span className="thread__who">
          <span className="thread__name">{user.name}</span>
          <UserBadges badges={user.badges} />
          {(user.isBlockedByCurrentUser || user.isMutedByCurrentUser) && (
            <span className="thread__flag">
              {user.isBlockedByCurrentUser ? t.inbox.blockedFlag : t.inbox.mutedFlag}
            </span>
          )}
          {recentMessage && (
            <time className="thread__time" dateTime={recentMessage.createDate}>
              {formatTimeAgo(recentMessage.createDate, now)}
            </time>
          )}
        </span>
        <span className="thread__last">
          <span className="thread__preview">{recentMessage?.body ?? ""}</span>
          {unread > 0 && <span className="thread__unread">{t.inbox.unread(unread)}</span>}
        </span>
      </a>
    </li>
  );
}
