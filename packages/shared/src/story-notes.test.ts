import { describe, expect, it } from "vitest";
import {
  blankNotesContent,
  canAddAttribute,
  isNotesComplete,
  MAX_ATTRIBUTES,
  missingNoteItems,
  type StoryNotesContent,
  splitList,
  toggleOpportunityType,
} from "./story-notes.ts";

/** Every item filled in, opportunity included. */
function completeNotes(): StoryNotesContent {
  const blank = blankNotesContent();
  return {
    protagonist: {
      ...blank.protagonist,
      name: "Mara",
      other_names: "Mar, The Keeper",
      pronoun: "she",
      attributes: "Brave,Red hair",
      personality_change: 1,
    },
    protagonist_goal: {
      ...blank.protagonist_goal,
      description: "Keep the lamp lit",
      physical_emotional: 0,
      type: "protect",
      outcome: "The ships come home.",
      succeed: 1,
      outcome_feeling: 1,
    },
    opportunity: { interested: 1, types: "books", logline: "A keeper.", story_progress: "halfway" },
  };
}

describe("blank notes", () => {
  it("start with sliders at 0 and nothing chosen", () => {
    const blank = blankNotesContent();
    expect(blank.protagonist.likeable).toBe(0);
    expect(blank.protagonist_goal.take_keep).toBe(0);
    expect(blank.protagonist.pronoun).toBeNull();
    expect(blank.opportunity.interested).toBeNull();
  });
});

describe("completeness", () => {
  it("asks for every protagonist, goal and opportunity item", () => {
    expect(missingNoteItems(blankNotesContent())).toEqual([
      "protagonist.name",
      "protagonist.other_names",
      "protagonist.pronoun",
      "protagonist.attributes",
      "protagonist.personality_change",
      "protagonist_goal.description",
      "protagonist_goal.physical_emotional",
      "protagonist_goal.type",
      "protagonist_goal.outcome",
      "protagonist_goal.succeed",
      "protagonist_goal.outcome_feeling",
      "opportunity.interested",
      "opportunity.types",
      "opportunity.logline",
      "opportunity.story_progress",
    ]);
    expect(isNotesComplete(completeNotes())).toBe(true);
  });

  it("counts blank text as empty and 0 as an answer", () => {
    const notes = completeNotes();
    notes.protagonist.name = "   ";
    notes.protagonist_goal.succeed = 0;
    expect(missingNoteItems(notes)).toEqual(["protagonist.name"]);
  });

  it("does not ask for the hidden sub-form when the writer is not interested", () => {
    const notes = completeNotes();
    notes.opportunity = { interested: 0, types: "", logline: "", story_progress: null };
    expect(isNotesComplete(notes)).toBe(true);
  });
});

describe("attributes", () => {
  it("splits a comma-joined list, ignoring blanks and repeats", () => {
    expect(splitList("Brave, , brave,Tall")).toEqual(["Brave", "Tall"]);
  });

  it("takes at most ten, within 250 characters, each once", () => {
    const ten = Array.from({ length: MAX_ATTRIBUTES }, (_, i) => `Trait ${i}`);
    expect(canAddAttribute(ten.slice(0, 9), "Kind")).toBe(true);
    expect(canAddAttribute(ten, "Kind")).toBe(false);
    expect(canAddAttribute(["Kind"], "kind")).toBe(false);
    expect(canAddAttribute([], "  ")).toBe(false);
    expect(canAddAttribute([], "a,b")).toBe(false);
    const long = ["x".repeat(120), "y".repeat(120)];
    expect(canAddAttribute(long, "z".repeat(8))).toBe(true);
    expect(canAddAttribute(long, "z".repeat(9))).toBe(false);
  });
});

describe("opportunity types", () => {
  it("keeps 'all' on its own", () => {
    expect(toggleOpportunityType(["paid", "books"], "all", true)).toEqual(["all"]);
    expect(toggleOpportunityType(["all"], "books", true)).toEqual(["books"]);
    expect(toggleOpportunityType(["paid", "books"], "paid", false)).toEqual(["books"]);
  });
});
