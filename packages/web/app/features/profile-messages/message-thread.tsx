import type { ProfileMessage } from "@inkwell/shared";
import { useState } from "react";
import { browserApi } from "../../api/client.ts";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";
import { t } from "../../i18n/index.ts";
import { MessageComposer } from "./message-composer.tsx";
import { type MessageActions, MessageItem } from "./message-item.tsx";

const text = t.profileMessages;

/**
 * A message with its replies: the latest few when it opens, 'View N earlier replies' for
 * the rest, and a reply box when the reader asks for one (or a notice when they may not).
 */
export function MessageThread({
  username,
  message,
  actions,
  guard,
  canReply,
  onRemoved,
}: {
  /** Whose profile it is on. */
  username: string;
  message: ProfileMessage;
  actions: MessageActions;
  guard: (action: () => void) => void;
  canReply: boolean;
  onRemoved: () => void;
}) {
  const [replies, setReplies] = useState(message.latestReplies);
  const [numReplies, setNumReplies] = useState(message.numReplies);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [replying, setReplying] = useState(false);
  const earlier = numReplies - replies.length;

  async function viewEarlier() {
    const oldest = replies[0];
    if (!oldest) return;
    setLoading(true);
    const page = await browserApi()
      .profileMessageReplies(username, message.id, oldest.id)
      .catch(() => null);
    setLoading(false);
    setLoadFailed(page === null);
    if (page) setReplies((shown) => [...page.replies, ...shown]);
  }

  return (
    <li className="profile-message-thread">
      <MessageItem
        message={message}
        actions={actions}
        onReply={canReply ? () => guard(() => setReplying(true)) : undefined}
        onDeleted={onRemoved}
      />
      {(replies.length > 0 || replying) && (
        <div className="profile-message-thread__replies">
          {earlier > 0 && (
            <BusyButton
              className="link-button profile-message-thread__earlier"
              type="button"
              busy={loading}
              onClick={() => void viewEarlier()}
            >
              {text.earlierReplies(earlier)}
            </BusyButton>
          )}
          <ErrorLine text={loadFailed && text.loadFailed} />
          {replies.map((reply) => (
            <MessageItem
              key={reply.id}
              message={reply}
              actions={actions}
              onDeleted={() => {
                setReplies((shown) => shown.filter((shownReply) => shownReply.id !== reply.id));
                setNumReplies((count) => count - 1);
              }}
            />
          ))}
          {replying && (
            <MessageComposer
              reply
              label={text.replyLabel(message.from.name)}
              placeholder={text.replyPlaceholder}
              submitLabel={text.reply}
              guard={guard}
              send={(body) => browserApi().postProfileMessage(username, body, message.id)}
              onCancel={() => setReplying(false)}
              onPosted={(reply) => {
                setReplies((shown) => [...shown, reply]);
                setNumReplies((count) => count + 1);
                setReplying(false);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}
