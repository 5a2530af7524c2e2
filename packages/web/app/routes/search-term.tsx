import { redirect } from "react-router";
import { searchPath } from "../features/search/filters.ts";
import type { Route } from "./+types/search-term";

/** /search/{term} opens its Stories tab, keeping any filters in the query. */
export function loader({ params, request }: Route.LoaderArgs) {
  const term = (params.term ?? "").trim();
  if (!term) throw redirect("/search");
  throw redirect(`${searchPath(term, "stories")}${new URL(request.url).search}`);
}
