import type { CloseAccountReason } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const moderationCalls = ({ call }: Requests) => ({
  /** Moderation on a profile (ambassadors and system admins). */
  closeAccountAsModerator: (username: string, reason: CloseAccountReason) =>
    call<{ username: string }>(
      `/api/v3/users/${encodeURIComponent(username)}/moderation/close`,
      json("POST", { reason }),
    ),
  timeOut: (username: string, reason: string) =>
    call<{ username: string; endsAt: string }>(
      `/api/v3/users/${encodeURIComponent(username)}/moderation/timeout`,
      json("POST", { reason }),
    ),
});
