import { spokenCount } from "@inkwell/shared";
import { characters } from "./characters.ts";

const viewReplies = (n: number) => (n === 1 ? "View 1 Reply" : `View ${n} Replies`);

export const comments = {
  heading: "Comments",
  paragraphHeading: "Comments on this paragraph",
  // Which paragraph, counted from 1: a screen reader's list of buttons shows every marker.
  paragraphMarker: (n: number, paragraph: number) =>
    n === 0
      ? `Comment on paragraph ${paragraph}`
      : `${n} ${n === 1 ? "comment" : "comments"} on paragraph ${paragraph}`,
  placeholder: "Write a comment…",
  replyPlaceholder: "Write a reply…",
  label: "Your comment",
  replyLabel: "Your reply",
  post: "Comment",
  reply: "Reply",
  // Per-comment buttons name whose comment they act on, as Like, Mute and Report do, so
  // twenty comments are not twenty identical buttons to a screen reader; the word shown first.
  replyTo: (name: string) => `Reply to ${name}`,
  muteAuthor: (name: string) => `Mute ${name}`,
  cancel: "Cancel",
  posting: "Posting…",
  postFailed: "Comment failed to post",
  retry: "Retry",
  loadFailed: "There was an issue retrieving comments.",
  empty: "Be the first to comment",
  notFound: "The comment cannot be found.",
  loading: "Loading comments…",
  loadMore: "Load more",
  moreFailed: "More comments could not be loaded. Press Load more to try again.",
  viewReplies,
  viewRepliesTo: (n: number, name: string) => `${viewReplies(n)} to ${name}`,
  returnToAll: "Return to all comments",
  // The like button's name, only ever read out, so its count is in words; it names whose
  // comment, as every comment has one.
  like: (name: string, n: number) =>
    `Like ${name}'s comment (${n === 1 ? "1 like" : `${spokenCount(n)} likes`})`,
  posted: "Your comment was posted.",
  delete: "Delete",
  /**
   * `own` for the viewer's comment; `when` as the comment shows it, to tell one's own apart.
   * "your own": a label holding "your comment" would be taken for the comment field's.
   */
  deleteComment: (name: string, when: string, own: boolean) =>
    `Delete ${own ? "your own" : `${name}'s`} comment (${when})`,
  deleteFailed: "Sorry, something went wrong. Please try again.",
  writer: "Writer",
  offensive: "This comment may be offensive.",
  reveal: "Show comment",
  revealBy: (name: string) => `Show comment by ${name}`,
  characters: characters.counter,
} as const;
