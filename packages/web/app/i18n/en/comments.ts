import { spokenCount } from "@inkwell/shared";
import { characters } from "./characters.ts";
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
  viewReplies: (n: number) => (n === 1 ? "View 1 Reply" : `View ${n} Replies`),
  returnToAll: "Return to all comments",
  // The like button's name, only ever read out, so its count is in words; it names whose
  // comment, as every comment has one.
  like: (name: string, n: number) =>
    `Like ${name}'s comment (${n === 1 ? "1 like" : `${spokenCount(n)} likes`})`,
  posted: "Your comment was posted.",
  delete: "Delete",
  deleteFailed: "Sorry, something went wrong. Please try again.",
  writer: "Writer",
  offensive: "This comment may be offensive.",
  reveal: "Show comment",
  characters: characters.counter,
} as const;
