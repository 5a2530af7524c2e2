import {
  LANGUAGES,
  languageById,
  type ReportTypeName,
  type SupportFlow,
  type SupportTree,
  supportTreeProblems,
} from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest, HttpError, notFound } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";

/** The language every flow exists in: the seed's (migration 021-reports). */
export const DEFAULT_TREE_LANG = 1;

type FlowBody = Omit<SupportFlow, "id">;

/**
 * GET /v4/support/tree?lang: every flow in the language asked for, each flow falling back
 * to English where staff have not written that language's version yet.
 */
export async function supportTree(db: Kysely<Database>, lang: number): Promise<SupportTree> {
  if (!languageById(lang)) throw badRequest(`lang must be a language id (${langIds()})`);
  const rows = await db
    .selectFrom("support_tree_flows")
    .select(["lang", "flow_id", "position", "body"])
    .where("lang", "in", [...new Set([DEFAULT_TREE_LANG, lang])])
    .orderBy("position")
    .execute();
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const current = chosen.get(row.flow_id);
    if (!current || row.lang === lang) chosen.set(row.flow_id, row);
  }
  const flows = [...chosen.values()]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ id: row.flow_id as ReportTypeName, ...(JSON.parse(row.body) as FlowBody) }));
  const translated = [...chosen.values()].some((row) => row.lang === lang);
  return { lang: translated ? lang : DEFAULT_TREE_LANG, flows };
}

const langIds = () => LANGUAGES.map((language) => language.id).join(", ");

/** Who may edit the tree: system admins and staff. */
export function assertEditsTree(viewer: Viewer): void {
  if (!(viewer.isSysAdmin || viewer.isStaff)) {
    throw new HttpError(403, "forbidden", "Only staff and system admins edit the support tree.");
  }
}

/**
 * PUT /v4/support/tree/{flowId}?lang: replaces one flow in one language (staff only). A
 * language other than English may get its own version of a flow English has.
 */
export async function saveSupportFlow(
  db: Kysely<Database>,
  viewer: Viewer,
  lang: number,
  flowId: string,
  flow: FlowBody,
  now = Date.now(),
): Promise<SupportFlow> {
  assertEditsTree(viewer);
  if (!languageById(lang)) throw badRequest(`lang must be a language id (${langIds()})`);
  const english = await db
    .selectFrom("support_tree_flows")
    .select("position")
    .where("lang", "=", DEFAULT_TREE_LANG)
    .where("flow_id", "=", flowId)
    .executeTakeFirst();
  if (!english) throw notFound("Support flow");
  const problems = supportTreeProblems(flow.items);
  if (problems.length > 0) throw badRequest(problems.join("; "), { items: problems.join("; ") });
  const body = JSON.stringify({
    title: flow.title,
    ticketFormId: flow.ticketFormId,
    ticketSubject: flow.ticketSubject,
    items: flow.items,
  });
  await db
    .insertInto("support_tree_flows")
    .values({
      lang,
      flow_id: flowId,
      position: english.position,
      body,
      updated_at: now,
      updated_by: viewer.id,
    })
    .onConflict((oc) =>
      oc.columns(["lang", "flow_id"]).doUpdateSet({ body, updated_at: now, updated_by: viewer.id }),
    )
    .execute();
  return { id: flowId as ReportTypeName, ...(JSON.parse(body) as FlowBody) };
}
