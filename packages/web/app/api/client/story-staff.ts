import type {
  PaidProgrammeView,
  StaffNote,
  StoryClassificationInput,
  StorySaleInput,
  StoryStaffView,
} from "@inkwell/shared";
import { json, noBody, type Requests } from "./http.ts";

export const storyStaffCalls = ({ get, call }: Requests) => ({
  /** Staff: the Story lock panel's view, with the author's facts for system admins. */
  storyStaff: (storyId: number) => get<StoryStaffView>(`/v5/admin/stories/${storyId}`),
  /** Staff: put a story in another language or category. */
  classifyStory: (storyId: number, input: StoryClassificationInput) =>
    call<StoryStaffView>(`/v5/admin/stories/${storyId}`, json("PATCH", input)),
  /** System admins: keep ads off a story, or allow them again. */
  setAdExempt: (storyId: number, exempt: boolean) =>
    call<StoryStaffView>(`/v5/admin/stories/${storyId}/ad-exempt`, json("PUT", { exempt })),
  /** System admins: a note on a story, for staff alone. */
  addStoryStaffNote: (storyId: number, body: string) =>
    call<StaffNote>(`/v5/admin/stories/${storyId}/notes`, json("POST", { body })),
  /** System admins: the paid story manager's view of a story. */
  paidProgramme: (storyId: number) =>
    get<PaidProgrammeView>(`/v5/admin/stories/${storyId}/paid-programme`),
  /** System admins: put a story in the Paid Stories programme, its first parts free. */
  joinPaidProgramme: (storyId: number, freeParts: number) =>
    call<PaidProgrammeView>(
      `/v5/admin/stories/${storyId}/paid-programme`,
      json("POST", { freeParts }),
    ),
  /** System admins: take a story out of the programme; every part is free again. */
  leavePaidProgramme: (storyId: number) =>
    call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/paid-programme`, noBody("DELETE")),
  /** System admins: put a paid story on sale, or change its sale. */
  setStorySale: (storyId: number, input: StorySaleInput) =>
    call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/sale`, json("PUT", input)),
  /** System admins: end a story's sale now. */
  endStorySale: (storyId: number) =>
    call<PaidProgrammeView>(`/v5/admin/stories/${storyId}/sale`, noBody("DELETE")),
});
