import { redirect } from "react-router";
import { apiContext } from "../api/context.ts";
import { searchPath } from "../features/search/filters.ts";
import { resultsPath } from "../features/search/results-path.ts";
import type { Route } from "./+types/search-term";

/**
 * /search/{term} opens the term's results; with filters in the query (they are the Stories
 * tab's), its Stories tab, keeping them.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const term = (params.term ?? "").trim();
  if (!term) throw redirect("/search");
  const { search } = new URL(request.url);
  if (search) throw redirect(`${searchPath(term, "stories")}${search}`);
  throw redirect(await resultsPath(context.get(apiContext), term));
}
