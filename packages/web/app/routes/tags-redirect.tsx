import { redirect } from "react-router";
import type { Route } from "./+types/tags-redirect";

/** The older /tags/{tag} form of a tag page (reader.md §2) moved to /stories/{tag} for good. */
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/stories/${encodeURIComponent(params.tag)}${search}`, 301);
}
