import { formatCount, MAX_UPLOAD_IMAGE_MB } from "@inkwell/shared";

/** A picture file field (components/picture-input.tsx): the same words wherever one is chosen. */
export const pictures = {
  choose: "Choose a picture",
  accepted: `JPEG, PNG or WebP, up to ${formatCount(MAX_UPLOAD_IMAGE_MB)} MB.`,
  // The server's refusals, word for word, so a check in the browser reads the same.
  type: "Choose a JPEG, PNG or WebP image.",
  size: `The image is larger than ${formatCount(MAX_UPLOAD_IMAGE_MB)} MB. Choose a smaller one.`,
  unreadable: "This image could not be read. Choose another one.",
} as const;
