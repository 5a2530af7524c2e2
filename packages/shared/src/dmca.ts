import type { DmcaContext } from "./dmca-link.ts";
import { isEmail } from "./email-address.ts";
import { formatCount } from "./format.ts";

/**
 * The copyright takedown notice (accounts-safety-messaging.md §3, §5, §9): its fields, the
 * rules a notice must meet before it is sent, and the ticket text built from it.
 */

export const DMCA_DESCRIPTIONS = [
  "Word_for_word_copy_of_my_work",
  "Translation_of_my_work",
  "Adaptation_of_my_work",
  "Image_photos_illustrations_etc",
  "Piracy_spam",
  "Other",
] as const;

export type DmcaDescription = (typeof DMCA_DESCRIPTIONS)[number];

export interface DmcaNotice {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  company: string;
  address: string;
  country: string;
  city: string;
  province: string;
  postalCode: string;
  phoneNumber: string;
  descriptionAlleged: DmcaDescription;
  originalWorkUrl: string;
  whereToFindOriginal: string;
  reportedUrls: string;
  isAccurate: boolean;
  goodFaith: boolean;
  owner: boolean;
  signature: string;
}

export type DmcaField = keyof DmcaNotice;

/** Required, in the order the form shows them (the first failing one gets focus). */
export const DMCA_REQUIRED: readonly DmcaField[] = [
  "firstName",
  "lastName",
  "email",
  "address",
  "country",
  "city",
  "province",
  "postalCode",
  "phoneNumber",
  "originalWorkUrl",
  "reportedUrls",
];

export const DMCA_SIGNATURE_MIN = 5;

export const DMCA_MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address.",
  signature: `Please sign with at least ${formatCount(DMCA_SIGNATURE_MIN)} characters.`,
  statement: "Please confirm this statement.",
  banner:
    "A mandatory field has been left blank. Please ensure all necessary fields are filled in.",
  warning:
    "IMPORTANT: There may be legal and financial consequences for submitting false claims. Abuse of this form may lead to your account being terminated.",
  failed: "Something went wrong. Please try again",
} as const;

/** Every problem of a notice by field, in form order; empty when it may be sent. */
export function dmcaProblems(notice: DmcaNotice): Partial<Record<DmcaField, string>> {
  const problems: Partial<Record<DmcaField, string>> = {};
  for (const field of DMCA_REQUIRED) {
    if (String(notice[field]).trim() === "") problems[field] = DMCA_MESSAGES.required;
  }
  if (!problems.email && !isEmail(notice.email.trim())) {
    problems.email = DMCA_MESSAGES.email;
  }
  for (const statement of ["isAccurate", "goodFaith", "owner"] as const) {
    if (!notice[statement]) problems[statement] = DMCA_MESSAGES.statement;
  }
  if (notice.signature.trim().length < DMCA_SIGNATURE_MIN) {
    problems.signature = DMCA_MESSAGES.signature;
  }
  return problems;
}

/** The ticket's comment: the form as text, then the content it is about (§3). */
export function dmcaTicketComment(notice: DmcaNotice, context: DmcaContext, origin: string) {
  const lines = [
    `Name: ${notice.firstName.trim()} ${notice.lastName.trim()}`,
    `Username: ${notice.username.trim() || "(none)"}`,
    `Email: ${notice.email.trim()}`,
    `Company: ${notice.company.trim() || "(none)"}`,
    `Address: ${notice.address.trim()}, ${notice.city.trim()}, ${notice.province.trim()} ${notice.postalCode.trim()}, ${notice.country.trim()}`,
    `Phone: ${notice.phoneNumber.trim()}`,
    `Description: ${notice.descriptionAlleged}`,
    `Original work: ${notice.originalWorkUrl.trim()}`,
    `Where to find the original: ${notice.whereToFindOriginal.trim() || "(not given)"}`,
    `Reported URLs: ${notice.reportedUrls.trim()}`,
    `Signature: ${notice.signature.trim()}`,
    "Content type: Story",
    "Report type: DMCA",
  ];
  if (context.partId !== null) lines.push(`Part URL: ${origin}/${context.partId}`);
  if (context.storyId !== null) {
    lines.push(`Story URL: ${origin}/story/${context.storyId}`, `Group id: ${context.storyId}`);
  }
  if (context.reportedUser) lines.push(`Profile URL: ${origin}/user/${context.reportedUser}`);
  return lines.join("\n");
}
