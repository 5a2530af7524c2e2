import { isModerator, storyReportsUrl } from "@inkwell/shared";
import { Flag } from "lucide";
import { Icon } from "../../components/icon.tsx";
import { ScriptButton } from "../../components/script-button.tsx";
import { t } from "../../i18n/index.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useReportOnDemand } from "./use-report-on-demand.tsx";

const text = t.reportCard;

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
  language,
}: {
  storyId: number;
  /** The story's language by name, which a copyright notice filed from here names. */
  language: string;
  title: string;
  url: string;
  author: string;
  /** The cover, which may be reported as an image of its own (the media flow). */
  cover: string | null;
}) {
  const viewer = useCurrentUser();
  const { report, reportModal } = useReportOnDemand();
  const isAuthor = viewer?.username.toLowerCase() === author.toLowerCase();
  const moderator = viewer !== null && isModerator(viewer);
  if (isAuthor && !moderator) return null;
  return (
    <aside className="side-card report-card" aria-labelledby="report-card-heading">
      <Icon of={Flag} aria-hidden="true" size={24} />
      <h2 id="report-card-heading">{text.heading}</h2>
      <p>{text.text}</p>
      {!isAuthor && (
        <ScriptButton
          className="button"
          onClick={() =>
            report({
              type: "story",
              id: storyId,
              username: author,
              reference: { name: title, location: url, deepLink: url },
              story: { id: storyId, language },
            })
          }
        >
          {text.reportStory}
        </ScriptButton>
      )}
      {!isAuthor && cover && (
        <ScriptButton
          className="button"
          onClick={() =>
            report({
              type: "media",
              username: author,
              reference: { name: title, location: url, deepLink: cover },
              story: { id: storyId, language },
            })
          }
        >
          {text.reportCover}
        </ScriptButton>
      )}
      {moderator && (
        <a className="tap-target" href={storyReportsUrl(storyId)}>
          {text.reportsAbout}
        </a>
      )}
      {reportModal}
    </aside>
  );
}
