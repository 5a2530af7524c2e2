import type { WriterOnboarding, WriterOnboardingChanges } from "@inkwell/shared";
import { json, type Requests } from "./http.ts";

const WRITER_ONBOARDING_PATH = "/v5/users/me/writer-onboarding";

export const writerOnboardingCalls = ({ get, call }: Requests) => ({
  writerOnboarding: () => get<WriterOnboarding>(WRITER_ONBOARDING_PATH),
  saveWriterOnboarding: (changes: WriterOnboardingChanges) =>
    call<WriterOnboarding>(WRITER_ONBOARDING_PATH, json("PUT", changes)),
});
