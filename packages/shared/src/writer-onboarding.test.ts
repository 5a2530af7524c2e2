import { describe, expect, it } from "vitest";
import {
  motivationFromHash,
  nextWriterJourneyUrl,
  writerJourneyStep,
} from "./writer-onboarding.ts";

describe("writer journey routes", () => {
  it("knows /, /motivation and /motivation/novel, and nothing else", () => {
    expect(writerJourneyStep("")).toBe("type");
    expect(writerJourneyStep("/")).toBe("type");
    expect(writerJourneyStep("motivation")).toBe("motivation");
    expect(writerJourneyStep("motivation/novel/")).toBe("novel");
    expect(writerJourneyStep("novel")).toBeNull();
    expect(writerJourneyStep("motivation/other")).toBeNull();
  });

  it("reads the motivation from the hash", () => {
    expect(motivationFromHash("#pursuing_career")).toBe("pursuing_career");
    expect(motivationFromHash("#none")).toBeNull();
    expect(motivationFromHash("")).toBeNull();
  });
});

describe("the next step", () => {
  it("sends a reader to /start and a writer or both to the motivation", () => {
    expect(nextWriterJourneyUrl("type", "reader")).toBe("/start");
    expect(nextWriterJourneyUrl("type", "writer")).toBe("/start/writerjourney/motivation");
    expect(nextWriterJourneyUrl("type", "reader_writer")).toBe("/start/writerjourney/motivation");
  });

  it("asks about a novel unless the motivation is none or skipped", () => {
    expect(nextWriterJourneyUrl("motivation", "fun")).toBe(
      "/start/writerjourney/motivation/novel#fun",
    );
    expect(nextWriterJourneyUrl("motivation", "none")).toBe("/start");
    expect(nextWriterJourneyUrl("motivation", null)).toBe("/start");
    expect(nextWriterJourneyUrl("novel", "yes")).toBe("/start");
    expect(nextWriterJourneyUrl("novel", null)).toBe("/start");
  });
});
