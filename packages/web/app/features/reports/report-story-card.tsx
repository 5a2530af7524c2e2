import { MODEL_TYPES } from "@inkwell/shared";
import { Flag } from "lucide-react";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useReport } from "./report-modal.tsx";

const text = t.reports;

/**
 * The story page's report card (reader.md §2): anyone but the author may report the story
 * or its cover;
 * ambassadors and system admins also get the story's reports in the staff queue.
 */
export function ReportStoryCard({
  storyId,
  title,
  url,
  author,
  cover,
}: {
  storyId: number;
  title: string;
  url: string;
  author: string;
  /** The cover, which may be reported as an image of its own (the media flow). */
  cover: string | null;
}) {
  const viewer = useCurrentUser();
  const { report, reportModal } = useReport();
  const isAuthor = viewer?.username.toLowerCase() === author.toLowerCase();
  const moderator = viewer?.isAmbassador || viewer?.isSysAdmin;
  if (isAuthor && !moderator) return null;
  return (
    <aside className="side-card report-card" aria-labelledby="report-card-heading">
      <Flag aria-hidden="true" size={24} />
      <h2 id="report-card-heading">{text.storyCardHeading}</h2>
      <p>{text.storyCardText}</p>
      {!isAuthor && (
        <button
          className="button"
          type="button"
          onClick={() =>
            report({
              type: "story",
              id: storyId,
              username: author,
              reference: { name: title, location: url, deepLink: url },
            })
          }
        >
          {text.reportStory}
        </button>
      )}
      {!isAuthor && cover && (
        <button
          className="button"
          type="button"
          onClick={() =>
            report({
              type: "media",
              username: author,
              reference: { name: title, location: url, deepLink: cover },
            })
          }
        >
          {text.reportCover}
        </button>
      )}
      {moderator && (
        <a
          href={`/admin/community_reports?${new URLSearchParams({
            model_type: String(MODEL_TYPES.story),
            model_id: String(storyId),
            status: "all",
          })}`}
        >
          {text.reportsAbout}
        </a>
      )}
      {reportModal}
    </aside>
  );
}
