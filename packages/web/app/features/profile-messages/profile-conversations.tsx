import type { ProfileMessage, ProfileMessagePage } from "@inkwell/shared";
import { useRef, useState } from "react";
import { browserApi } from "../../api/client.ts";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useMoreFocus } from "../../lib/more-focus.ts";
import { useInteractionGate } from "../accounts/interaction-gate.tsx";
import { MessageComposer } from "./message-composer.tsx";
import type { MessageActions } from "./message-item.tsx";
import { MessageThread } from "./message-thread.tsx";
import { useDeleteMessage } from "./use-delete-message.tsx";
import "../../styles/profile-messages.css";
import { ErrorLine } from "../../components/alert.tsx";
import { BusyButton } from "../../components/busy-button.tsx";

const text = t.profileMessages;

/**
 * A profile's Conversations (accounts-safety-messaging.md §2): public messages newest
 * first with their replies, a composer at the top (or the notice saying why the viewer
 * may not post), delete with a confirmation and a Report action on others' messages.
 */
export function ProfileConversations({
  profile,
  first,
  now,
  report,
}: {
  profile: { username: string; name: string };
  first: ProfileMessagePage;
  now: number;
  report: (message: ProfileMessage) => void;
}) {
  const viewer = useCurrentUser();
  const { guard, modals } = useInteractionGate();
  const { askDelete, toast, deleteModal } = useDeleteMessage(profile.username);
  const [messages, setMessages] = useState(first.messages);
  const [total, setTotal] = useState(first.total);
  const [nextUrl, setNextUrl] = useState(first.nextUrl);
  const [loading, setLoading] = useState(false);
  const [said, setSaid] = useState<"failed" | "none" | null>(null);
  const section = useRef<HTMLElement>(null);
  const moreFocus = useMoreFocus(section);
  const heading = useRef<HTMLHeadingElement>(null);
  const isOwner = viewer?.username.toLowerCase() === profile.username.toLowerCase();

  const actions: MessageActions = {
    now,
    me: viewer?.username ?? null,
    report,
    // The deleted message's button is gone: the section's heading takes the focus.
    askDelete: (message, onDeleted) =>
      askDelete(message, () => {
        onDeleted();
        heading.current?.focus();
      }),
  };

  // The first new message takes the focus (decision 057); nothing new leaves it on the button.
  async function showMore() {
    if (!nextUrl) return;
    setLoading(true);
    const page = await browserApi()
      .profileMessages(profile.username, nextUrl)
      .catch(() => null);
    setLoading(false);
    if (!page) {
      setSaid("failed");
      return;
    }
    // Messages posted since the first page only shift it: skip any already shown.
    const isNew = (message: ProfileMessage, shown: ProfileMessage[]) =>
      !shown.some((s) => s.id === message.id);
    const fresh = page.messages.filter((message) => isNew(message, messages));
    moreFocus.bring(() => {
      setMessages((shown) => [...shown, ...page.messages.filter((m) => isNew(m, shown))]);
      setNextUrl(page.nextUrl);
      setSaid(fresh.length > 0 ? null : "none");
    });
  }

  return (
    <section
      ref={section}
      className="profile-conversations"
      aria-labelledby="profile-conversations-heading"
    >
      <div className="profile-conversations__heading">
        <h2 id="profile-conversations-heading" ref={heading} tabIndex={-1}>
          {text.heading}
        </h2>
        {total > 0 && <span className="profile-conversations__total">{text.total(total)}</span>}
      </div>
      {first.notice ? (
        <p className="profile-conversations__notice">{first.notice}</p>
      ) : (
        <MessageComposer
          label={text.label(profile.name)}
          placeholder={text.placeholder(profile.name)}
          submitLabel={text.post}
          guard={guard}
          send={(body) => browserApi().postProfileMessage(profile.username, body)}
          onPosted={(message) => {
            setMessages((shown) => [message, ...shown]);
            setTotal((count) => count + 1);
          }}
        />
      )}
      <p className="profile-conversations__toast live-region" role="status">
        {toast}
      </p>
      {messages.length === 0 ? (
        <p className="profile__empty">
          {isOwner ? text.emptyOwn : first.notice ? text.emptyClosed : text.empty(profile.name)}
        </p>
      ) : (
        <ol className="profile-conversations__list">
          {messages.map((message) => (
            <MessageThread
              key={message.id}
              username={profile.username}
              message={message}
              actions={actions}
              guard={guard}
              canReply={first.notice === null}
              onRemoved={() => {
                setMessages((shown) => shown.filter((s) => s.id !== message.id));
                setTotal((count) => count - 1);
              }}
            />
          ))}
        </ol>
      )}
      <ErrorLine text={said === "failed" ? text.loadFailed : said === "none" && t.search.noMore} />
      {(nextUrl || said === "none") && (
        <BusyButton
          className="button profile-conversations__more"
          type="button"
          busy={loading}
          ref={moreFocus.ref}
          onClick={() => void showMore()}
        >
          {text.showMore}
        </BusyButton>
      )}
      {modals}
      {deleteModal}
    </section>
  );
}
