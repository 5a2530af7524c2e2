import {
  INBOX_FILTERS,
  INBOX_PAGE_SIZE,
  type InboxFilter,
  type InboxThreadList,
} from "@inkwell/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { browserApi } from "../api/client.ts";
import { apiContext } from "../api/context.ts";
import { BusyButton } from "../components/busy-button.tsx";
import { ChipRow } from "../components/chip-row.tsx";
import { ScriptButton } from "../components/script-button.tsx";
import { useInteractionGate } from "../features/accounts/interaction-gate.tsx";
import { useInboxSignals } from "../features/inbox/inbox-stream.ts";
import { MessagingNotices } from "../features/inbox/messaging-notices.tsx";
import { NewMessageModal } from "../features/inbox/new-message.tsx";
import { ThreadRow } from "../features/inbox/thread-row.tsx";
import { t } from "../i18n/index.ts";
import { loadFeatures } from "../lib/feature-flags.ts";
import { useMoreFocus } from "../lib/more-focus.ts";
import { useNearEnd } from "../lib/use-near-end.ts";
import type { Route } from "./+types/inbox";
import "../styles/inbox.css";

const isFilter = (value: string | null): value is InboxFilter =>
  INBOX_FILTERS.some((filter) => filter === value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = request.headers.has("cookie") ? await api.currentUser() : null;
  if (!user) throw redirect(`/login?${new URLSearchParams({ nextUrl: "/inbox" })}`);
  const requested = new URL(request.url).searchParams.get("filter");
  const filter = isFilter(requested) ? requested : "all";
  // The spec's failures: an inbox that cannot load is empty, and so are flags that cannot.
  const [first, features] = await Promise.all([
    api
      .inbox(user.username, filter, { limit: INBOX_PAGE_SIZE, offset: 0 })
      .catch((): InboxThreadList => ({ threads: [], total: 0 })),
    loadFeatures(api),
  ]);
  return { username: user.username, filter, first, features, now: Date.now() };
}

export function meta() {
  return [{ title: `${t.inbox.title} · ${t.brand}` }];
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { username, filter, first, features, now } = loaderData;
  const permissions = features?.private_message;
  const canSend = permissions?.can_send_private_message ?? true;
  const [list, setList] = useState(first);
  const [loading, setLoading] = useState(false);
  const [composing, setComposing] = useState(false);
  const [toast, setToast] = useState("");
  const { guard, modals } = useInteractionGate();
  const more = useRef<HTMLButtonElement>(null);
  // Load more, pressed or reached by Tab, hands focus to the first new conversation
  // (decision 057); a load the scroll began while focus was elsewhere leaves it there.
  const moreFocus = useMoreFocus();

  useEffect(() => setList(first), [first]);

  const loadMore = useCallback(async () => {
    if (loading) return;
    setLoading(true);
    try {
      const next = await browserApi().inbox(username, filter, {
        limit: INBOX_PAGE_SIZE,
        offset: list.threads.length,
      });
      moreFocus.bring(() =>
        setList({ threads: [...list.threads, ...next.threads], total: next.total }),
      );
    } catch {
      setToast(t.inbox.failed);
    } finally {
      setLoading(false);
    }
  }, [loading, username, filter, list, moreFocus.bring]);

  // More loads when the end of the list comes into view (threshold 0), as the spec says.
  useNearEnd(more, list.threads.length < list.total ? () => void loadMore() : null, {
    margin: "0px",
    count: list.threads.length,
  });

  // A new message moves its thread up: the first page is fetched again.
  useInboxSignals(username, (signal) => {
    if (signal.type !== "message") return;
    browserApi()
      .inbox(username, filter, { limit: Math.max(list.threads.length, INBOX_PAGE_SIZE), offset: 0 })
      .then(setList, () => undefined);
  });

  const onFailure = useCallback(() => setToast(t.inbox.failed), []);

  return (
    <section className="inbox" aria-labelledby="inbox-heading">
      <header className="inbox__header">
        <h1 id="inbox-heading">{t.inbox.title}</h1>
        {canSend && (
          <ScriptButton
            className="button button--primary"
            onClick={() => guard(() => setComposing(true))}
          >
            {t.inbox.newMessage}
          </ScriptButton>
        )}
      </header>
      <MessagingNotices permissions={permissions} />
      <nav className="inbox__filters" aria-label={t.inbox.filtersLabel}>
        <ChipRow>
          {INBOX_FILTERS.map((name) => (
            <a
              key={name}
              href={name === "all" ? "/inbox" : `/inbox?filter=${name}`}
              aria-current={name === filter ? "page" : undefined}
            >
              {t.inbox.filters[name]}
            </a>
          ))}
        </ChipRow>
      </nav>
      {list.threads.length === 0 ? (
        <p className="inbox__empty">{filter === "all" ? t.inbox.empty : t.inbox.emptyFiltered}</p>
      ) : (
        <ul className="inbox__threads">
          {list.threads.map((thread) => (
            <ThreadRow key={thread.user.username} thread={thread} now={now} />
          ))}
        </ul>
      )}
      {list.threads.length < list.total && (
        <p ref={moreFocus.ref} className="page-more">
          <BusyButton ref={more} className="button" busy={loading} onClick={loadMore}>
            {t.inbox.showMore}
          </BusyButton>
        </p>
      )}
      <NewMessageModal open={composing} onClose={() => setComposing(false)} onFailure={onFailure} />
      {modals}
      <p className="inbox__toast live-region" role="status">
        {toast}
      </p>
    </section>
  );
}
