import type { Conversation, InboxMessage, SafetyState } from "@inkwell/shared";
import { ArrowLeft, MoreVertical } from "lucide";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { failureOf, LiveAlert } from "../components/alert.tsx";
import { Avatar } from "../components/avatar.tsx";
import { ErrorPage, UserNotFound } from "../components/error-page.tsx";
import { Icon } from "../components/icon.tsx";
import { Modal } from "../components/modal.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { UserBadges } from "../components/user-badges.tsx";
import { useInteractionGate } from "../features/accounts/interaction-gate.tsx";
import { Composer } from "../features/inbox/composer.tsx";
import { useInboxSignals } from "../features/inbox/inbox-stream.ts";
import { MessageList } from "../features/inbox/message-list.tsx";
import { MessagingNotices } from "../features/inbox/messaging-notices.tsx";
import { useReportOnDemand } from "../features/reports/use-report-on-demand.tsx";
import {
  safetyActionsFor,
  safetyAfter,
  safetyLabel,
  useSafetyActions,
} from "../features/safety/use-safety-actions.tsx";
import { t } from "../i18n/index.ts";
import { loadFeatures } from "../lib/feature-flags.ts";
import { orNotFound } from "../lib/route-data.ts";
import { closeOnChoice, useDismissibleDetails } from "../lib/use-dismissible-details.ts";
import type { Route } from "./+types/inbox-conversation";
import "../styles/inbox.css";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const other = params.username ?? "";
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) {
    throw redirect(`/login?${new URLSearchParams({ nextUrl: `/inbox/${other}` })}`);
  }
  const [conversation, features] = await Promise.all([
    // orNotFound's 404 is a response, not an Error, so an unknown user still gets it.
    orNotFound(api.conversation(user.username, other)).catch((error: unknown) => {
      if (error instanceof Error) return emptyConversation(other);
      throw error;
    }),
    loadFeatures(api),
  ]);
  return { me: user.username, conversation, features, now: Date.now() };
}

/**
 * §8: a conversation that cannot load is an empty list with total 0. Only the username is
 * known, so it stands in for the name; an unknown user is still the page's 404.
 */
function emptyConversation(username: string): Conversation {
  return {
    user: { username, name: username, fullname: username, avatar: null, badges: [] },
    messages: [],
    badges: [],
    isActive: true,
    total: 0,
    isBlockingCurrentUser: false,
    safety: { isMuted: false, isBlocked: false },
    isFollowing: false,
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [];
  return [{ title: `${data.conversation.user.name} · ${t.inbox.title} · ${t.brand}` }];
}

/** Messages by id, each once, oldest first: pages and live events overlap freely. */
function merge(current: InboxMessage[], incoming: InboxMessage[]): InboxMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  const { me, conversation, features, now } = loaderData;
  const other = conversation.user;
  const [messages, setMessages] = useState(conversation.messages);
  const [total, setTotal] = useState(conversation.total);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Mute and block change who may reply: the notice in place of the composer follows at once.
  const [safety, setSafety] = useState(conversation.safety);
  const { guard, modals } = useInteractionGate();
  const { report, reportModal } = useReportOnDemand();
  const {
    ask,
    toast,
    modal: safetyModal,
  } = useSafetyActions((action) => {
    setSafety((current) => safetyAfter(current, action));
    setRefusal(null);
  });
  const menu = useDismissibleDetails();
  // §6: when sending is not allowed, reporting is disabled too.
  const canReport = features?.private_message.can_send_private_message !== false;
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const api = browserApi();

  // Another conversation (client navigation) starts afresh.
  useEffect(() => {
    setMessages(conversation.messages);
    setTotal(conversation.total);
    setSafety(conversation.safety);
    setRefusal(null);
  }, [conversation]);

  // New messages scroll into view; older ones keep the reader where they were.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || messages.length === 0) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  async function loadOlder() {
    const oldest = messages[0];
    const element = scroller.current;
    if (!oldest || !element) return;
    try {
      const page = await api.conversation(me, other.username, { before: oldest.id });
      keepFromBottom.current = element.scrollHeight - element.scrollTop;
      setMessages((current) => merge(current, page.messages));
      setTotal(page.total);
    } catch {
      setFailed(true);
    }
  }

  async function catchUp() {
    const last = messages.at(-1);
    try {
      const page = await api.conversation(me, other.username, last ? { after: last.id } : {});
      setMessages((current) => merge(current, page.messages));
      setTotal(page.total);
    } catch {
      // The next signal tries again.
    }
  }

  useInboxSignals(me, (signal) => {
    if (signal.type === "catch-up") void catchUp();
    if (signal.type === "message" && signal.with.toLowerCase() === other.username.toLowerCase()) {
      setMessages((current) => merge(current, [signal.message]));
      // Reading it here: fetching marks it read, and the header's count follows.
      if (signal.message.sender !== me) void catchUp();
    }
    if (signal.type === "deleted" && signal.with.toLowerCase() === other.username.toLowerCase()) {
      setMessages((current) => current.filter((message) => message.id !== signal.id));
    }
  });

  // A request the network drops (offline, a lost connection) fails like a refused one.
  async function send(body: string): Promise<boolean> {
    setFailed(false);
    const result = await api.sendMessage(me, other.username, body).catch(() => null);
    if (result?.ok) {
      setMessages((current) => merge(current, [result.value]));
      return true;
    }
    if (result?.refusal.code === "verify_email") guard(() => undefined);
    else if (result?.refusal.code === "blocked" || result?.refusal.code === "muted") {
      setRefusal(result.refusal.message ?? t.inbox.notices.cannotReply);
    } else setFailed(true);
    return false;
  }

  async function deleteMessage(message: InboxMessage) {
    const result = await api.deleteInbox(me, other.username, message.id).catch(() => null);
    if (result?.ok) setMessages((current) => current.filter((m) => m.id !== message.id));
    else setFailed(true);
  }

  async function deleteConversation() {
    const result = await api.deleteInbox(me, other.username).catch(() => null);
    if (result?.ok) window.location.assign("/inbox");
    else setFailed(true);
  }

  const notice = noticeFor(
    conversation,
    safety,
    features?.private_message.can_send_private_message,
    refusal,
  );

  /** Runs a menu choice with the menu closed, so focus and the eye go to what it opens. */
  const choose = (action: () => void) => {
    closeOnChoice(menu.ref.current);
    action();
  };
  const target = { username: other.username, name: other.name };

  return (
    <section className="conversation" aria-labelledby="conversation-heading">
      <header className="conversation__header">
        <a className="conversation__back" href="/inbox" aria-label={t.inbox.back}>
          <Icon of={ArrowLeft} aria-hidden="true" size={22} />
        </a>
        <a className="conversation__who" href={`/user/${other.username}`}>
          <Avatar src={other.avatar} name={other.name} size={32} />
          <h1 id="conversation-heading">{other.name}</h1>
          <UserBadges badges={conversation.badges} />
        </a>
        <details className="conversation__menu" {...menu}>
          <summary aria-label={t.inbox.safetyMenu}>
            <Icon of={MoreVertical} aria-hidden="true" size={20} />
          </summary>
          <ul className="conversation__menu-panel">
            {safetyActionsFor(safety).map((action) => (
              <li key={action}>
                <ScriptButton onClick={() => choose(() => ask(action, target))}>
                  {safetyLabel(action)}
                </ScriptButton>
              </li>
            ))}
            {canReport && (
              <li>
                <ScriptButton
                  onClick={() =>
                    choose(() =>
                      report({
                        type: "user",
                        username: other.username,
                        reference: { name: other.name, location: `/inbox/${other.username}` },
                      }),
                    )
                  }
                >
                  {t.reports.reportUser}
                </ScriptButton>
              </li>
            )}
            <li>
              <ScriptButton
                className="conversation__menu-danger"
                onClick={() => choose(() => setConfirming(true))}
              >
                {t.inbox.deleteConversation}
              </ScriptButton>
            </li>
          </ul>
        </details>
      </header>
      <div className="conversation__scroller" ref={scroller}>
        <MessagingNotices permissions={features?.private_message} />
        {messages.length < total && (
          <p className="conversation__older">
            <ScriptButton className="button" onClick={loadOlder}>
              {t.inbox.olderMessages}
            </ScriptButton>
          </p>
        )}
        {/* On the page while the conversation is empty too: the first message sent or
            received is then said, which a region arriving with it often is not (decision 058). */}
        <section aria-label={t.inbox.messagesWith(other.name)} aria-live="polite">
          {messages.length === 0 ? (
            <p className="conversation__empty">
              {notice ? t.inbox.noMessagesClosed : t.inbox.noMessages}
            </p>
          ) : (
            <MessageList
              messages={messages}
              me={me}
              other={other.name}
              now={now}
              onDelete={deleteMessage}
              onReport={
                canReport
                  ? (message) =>
                      report({
                        type: "private-message",
                        id: message.id,
                        username: message.sender,
                        reference: {
                          name: message.from.name,
                          body: message.body.slice(0, 500),
                          deepLink: `/inbox/${other.username}`,
                        },
                      })
                  : undefined
              }
            />
          )}
        </section>
      </div>
      <footer className="conversation__footer">
        {/* In the footer, not floating: a floating toast would cover the composer it frees. */}
        <p className="conversation__toast live-region" role="status">
          {toast}
        </p>
        <LiveAlert message={failureOf(failed && t.inbox.failed)} />
        {/* On the page before it speaks, so a mute or block's notice is said (decision 058). */}
        <p className="conversation__notice live-region" role="status">
          {notice}
        </p>
        {!notice && <Composer name={other.name} send={send} />}
      </footer>
      <Modal
        open={confirming}
        title={t.inbox.deleteConversation}
        onClose={() => setConfirming(false)}
      >
        <div className="modal__form">
          <p>{t.inbox.deleteConfirm(other.name)}</p>
          <div className="modal__actions">
            <ScriptButton className="button" onClick={() => setConfirming(false)}>
              {t.inbox.cancel}
            </ScriptButton>
            <ScriptButton className="button button--danger" onClick={deleteConversation}>
              {t.inbox.deleteConversation}
            </ScriptButton>
          </div>
        </div>
      </Modal>
      {modals}
      {reportModal}
      {safetyModal}
    </section>
  );
}

/** The notice that replaces the composer, if any (§6): blocked, muted, or cannot reply. */
function noticeFor(
  conversation: Conversation,
  safety: SafetyState,
  canSend: boolean | undefined,
  refusal: string | null,
): string | null {
  const { name } = conversation.user;
  if (safety.isBlocked) return t.inbox.notices.blocked(name);
  if (safety.isMuted) return t.inbox.notices.muted(name);
  if (conversation.isBlockingCurrentUser || canSend === false) return t.inbox.notices.cannotReply;
  return refusal;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <UserNotFound />;
  return <ErrorPage kind="generic" />;
}
