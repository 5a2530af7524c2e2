import type { StoryRatingChange } from "@inkwell/shared";
import { t } from "../../i18n/index.ts";
import { reportDate } from "../reports/my-reports.tsx";
import "../../styles/story-staff.css";

const text = t.storyStaff;

/** Where a story's rating history has a page of its own (reader.md §6's admin link). */
export const ratingHistoryUrl = (storyId: number) =>
  `/admin/story_rating_history.php?${new URLSearchParams({ story_id: String(storyId) })}`;

/**
 * Each rating a story was given, oldest first, with who set it and when: in the admin panel
 * and on the rating history page.
 */
export function RatingHistoryList({ changes }: { changes: StoryRatingChange[] }) {
  if (changes.length === 0) return <p>{text.noRatings}</p>;
  return (
    <ol className="staff-admin__ratings">
      {changes.map((change, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end
        <li key={index}>
          <strong>{change.mature ? text.mature : text.notMature}</strong>
          <span>
            {change.by ?? "—"} · {reportDate(change.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}
