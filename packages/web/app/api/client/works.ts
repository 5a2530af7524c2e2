import type {
  Category,
  CoverSource,
  NewStoryInput,
  PartImage,
  PartText,
  StoryCoverUpdate,
  StoryDetailsUpdate,
  StorySaleInput,
  TagSuggestion,
  WorkDetails,
  WorkSale,
  WorkSummary,
} from "@inkwell/shared";
import { EDITOR_WORK_FIELDS, type EditorWork } from "@inkwell/shared";
import { form, json, noBody, type Requests } from "./http.ts";

/** Writer tools (docs/decisions/013-writer-tools.md): stories, parts, covers and tags. */
export const worksCalls = ({ get, call }: Requests) => ({
  categories: () => get<{ categories: Category[] }>("/v4/categories"),
  myWorks: () => get<{ stories: WorkSummary[] }>("/v4/works"),
  work: (storyId: number) =>
    get<EditorWork>(`/v4/works/${storyId}?fields=${EDITOR_WORK_FIELDS.join(",")}`),
  createWork: (details: NewStoryInput) => call<WorkDetails>("/v4/works", json("POST", details)),
  updateWork: (storyId: number, details: StoryDetailsUpdate) =>
    call<WorkDetails>(`/v4/works/${storyId}`, json("PUT", details)),
  createPart: (storyId: number) => call<PartText>(`/v4/works/${storyId}/parts`, json("POST", {})),
  reorderParts: (storyId: number, partIds: number[]) =>
    call<WorkDetails>(`/v4/works/${storyId}/parts`, json("PUT", { parts: partIds })),
  partText: (partId: number) => get<PartText>(`/apiv2/storytext?id=${partId}&output=json`),
  savePart: (partId: number, changes: { title?: string; text?: string; text_hash?: string }) =>
    call<PartText>(`/v4/parts/${partId}`, json("PUT", changes)),
  deleteWork: (storyId: number) =>
    call<{ deleted: true }>(`/v4/works/${storyId}`, { method: "DELETE" }),
  deletePart: (partId: number) =>
    call<{ deleted: true }>(`/v4/parts/${partId}`, { method: "DELETE" }),
  /** 'Publish Changes' of a published part, and Cancel (docs/decisions/018). */
  publishChanges: (partId: number) =>
    call<PartText>(`/v4/parts/${partId}/publish-changes`, json("POST", {})),
  discardChanges: (partId: number) =>
    call<PartText>(`/v4/parts/${partId}/discard-changes`, json("POST", {})),
  /** A cover as base64 (writer-paid-contest.md §7), and which screen it came from. */
  updateStoryCover: (storyId: number, image: string, source: CoverSource) =>
    call<StoryCoverUpdate>("/apiv2/updatestorycover", json("POST", { id: storyId, image, source })),
  /** A picture for a part's text, as base64; answers its URL. */
  addPartImage: (partId: number, image: string) =>
    call<PartImage>(`/v4/parts/${partId}/images`, json("POST", { image })),
  tagSuggestions: (prefix: string) =>
    get<{ tags: TagSuggestion[] }>(`/v4/tags/suggestions?${new URLSearchParams({ prefix })}`),
  publishPart: (partId: number) => call<PartText>(`/v4/parts/${partId}/publish`, json("POST", {})),
  unpublishPart: (partId: number) =>
    call<PartText>(`/v4/parts/${partId}/unpublish`, json("POST", {})),
  schedulePart: (partId: number, datetime: string) =>
    call<{ part_id: number; scheduled_datetime: string }>(
      `/v4/parts/${partId}/schedule-publish`,
      json("POST", { datetime }),
    ),
  unschedulePart: (partId: number) =>
    call<{ success: boolean }>(`/v4/parts/${partId}/unschedule-publish`, json("POST", {})),
  /** Adds or removes one of the writer's story tags (POST /apiv2/editstorytags). */
  editStoryTag: (storyId: number, tag: string, action: "add" | "remove") =>
    call<{ tags: string[] }>(
      "/apiv2/editstorytags",
      form({ request_type: action, tag_value: tag, story_id: String(storyId) }),
    ),
  /** A writer's own paid story on sale, or its sale changed (decision 054). */
  setOwnSale: (storyId: number, input: StorySaleInput) =>
    call<WorkSale>(`/v4/works/${storyId}/sale`, json("PUT", input)),
  /** A writer ends their own story's sale now. */
  endOwnSale: (storyId: number) => call<WorkSale>(`/v4/works/${storyId}/sale`, noBody("DELETE")),
});
