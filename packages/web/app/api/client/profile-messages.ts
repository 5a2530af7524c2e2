import type { ProfileMessage, ProfileMessagePage, ProfileMessageReplies } from "@inkwell/shared";
import { json, noBody, type Requests, userPath } from "./http.ts";

export const profileMessagesCalls = ({ get, call }: Requests) => ({
  /** A profile's Conversations, newest first; an answer's `nextUrl` is the next page. */
  profileMessages: (username: string, nextUrl?: string) =>
    get<ProfileMessagePage>(nextUrl ?? userPath(username, "/messages")),
  /** A message's replies older than `before`, oldest first. */
  profileMessageReplies: (username: string, id: number, before: number) =>
    get<ProfileMessageReplies>(
      userPath(username, `/messages/${id}/replies?limit=50&before=${before}`),
    ),
  /** Posts on a profile, or with `replyTo` replies to one of its messages. */
  postProfileMessage: (username: string, body: string, replyTo?: number) =>
    call<ProfileMessage>(
      userPath(username, replyTo ? `/messages/${replyTo}/replies` : "/messages"),
      json("POST", { body }),
    ),
  deleteProfileMessage: (username: string, id: number) =>
    call<null>(userPath(username, `/messages/${id}`), noBody("DELETE")),
});
