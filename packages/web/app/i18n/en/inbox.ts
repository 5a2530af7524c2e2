import { type AutocompleteUser, INBOX_NOTICES } from "@inkwell/shared";
import { characters } from "./characters.ts";

/** "December 31, 2024" for 2024-12-31. */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export const inbox = {
  title: "Inbox",
  linkLabel: (unread: number) => (unread === 0 ? "Inbox" : `Inbox, ${unread} unread`),
  filtersLabel: "Show conversations",
  filters: { all: "All", followers: "Followers", following: "Following", unread: "Unread" },
  newMessage: "New Message",
  empty: "No conversations yet.",
  emptyFiltered: "No conversations here.",
  showMore: "Show more conversations",
  unread: (count: number) => `${count} unread`,
  you: "You: ",
  from: (name: string) => `${name}: `,
  mutedFlag: "Muted",
  blockedFlag: "Blocked",
  profileOf: (name: string) => `${name}'s profile`,
  to: "To",
  searchPeople: "Search by username",
  noMatches: "Nobody by that name.",
  /** The New Message suggestions' groups, by the API's category: people followed first. */
  suggestionGroups: {
    "Your Friends": "People you follow",
    "Other People": "Other people",
  } satisfies Record<AutocompleteUser["category"], string>,
  failed: "Sorry, something went wrong. Please try again.",
  back: "Back to inbox",
  noMessages: "No messages yet. Say hello!",
  /** When the reader cannot write here (blocked, muted): no invitation to. */
  noMessagesClosed: "No messages yet.",
  olderMessages: "Load older messages",
  messagesWith: (name: string) => `Messages with ${name}`,
  messageLabel: (name: string) => `Message ${name}`,
  placeholder: "Write a message…",
  send: "Send",
  counter: characters.counter,
  counterLabel: characters.label,
  // Each names its message: a screen reader's list of buttons shows every one.
  deleteMessage: (quote: string) => `Delete your message “${quote}”`,
  safetyMenu: "Conversation options",
  deleteConversation: "Delete Conversation",
  deleteConfirm: (name: string) =>
    `Delete your conversation with ${name}? It leaves your inbox; ${name} keeps their copy.`,
  cancel: "Cancel",
  today: "Today",
  yesterday: "Yesterday",
  notices: INBOX_NOTICES,
  deprecation: "Direct messages are no longer available.",
  /** The end date an admin set (YYYY-MM-DD), read as a calendar day wherever the reader is. */
  warning: (endDate: string | null) =>
    endDate
      ? `User-to-user messaging ends on ${longDate(endDate)}, and existing conversations will be deleted.`
      : "User-to-user messaging is ending, and existing conversations will be deleted.",
} as const;
