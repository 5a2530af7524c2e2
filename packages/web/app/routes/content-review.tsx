import { ID_PATTERN, storyReportsUrl } from "@inkwell/shared";
import { redirect } from "react-router";
import type { Route } from "./+types/content-review";

/**
 * /contentreview?groupid={id} (reader.md §6's admin link): a story's content review is its
 * reports in the staff queue, which says who may see them (decision 042).
 */
export function loader({ request }: Route.LoaderArgs) {
  const groupId = new URL(request.url).searchParams.get("groupid") ?? "";
  throw redirect(
    ID_PATTERN.test(groupId)
      ? storyReportsUrl(Number(groupId))
      : "/admin/community_reports?status=all",
  );
}
