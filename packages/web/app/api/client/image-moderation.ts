import type { ImageAppealDecision, ImageAppealStatus, ImageFlag } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

export const imageModerationCalls = ({ get, call }: Requests) => ({
  /** Where the viewer's appeal of their flagged image stands; a 404 for no such image. */
  imageAppeal: (imageUrl: string) =>
    get<{ status: ImageAppealStatus | null }>(
      `/v5/image_moderation/appeal?${new URLSearchParams({ image_url: imageUrl })}`,
    ),
  appealImage: (imageUrl: string, reason: string) =>
    call<{ status: ImageAppealStatus }>(
      "/v5/image_moderation/appeal",
      json("POST", { image_url: imageUrl, reason }),
    ),
  flagImage: (imageUrl: string) =>
    call<{ id: number; storyId: number }>(
      "/v5/image_moderation/flags",
      json("POST", { image_url: imageUrl }),
    ),
  imageAppeals: () => get<{ appeals: ImageFlag[] }>("/v5/image_moderation/appeals"),
  decideImageAppeal: (id: number, decision: ImageAppealDecision) =>
    call<{ id: number; decision: ImageAppealDecision }>(
      `/v5/image_moderation/appeals/${id}/decision`,
      json("POST", { decision }),
    ),
});
