import type { CloseAccountReason } from "@inkwell/shared";
import { json, type Requests, userPath } from "./http.ts";

export const moderationCalls = ({ call }: Requests) => ({
  /** Moderation on a profile (ambassadors and system admins). */
  closeAccountAsModerator: (username: string, reason: CloseAccountReason) =>
    call<{ username: string }>(userPath(username, "/moderation/close"), json("POST", { reason })),
  timeOut: (username: string, reason: string) =>
    call<{ username: string; endsAt: string }>(
      userPath(username, "/moderation/timeout"),
      json("POST", { reason }),
    ),
});
