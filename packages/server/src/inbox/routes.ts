import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CONVERSATION_PAGE_SIZE,
  INBOX_FILTERS,
  INBOX_PAGE_SIZE,
  type InboxEvent,
} from "@inkwell/shared";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, json, okRoute, okRoutesRefusing } from "../http/openapi.ts";
import type { AccountLimiters } from "../http/rate-limit.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import {
  idParam,
  limitQuery,
  offsetQuery,
  parseInput,
  userText,
  validationHook,
} from "../http/validation.ts";
import { usernameParam } from "../users/routes.ts";
import { subscribe } from "./live.ts";
import { requireOwner } from "./messages.ts";
import { autocompleteUsers } from "./people.ts";
import { sendMessage } from "./sending.ts";
import { deleteConversation, deleteMessage, getConversation, messagesAfter } from "./service.ts";
import { listThreads, unreadConversations } from "./threads.ts";

const refusals = {
  400: { description: "Bad query or body", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the signed-in user's inbox", ...errorJson },
  404: { description: "No such user", ...errorJson },
};

const inboxParams = z.object({ username: usernameParam("username") });
const conversationParams = z.object({
  username: usernameParam("username"),
  other: usernameParam("other"),
});

const route = okRoutesRefusing(refusals);

const listRoute = route(
  "get",
  "/api/v3/users/{username}/inbox",
  "The signed-in user's threads, most recent first: {threads, total}",
  {
    params: inboxParams,
    query: z.object({
      filter: z.enum(INBOX_FILTERS).default("all"),
      limit: limitQuery(50, INBOX_PAGE_SIZE),
      offset: offsetQuery,
    }),
  },
  "{threads, total}",
);

const optionalId = (name: string) => idParam(name, "query").optional();

const conversationRoute = route(
  "get",
  "/api/v3/users/{username}/inbox/{other}",
  "A page of one conversation, oldest first (reads it): newest page at offset 0; `before` or `after` a message id page by cursor",
  {
    params: conversationParams,
    query: z.object({
      offset: offsetQuery,
      limit: limitQuery(100, CONVERSATION_PAGE_SIZE),
      before: optionalId("before"),
      after: optionalId("after"),
    }),
  },
  "{user, messages, badges, isActive, total, isBlockingCurrentUser, safety, isFollowing}",
);

const sendBody = z.strictObject({
  body: userText("body is the message to send", "many"),
  sender: z.string().optional(),
  recipient: z.string().optional(),
});

const sendRoute = okRoute(
  "post",
  "/api/v3/users/{username}/inbox/{other}",
  "Send a message (JSON or form: sender, recipient, body); answers the message",
  { params: conversationParams },
  "The message",
  {
    ...refusals,
    403: {
      description:
        "Not the user's inbox; email not verified (verify_email); messaging off (messaging_disabled); blocked or muted (blocked, muted: the notice as message)",
      ...errorJson,
    },
    429: { description: "Too many messages in a minute", ...errorJson },
  },
);

const deleteRoute = route(
  "delete",
  "/api/v3/users/{username}/inbox/{other}",
  "With message_id: take back an own message (for both people). Without: delete the conversation for the signed-in user",
  {
    params: conversationParams,
    query: z.object({ message_id: optionalId("message_id") }),
  },
  "{deleted: true}",
);

const autocompleteRoute = createRoute({
  method: "get",
  path: "/api/v3/autocomplete/following_user",
  summary:
    "People to message by username prefix, followed people first: [{label, name, image, category}]",
  request: {
    query: z.object({ term: userText("term is text").max(50, "term is at most 50 characters") }),
  },
  responses: {
    200: {
      description: "[{label, name, image, category}]",
      ...json(z.array(z.object({}).passthrough())),
    },
    400: refusals[400],
    401: refusals[401],
  },
});

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * The inbox calls of accounts-safety-messaging.md §7, the autocomplete, and the live
 * stream: GET /api/v3/users/{me}/inbox-events (text/event-stream). Its path is outside
 * /inbox/ because any word there could be a username.
 */
export function inboxRoutes(limits: AccountLimiters) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const { username } = c.req.valid("param");
    return c.json(
      await listThreads(c.get("db"), requireViewer(c), username, c.req.valid("query")),
      200,
    );
  });
  app.openapi(conversationRoute, async (c) => {
    const { username, other } = c.req.valid("param");
    return c.json(
      await getConversation(c.get("db"), requireViewer(c), username, other, c.req.valid("query")),
      200,
    );
  });
  app.openapi(sendRoute, async (c) => {
    const viewer = requireViewer(c);
    const { username, other } = c.req.valid("param");
    requireOwner(viewer, username);
    const input = parseInput(sendBody, await readFields(c));
    await limits.message.hit([`message:${viewer.id}`]);
    return c.json(await sendMessage(c.get("db"), viewer, username, other, input), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const viewer = requireViewer(c);
    const { username, other } = c.req.valid("param");
    const { message_id } = c.req.valid("query");
    if (message_id === undefined) await deleteConversation(c.get("db"), viewer, username, other);
    else await deleteMessage(c.get("db"), viewer, username, other, message_id);
    return c.json({ deleted: true }, 200);
  });
  app.openapi(autocompleteRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await autocompleteUsers(c.get("db"), viewer, c.req.valid("query").term), 200);
  });

  /**
   * The live stream. It subscribes before catching up, so nothing published meanwhile is
   * lost, and sends each message once: a resuming browser names the last id it saw
   * (Last-Event-ID, or ?after= for a fresh EventSource) and gets what came after it.
   */
  app.get("/api/v3/users/:username/inbox-events", (c) => {
    const viewer = requireViewer(c);
    requireOwner(viewer, c.req.param("username"));
    const resumeFrom = parseInput(z.object({ after: optionalId("after") }), {
      after: c.req.header("last-event-id") || c.req.query("after") || undefined,
    }).after;
    const db = c.get("db");
    return streamSSE(c, async (stream) => {
      const queue: InboxEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = subscribe(viewer.id, (event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // Sent once each, by id: concurrent sends commit, and so publish, in any order, so a
      // smaller id may come after a larger one and must still go out.
      const sent = new Set<number>();
      let lastId = resumeFrom ?? 0;
      const send = async (event: InboxEvent) => {
        if (event.type === "message") {
          const { id } = event.message;
          if (sent.has(id) || (resumeFrom !== undefined && id <= resumeFrom)) return;
          sent.add(id);
          lastId = Math.max(lastId, id);
          await stream.writeSSE({
            event: event.type,
            id: String(lastId),
            data: JSON.stringify(event),
          });
        } else {
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
        }
      };
      try {
        await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
        if (resumeFrom !== undefined) {
          for (const missed of await messagesAfter(db, viewer.id, resumeFrom)) {
            await send({ type: "message", ...missed });
          }
        }
        await send({ type: "unread", unread: await unreadConversations(db, viewer.id) });
        while (!stream.aborted) {
          for (let event = queue.shift(); event; event = queue.shift()) await send(event);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
        }
      } finally {
        unsubscribe();
      }
    });
  });
  return app;
}
