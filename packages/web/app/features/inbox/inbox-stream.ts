import type { InboxEvent } from "@inkwell/shared";
import { useEffect, useRef } from "react";
import { browserApi } from "../../api/client.ts";

/**
 * What the page hears from the inbox: the server's events, plus `catch-up` whenever it
 * may have missed something (the stream (re)opened, or a polling tick), so an open
 * conversation asks for the messages after the last one it shows.
 */
export type InboxSignal = InboxEvent | { type: "catch-up" };
type Listener = (signal: InboxSignal) => void;

const POLL_MS = 15_000;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let poller: ReturnType<typeof setInterval> | null = null;
/**
 * The stream says the unread count once as it opens: a listener that joins later (the
 * header's lazily loaded Inbox link, after the inbox page opened the stream) hears it
 * from here.
 */
let lastUnread: InboxSignal | null = null;

const dispatch = (signal: InboxSignal) => {
  if (signal.type === "unread") lastUnread = signal;
  for (const listener of listeners) listener(signal);
};

/** Without a stream, ask every 15 seconds: the unread count, and a catch-up. */
function startPolling(username: string) {
  const tick = async () => {
    try {
      const unread = await browserApi().inbox(username, "unread", { limit: 1, offset: 0 });
      dispatch({ type: "unread", unread: unread.total });
    } catch {
      // The next tick tries again.
    }
    dispatch({ type: "catch-up" });
  };
  void tick();
  poller = setInterval(tick, POLL_MS);
}

/**
 * One EventSource per tab, shared by the header and an open conversation. The browser
 * reconnects by itself with Last-Event-ID; when it gives up (the stream is refused or
 * EventSource is missing) the page polls instead.
 */
function start(username: string) {
  if (source || poller) return;
  if (typeof EventSource === "undefined") return startPolling(username);
  const stream = new EventSource(`/api/v3/users/${encodeURIComponent(username)}/inbox-events`);
  source = stream;
  stream.addEventListener("open", () => dispatch({ type: "catch-up" }));
  for (const type of ["message", "deleted", "unread"]) {
    stream.addEventListener(type, (event) => dispatch(JSON.parse((event as MessageEvent).data)));
  }
  stream.addEventListener("error", () => {
    if (stream.readyState !== EventSource.CLOSED) return;
    source = null;
    startPolling(username);
  });
}

function stop() {
  source?.close();
  source = null;
  lastUnread = null;
  if (poller) clearInterval(poller);
  poller = null;
}

/** Calls `onSignal` for every inbox signal while mounted (signed-in users only). */
export function useInboxSignals(username: string | null, onSignal: Listener) {
  const latest = useRef(onSignal);
  latest.current = onSignal;
  useEffect(() => {
    if (!username) return;
    const listener: Listener = (signal) => latest.current(signal);
    listeners.add(listener);
    start(username);
    if (lastUnread) listener(lastUnread);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stop();
    };
  }, [username]);
}
