import { formatCount } from "@inkwell/shared";
import { characters } from "./en/characters.ts";
/** The texts of a profile's Conversations (public messages), in English. */
export const profileMessagesEn = {
  heading: "Conversations",
  label: (name: string) => `Message on ${name}'s profile`,
  placeholder: (name: string) => `Post a message for ${name} and their readers`,
  replyLabel: (name: string) => `Your reply to ${name}`,
  replyPlaceholder: "Write a reply",
  post: "Post",
  reply: "Reply",
  posting: "Posting…",
  cancel: "Cancel",
  counter: characters.counter,
  counterLabel: characters.label,
  /** §8 'Message post failure'. */
  postFailed: "Sorry, something went wrong. Please try again.",
  empty: (name: string) => `No conversations yet. Be the first to post on ${name}'s profile.`,
  emptyOwn: "No conversations yet. Post a message for your readers.",
  /** When the viewer may not post (blocked, muted): no invitation to. */
  emptyClosed: "No conversations yet.",
  total: (count: number) => (count === 1 ? "1 message" : `${formatCount(count)} messages`),
  showMore: "Show more messages",
  loadFailed: "Something went wrong. Please try again",
  earlierReplies: (count: number) =>
    count === 1 ? "View 1 earlier reply" : `View ${formatCount(count)} earlier replies`,
  delete: "Delete",
  deleteLabel: (name: string) => `Delete message by ${name}`,
  deleteTitle: "Delete this message?",
  deleteText: "The message and its replies will be removed for everyone.",
  deleteReplyTitle: "Delete this reply?",
  deleteReplyText: "The reply will be removed for everyone.",
  deleted: "Message deleted.",
  deleteFailed: "The message could not be deleted. Please try again.",
  report: "Report",
  reportLabel: (name: string) => `Report message by ${name}`,
  replyTo: (name: string) => `Reply to ${name}`,
};
