import {
  AliasNode,
  type Kysely,
  type OperationNode,
  type QueryId,
  SelectQueryNode,
  TableNode,
} from "kysely";
import { createApi } from "../app.ts";
import type { Database } from "../db/schema.ts";
import type { Caller, TestApi } from "./api.ts";

/** Whether the query reads `table` (by name or under an alias) in its FROM. */
function readsFrom(node: OperationNode, table: keyof Database): boolean {
  if (!SelectQueryNode.is(node)) return false;
  return (node.from?.froms ?? []).some((from) => {
    const named = AliasNode.is(from) ? from.node : from;
    return TableNode.is(named) && named.table.identifier.name === table;
  });
}

/**
 * The database as `db`, except that `meanwhile` runs once, as soon as the `nth` query
 * reading `table` has answered and before the caller goes on: a request's look-up and its
 * write then always straddle what `meanwhile` does (an account closing, say), where a race
 * meets that moment only now and then. The first read is a look-up outside any transaction;
 * a later one may be inside the request's: only PostgreSQL can run `meanwhile` there (on
 * another connection, so it must not wait on the request's locks), as SQLite's one
 * connection would keep it waiting for ever.
 */
export function afterRead(
  db: Kysely<Database>,
  table: keyof Database,
  meanwhile: () => Promise<unknown>,
  nth = 1,
): Kysely<Database> {
  const reads = new WeakSet<QueryId>();
  let seen = 0;
  let done = false;
  return db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      if (!done && readsFrom(node, table) && ++seen === nth) reads.add(queryId);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      if (!done && reads.has(queryId)) {
        done = true;
        await meanwhile();
      }
      return result;
    },
  });
}

/**
 * Sends a call to the test API over afterRead's database: `meanwhile` (an account
 * closing, say) lands between the call's `nth` read of `table` and what follows.
 * Answers the call's status and JSON body.
 */
export async function straddledCall(
  t: TestApi,
  table: keyof Database,
  meanwhile: () => Promise<unknown>,
  [method, path, who, body]: [string, string, Caller, unknown?],
  nth = 1,
): Promise<[number, unknown]> {
  const db = afterRead(t.handle.db, table, meanwhile, nth);
  const api = createApi({ ...t.handle, db }, { mediaDir: t.mediaDir });
  const answer = await api.request(path, {
    method,
    headers: { cookie: who.cookie, "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return [answer.status, await answer.json()];
}
