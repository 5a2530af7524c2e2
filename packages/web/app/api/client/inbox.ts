import type {
  AutocompleteUser,
  Conversation,
  InboxFilter,
  InboxMessage,
  InboxThreadList,
} from "@inkwell/shared";
import { json, noBody, type PageQuery, pageParams, type Requests, userPath } from "./http.ts";

export const inboxCalls = ({ get, call }: Requests) => ({
  /** The signed-in user's threads, most recent first. */
  inbox: (username: string, filter: InboxFilter, page: PageQuery) =>
    get<InboxThreadList>(userPath(username, `/inbox?${pageParams(page)}&filter=${filter}`)),
  /** A page of a conversation (reads it); `before`/`after` are message ids. */
  conversation: (me: string, other: string, query: { before?: number; after?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.before) params.set("before", String(query.before));
    if (query.after) params.set("after", String(query.after));
    return get<Conversation>(userPath(me, `/inbox/${encodeURIComponent(other)}?${params}`));
  },
  sendMessage: (me: string, other: string, body: string) =>
    call<InboxMessage>(
      userPath(me, `/inbox/${encodeURIComponent(other)}`),
      json("POST", { sender: me, recipient: other, body }),
    ),
  /** Takes back an own message (with an id) or deletes the conversation for me (without). */
  deleteInbox: (me: string, other: string, messageId?: number) =>
    call<{ deleted: true }>(
      userPath(
        me,
        `/inbox/${encodeURIComponent(other)}${messageId ? `?message_id=${messageId}` : ""}`,
      ),
      noBody("DELETE"),
    ),
  autocompleteUsers: (term: string) =>
    get<AutocompleteUser[]>(`/api/v3/autocomplete/following_user?${new URLSearchParams({ term })}`),
});
