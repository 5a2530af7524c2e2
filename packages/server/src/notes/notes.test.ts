import type { StoryNotes, StoryNotesContent } from "@inkwell/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

interface Person {
  id: number;
  cookie: string;
}

const person = (): Promise<Person> => signedInUser(t.handle.db);

interface Refusal {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

let writer: Person;

beforeAll(async () => {
  writer = await person();
});

async function newStory(who = writer) {
  return (await createStory(t.handle.db, who.id)).id;
}

const getNotes = async (storyId: number, who = writer) =>
  jsonAnswer<StoryNotes>(await t.send("GET", `/v5/stories/${storyId}/notes`, who));

const save = async (body: Record<string, unknown>, who = writer, status = 200) =>
  jsonAnswer<StoryNotes>(await t.send("POST", "/v5/stories", who, body), status);

const refused = async (body: Record<string, unknown>, status = 400, who: Person | null = writer) =>
  jsonAnswer<Refusal>(await t.send("POST", "/v5/stories", who, body), status);

/** Every item filled in, as the editor sends it. */
function complete(): StoryNotesContent {
  return {
    protagonist: {
      name: "Mara",
      other_names: "Mar, The Keeper",
      pronoun: "she",
      attributes: "Brave,Red hair",
      extrovert_introvert: 3,
      likeable: 5,
      focus_past_future: -2,
      thinking_feeling: 0,
      decisive_improvise: -5,
      laidback_serious: 4,
      personality_change: 1,
    },
    protagonist_goal: {
      description: "Keep the lamp lit through the storm",
      physical_emotional: 0,
      type: "protect",
      change_themselves_surroundings: 2,
      explore_emotions_world: -1,
      navigate_familiar_unfamiliar: 1,
      recall_past: 0,
      find_meaning: 3,
      take_keep: 5,
      outcome: "The ships come home, but the lighthouse burns.",
      succeed: 1,
      outcome_feeling: 0,
    },
    opportunity: {
      interested: 1,
      types: "books,entertain",
      logline: "A keeper must choose between her lamp and her sister.",
      story_progress: "halfway",
    },
  };
}

/** `complete()` with one section's fields replaced. */
function withChanges<S extends keyof StoryNotesContent>(
  section: S,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const notes = complete();
  return { ...notes, [section]: { ...notes[section], ...changes } };
}

describe("who may read and write Story Notes", () => {
  it("answers 401 to visitors, 403 to other users and 404 for a story that does not exist", async () => {
    const storyId = await newStory();
    const other = await person();
    const body = { story_id: storyId, ...complete() };

    const visitorGet = await jsonAnswer<Refusal>(
      await t.send("GET", `/v5/stories/${storyId}/notes`, null),
      401,
    );
    expect(visitorGet.code).toBe("unauthorized");
    expect((await refused(body, 401, null)).code).toBe("unauthorized");

    const otherGet = await jsonAnswer<Refusal>(
      await t.send("GET", `/v5/stories/${storyId}/notes`, other),
      403,
    );
    expect(otherGet.message).toBe("Only the author can see this story's notes.");
    expect((await refused(body, 403, other)).code).toBe("forbidden");

    const missing = await jsonAnswer<Refusal>(
      await t.send("GET", "/v5/stories/99999999/notes", writer),
      404,
    );
    expect(missing.message).toBe("The story was not found");
    expect((await refused({ ...body, story_id: 99999999 }, 404)).code).toBe("not_found");

    // Nothing the refused calls sent was kept.
    expect((await getNotes(storyId)).id).toBeNull();
  });

  it("refuses another user who names the notes by their id", async () => {
    const storyId = await newStory();
    const saved = await save({ story_id: storyId, ...complete() });
    const other = await person();
    expect((await refused({ id: saved.id, ...complete() }, 403, other)).code).toBe("forbidden");
  });

  it("answers another user notes named by id, of a draft, as unknown notes", async () => {
    const storyId = (await createStory(t.handle.db, writer.id, { draft: 1 })).id;
    const saved = await save({ story_id: storyId, ...complete() });
    const other = await person();
    const unknown = await refused({ id: 99999999, ...complete() }, 404, other);
    expect(unknown).toEqual({ code: "not_found", message: "The story notes was not found" });
    expect(await refused({ id: saved.id, ...complete() }, 404, other)).toEqual(unknown);
    expect(await getNotes(storyId)).toEqual(saved);
  });

  it("treats a deleted story as gone", async () => {
    const storyId = (await createStory(t.handle.db, writer.id, { deleted: 1 })).id;
    await jsonAnswer<Refusal>(await t.send("GET", `/v5/stories/${storyId}/notes`, writer), 404);
  });
});

describe("GET /v5/stories/{id}/notes", () => {
  it("gives blank notes with no id before the first save: sliders at 0, nothing chosen", async () => {
    const storyId = await newStory();
    const notes = await getNotes(storyId);
    expect(notes.id).toBeNull();
    expect(notes.story_id).toBe(storyId);
    expect(notes.submitted_at).toBeNull();
    expect(notes.protagonist).toEqual({
      name: "",
      other_names: "",
      pronoun: null,
      attributes: "",
      extrovert_introvert: 0,
      likeable: 0,
      focus_past_future: 0,
      thinking_feeling: 0,
      decisive_improvise: 0,
      laidback_serious: 0,
      personality_change: null,
    });
    expect(notes.protagonist_goal.type).toBeNull();
    expect(notes.protagonist_goal.take_keep).toBe(0);
    expect(notes.opportunity).toEqual({
      interested: null,
      types: "",
      logline: "",
      story_progress: null,
    });
  });
});

describe("POST /v5/stories: saving", () => {
  it("saves every field, gives the notes an integer id and reads them back", async () => {
    const storyId = await newStory();
    const saved = await save({ story_id: storyId, ...complete() });
    expect(Number.isInteger(saved.id)).toBe(true);
    expect(saved.updated_at).not.toBeNull();
    expect(saved.submitted_at).toBeNull();
    const read = await getNotes(storyId);
    expect(read).toEqual(saved);
    expect({
      protagonist: read.protagonist,
      protagonist_goal: read.protagonist_goal,
      opportunity: read.opportunity,
    }).toEqual(complete());
  });

  it("trims name, other names, goal description, outcome and logline", async () => {
    const storyId = await newStory();
    const notes = complete();
    const saved = await save({
      story_id: storyId,
      protagonist: { ...notes.protagonist, name: "  Mara  ", other_names: " Mar, Kee " },
      protagonist_goal: {
        ...notes.protagonist_goal,
        description: "\tKeep it lit\n",
        outcome: " Home. ",
      },
      opportunity: { ...notes.opportunity, logline: "   A keeper.  " },
    });
    expect(saved.protagonist.name).toBe("Mara");
    expect(saved.protagonist.other_names).toBe("Mar, Kee");
    expect(saved.protagonist_goal.description).toBe("Keep it lit");
    expect(saved.protagonist_goal.outcome).toBe("Home.");
    expect(saved.opportunity.logline).toBe("A keeper.");
  });

  it("drops control characters, keeping the lines of the outcome and the logline", async () => {
    const storyId = await newStory();
    const notes = complete();
    const saved = await save({
      story_id: storyId,
      protagonist: { ...notes.protagonist, name: "Ma\u0000ra", attributes: "Bra\u0000ve,\u0007" },
      protagonist_goal: { ...notes.protagonist_goal, outcome: "Home.\u0000\r\nAt last." },
      opportunity: { ...notes.opportunity, logline: "\u0000" },
    });
    expect(saved.protagonist).toMatchObject({ name: "Mara", attributes: "Brave" });
    expect(saved.protagonist_goal.outcome).toBe("Home.\nAt last.");
    expect(saved.opportunity.logline).toBe("");
  });

  it("joins attributes and types with commas, ignoring blank entries", async () => {
    const storyId = await newStory();
    const notes = await save({
      story_id: storyId,
      ...withChanges("protagonist", { attributes: " Brave , ,Tall,, Witty " }),
    });
    expect(notes.protagonist.attributes).toBe("Brave,Tall,Witty");
    const listed = await save({
      story_id: storyId,
      ...complete(),
      protagonist: { ...complete().protagonist, attributes: ["Kind", "", "Loyal"] },
      opportunity: { ...complete().opportunity, types: ["paid", "publishing"] },
    });
    expect(listed.protagonist.attributes).toBe("Kind,Loyal");
    expect(listed.opportunity.types).toBe("paid,publishing");
  });

  it("keeps incomplete notes: a save needs nothing filled in", async () => {
    const storyId = await newStory();
    const saved = await save({ story_id: storyId, protagonist: { name: "Mara" } });
    expect(saved.protagonist.name).toBe("Mara");
    expect(saved.protagonist.pronoun).toBeNull();
    expect(saved.protagonist.likeable).toBe(0);
    expect(saved.opportunity.interested).toBeNull();
  });

  it("replaces the notes on every save, by story_id or by the notes' own id", async () => {
    const storyId = await newStory();
    const first = await save({ story_id: storyId, ...complete() });
    const again = await save({ id: first.id, ...withChanges("protagonist", { name: "Nell" }) });
    expect(again.id).toBe(first.id);
    expect(again.story_id).toBe(storyId);
    expect((await getNotes(storyId)).protagonist.name).toBe("Nell");
    const both = await save({
      id: first.id,
      story_id: storyId,
      ...withChanges("protagonist", { name: "Ada" }),
    });
    expect(both.protagonist.name).toBe("Ada");
  });

  it("refuses a save that names no story, unknown notes, or notes of another story", async () => {
    expect((await refused(complete() as unknown as Record<string, unknown>)).message).toBe(
      "story_id names the story these notes are for",
    );
    expect((await refused({ id: 99999999, ...complete() }, 404)).message).toBe(
      "The story notes was not found",
    );
    const one = await newStory();
    const two = await newStory();
    const saved = await save({ story_id: one, ...complete() });
    expect((await refused({ id: saved.id, story_id: two, ...complete() })).message).toBe(
      "id is not the id of this story's notes",
    );
  });
});

describe("POST /v5/stories: limits and enumerations", () => {
  const at = (length: number) => "a".repeat(length);

  const limits: [keyof StoryNotesContent, string, number, string][] = [
    ["protagonist", "name", 20, "The protagonist's name is at most 20 characters"],
    ["protagonist", "other_names", 50, "Other names is at most 50 characters"],
    ["protagonist_goal", "description", 75, "The goal is at most 75 characters"],
    ["protagonist_goal", "outcome", 150, "The outcome is at most 150 characters"],
    ["opportunity", "logline", 150, "The logline is at most 150 characters"],
  ];
  for (const [section, field, limit, message] of limits) {
    it(`holds ${section}.${field} to ${limit} characters after trimming`, async () => {
      const storyId = await newStory();
      const fits = await save({
        story_id: storyId,
        ...withChanges(section, { [field]: ` ${at(limit)} ` }),
      });
      expect((fits[section] as unknown as Record<string, string>)[field]).toBe(at(limit));
      const over = await refused({
        story_id: storyId,
        ...withChanges(section, { [field]: at(limit + 1) }),
      });
      expect(over.code).toBe("bad_request");
      expect(over.fields?.[`${section}.${field}`]).toBe(message);
      expect((await getNotes(storyId)).updated_at).toBe(fits.updated_at);
    });
  }

  it("takes up to 10 attributes within 250 characters", async () => {
    const storyId = await newStory();
    const ten = Array.from({ length: 10 }, (_, i) => `Trait${i}`).join(",");
    expect(
      (await save({ story_id: storyId, ...withChanges("protagonist", { attributes: ten }) }))
        .protagonist.attributes,
    ).toBe(ten);
    const eleven = await refused({
      story_id: storyId,
      ...withChanges("protagonist", { attributes: `${ten},Trait10` }),
    });
    expect(eleven.fields?.["protagonist.attributes"]).toBe("At most 10 attributes");
    const long = [at(120), "b".repeat(120), "c".repeat(10)].join(",");
    const tooLong = await refused({
      story_id: storyId,
      ...withChanges("protagonist", { attributes: long }),
    });
    expect(tooLong.fields?.["protagonist.attributes"]).toBe(
      "Attributes are at most 250 characters",
    );
    const fits = [at(120), "b".repeat(120), "c".repeat(8)].join(",");
    expect(fits).toHaveLength(250);
    await save({ story_id: storyId, ...withChanges("protagonist", { attributes: fits }) });
  });

  it("keeps every slider within -5 to 5, in whole steps", async () => {
    const storyId = await newStory();
    const sliders: [keyof StoryNotesContent, string][] = [
      ["protagonist", "extrovert_introvert"],
      ["protagonist", "likeable"],
      ["protagonist", "focus_past_future"],
      ["protagonist", "thinking_feeling"],
      ["protagonist", "decisive_improvise"],
      ["protagonist", "laidback_serious"],
      ["protagonist_goal", "change_themselves_surroundings"],
      ["protagonist_goal", "explore_emotions_world"],
      ["protagonist_goal", "navigate_familiar_unfamiliar"],
      ["protagonist_goal", "recall_past"],
      ["protagonist_goal", "find_meaning"],
      ["protagonist_goal", "take_keep"],
    ];
    for (const [section, name] of sliders) {
      for (const value of [-5, 5]) {
        const saved = await save({ story_id: storyId, ...withChanges(section, { [name]: value }) });
        expect((saved[section] as unknown as Record<string, number>)[name]).toBe(value);
      }
      for (const value of [-6, 6, 1.5, "3"]) {
        const over = await refused({
          story_id: storyId,
          ...withChanges(section, { [name]: value }),
        });
        expect(over.fields?.[`${section}.${name}`]).toBe(
          `${name} must be a whole number from -5 to 5`,
        );
      }
    }
  });

  it("takes only the options of each choice", async () => {
    const storyId = await newStory();
    const choices: [keyof StoryNotesContent, string, unknown[], unknown, string][] = [
      ["protagonist", "pronoun", ["he", "she", "they"], "it", "pronoun must be he, she, they"],
      ["protagonist", "personality_change", [-1, 0, 1], 2, "personality_change must be -1, 0 or 1"],
      ["protagonist_goal", "succeed", [0, 1], "yes", "succeed must be 1 (yes) or 0 (no)"],
      [
        "protagonist_goal",
        "outcome_feeling",
        [0, 1],
        2,
        "outcome_feeling must be 1 (good) or 0 (bad)",
      ],
      ["opportunity", "interested", [0, 1], true, "interested must be 1 or 0"],
      [
        "opportunity",
        "story_progress",
        ["in_progress", "halfway", "editing", "complete"],
        "done",
        "story_progress must be in_progress, halfway, editing, complete",
      ],
      [
        "opportunity",
        "types",
        ["paid", "publishing", "books", "entertain", "all"],
        "films",
        "types must be paid, publishing, books, entertain, all",
      ],
    ];
    for (const [section, field, options, wrong, message] of choices) {
      for (const option of options) {
        const saved = await save({
          story_id: storyId,
          ...withChanges(section, { [field]: option }),
        });
        expect((saved[section] as unknown as Record<string, unknown>)[field]).toBe(option);
      }
      const refusal = await refused({
        story_id: storyId,
        ...withChanges(section, { [field]: wrong }),
      });
      expect(Object.values(refusal.fields ?? {})).toContain(message);
    }
  });

  it("offers physical goal types for a physical goal and emotional ones for an emotional goal", async () => {
    const storyId = await newStory();
    const physical = ["acquire", "explore", "escape", "find", "protect", "survive"];
    const emotional = ["accept", "appreciate", "forget", "learn", "love", "self_actualize"];
    for (const [kind, types] of [
      [0, physical],
      [1, emotional],
    ] as const) {
      for (const type of types) {
        const saved = await save({
          story_id: storyId,
          ...withChanges("protagonist_goal", { physical_emotional: kind, type }),
        });
        expect(saved.protagonist_goal.type).toBe(type);
      }
    }
    const mismatch = await refused({
      story_id: storyId,
      ...withChanges("protagonist_goal", { physical_emotional: 1, type: "survive" }),
    });
    expect(mismatch.fields?.["protagonist_goal.type"]).toBe(
      "An emotional goal is one of accept, appreciate, forget, learn, love, self_actualize",
    );
    const unchosen = await refused({
      story_id: storyId,
      ...withChanges("protagonist_goal", { physical_emotional: null, type: "love" }),
    });
    expect(unchosen.fields?.["protagonist_goal.physical_emotional"]).toBe(
      "Choose physical or emotional before the goal type",
    );
    const unknown = await refused({
      story_id: storyId,
      ...withChanges("protagonist_goal", { type: "conquer" }),
    });
    expect(unknown.fields?.["protagonist_goal.type"]).toBe("type is not a goal type");
    const wrongKind = await refused({
      story_id: storyId,
      ...withChanges("protagonist_goal", { physical_emotional: 2 }),
    });
    expect(wrongKind.fields?.["protagonist_goal.physical_emotional"]).toBe(
      "physical_emotional must be 0 (physical) or 1 (emotional)",
    );
  });

  it("keeps 'all' opportunity types on their own", async () => {
    const storyId = await newStory();
    const refusal = await refused({
      story_id: storyId,
      ...withChanges("opportunity", { types: "all,books" }),
    });
    expect(refusal.fields?.["opportunity.types"]).toBe(
      "'all' stands for every type: choose it alone",
    );
  });
});

describe("POST /v5/stories: submitting", () => {
  it("refuses incomplete notes, naming what is missing, and saves nothing", async () => {
    const storyId = await newStory();
    const refusal = await refused({
      story_id: storyId,
      submit: true,
      ...withChanges("protagonist", { name: "   ", pronoun: null }),
    });
    expect(refusal.code).toBe("notes_incomplete");
    expect(refusal.message).toBe(
      "Your Story Notes are not complete: fill in every field before submitting.",
    );
    expect(Object.keys(refusal.fields ?? {})).toEqual(["protagonist.name", "protagonist.pronoun"]);
    expect((await getNotes(storyId)).id).toBeNull();
  });

  it("submits complete notes, and they can be resubmitted at any time", async () => {
    const storyId = await newStory();
    const submitted = await save({ story_id: storyId, submit: true, ...complete() });
    expect(submitted.submitted_at).not.toBeNull();
    const edited = await save({ id: submitted.id, ...withChanges("protagonist", { name: "" }) });
    expect(edited.submitted_at).toBe(submitted.submitted_at);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await save({ id: submitted.id, submit: true, ...complete() });
    expect(Date.parse(again.submitted_at ?? "")).toBeGreaterThan(
      Date.parse(submitted.submitted_at ?? ""),
    );
  });

  it("does not ask for the opportunity sub-form when the writer is not interested", async () => {
    const storyId = await newStory();
    const notes = await save({
      story_id: storyId,
      submit: true,
      ...withChanges("opportunity", {
        interested: 0,
        types: "",
        logline: "",
        story_progress: null,
      }),
    });
    expect(notes.submitted_at).not.toBeNull();
    const interested = await refused({
      story_id: storyId,
      submit: true,
      ...withChanges("opportunity", {
        interested: 1,
        types: "",
        logline: "",
        story_progress: null,
      }),
    });
    expect(Object.keys(interested.fields ?? {})).toEqual([
      "opportunity.types",
      "opportunity.logline",
      "opportunity.story_progress",
    ]);
  });
});

describe("the OpenAPI document", () => {
  it("documents both Story Notes calls", async () => {
    const doc = (await (await t.get("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/v5/stories/{id}/notes"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/v5/stories"] ?? {})).toEqual(["post"]);
  });
});
