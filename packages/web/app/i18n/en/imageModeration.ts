import { formatCount } from "@inkwell/shared";

export const imageModeration = {
  learnMore: "Learn more",
  appeal: "Appeal",
  coverWarning: "Only you can see this cover",
  appealTitle: "Appeal a hidden image",
  appealIntro:
    "Our team hid this image because it may break our Content Guidelines. If you think we got it wrong, tell us why and we'll take another look. Each image can be appealed once.",
  imageAlt: "The image you are appealing",
  reason: "Why should this image be restored?",
  remaining: (left: number) => `${formatCount(left)} characters left`,
  send: "Send",
  sending: "Sending your appeal…",
  okGotIt: "OK, got it",
  hide: "Hide this image",
  hideTitle: "Hide this image?",
  hideText:
    "Nobody but its owner will see it, with a notice that it breaks our Content Guidelines. They can appeal, and an appeal can restore it.",
  hidden: "Hidden: only its owner sees it now, and they may appeal.",
  queueTitle: "Image appeals",
  queueEmpty: "No appeals are waiting for a decision.",
  by: (username: string) => `Appealed by ${username}`,
  profileOf: (name: string) => `${name}'s profile`,
  restore: "Restore image",
  uphold: "Keep hidden",
  decided: (decision: "restored" | "upheld") =>
    decision === "restored" ? "Restored: everyone can see it again." : "Kept hidden.",
  restoreTitle: "Restore this image?",
  restoreText: "Everyone will see it again, and the appeal is closed: it can't be decided again.",
  upholdTitle: "Keep this image hidden?",
  upholdText: (username: string) =>
    `Only ${username} will see it, and the appeal is closed: they can't appeal this image again.`,
  notYet: "Not yet",
  decideFailed: "That didn't work. Try again.",
} as const;
