import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  cleanUserText,
  formatCount,
  GOAL_SLIDERS,
  GOAL_TYPES,
  joinList,
  MAX_ATTRIBUTES,
  NOTE_PRONOUNS,
  NOTES_LIMITS,
  OPPORTUNITY_TYPES,
  PERSONALITY_CHANGES,
  PROTAGONIST_SLIDERS,
  SLIDER_MAX,
  SLIDER_MIN,
  STORY_PROGRESS,
  splitList,
  type TextLines,
} from "@inkwell/shared";
import type { AppEnv } from "../http/app-env.ts";
import { errorJson, objectJson } from "../http/openapi.ts";
import { readFields } from "../http/request-info.ts";
import { requireViewer } from "../http/require-viewer.ts";
import { choice, idParam, parseInput, userText, validationHook } from "../http/validation.ts";
import { saveStoryNotes, storyNotes } from "./service.ts";

/** §5: the text fields are cleaned on save (userText: trimmed too), then held to their limits. */
const text = (field: keyof typeof NOTES_LIMITS, label: string, lines: TextLines = "one") =>
  userText(`${field} must be text`, lines)
    .max(NOTES_LIMITS[field], `${label} is at most ${formatCount(NOTES_LIMITS[field])} characters`)
    .nullish()
    .transform((value) => value ?? "");

const binary = (field: string, meaning: string) =>
  choice([0, 1] as const, `${field} must be ${meaning}`);

/** A comma-joined list (or a JSON list) as its entries: trimmed, blanks ignored, once each. */
const list = z
  .union([z.string(), z.array(z.string())], { error: "must be a comma-separated list" })
  .nullish()
  .transform((value) =>
    splitList(cleanUserText(Array.isArray(value) ? value.join(",") : (value ?? ""))),
  );

const slider = (name: string) => {
  const error = `${name} must be a whole number from ${formatCount(SLIDER_MIN)} to ${formatCount(SLIDER_MAX)}`;
  return z
    .number({ error })
    .int(error)
    .min(SLIDER_MIN, error)
    .max(SLIDER_MAX, error)
    .nullish()
    .transform((value) => value ?? 0);
};

const sliders = <K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, slider(name)])) as Record<
    K,
    ReturnType<typeof slider>
  >;

const protagonist = z.strictObject({
  name: text("name", "The protagonist's name"),
  other_names: text("other_names", "Other names"),
  pronoun: choice(NOTE_PRONOUNS, `pronoun must be ${NOTE_PRONOUNS.join(", ")}`),
  attributes: list
    .pipe(
      z.array(z.string()).max(MAX_ATTRIBUTES, `At most ${formatCount(MAX_ATTRIBUTES)} attributes`),
    )
    .transform(joinList)
    .pipe(
      z
        .string()
        .max(
          NOTES_LIMITS.attributes,
          `Attributes are at most ${formatCount(NOTES_LIMITS.attributes)} characters`,
        ),
    ),
  ...sliders(PROTAGONIST_SLIDERS),
  personality_change: choice(PERSONALITY_CHANGES, "personality_change must be -1, 0 or 1"),
});

const goal = z
  .strictObject({
    description: text("description", "The goal"),
    physical_emotional: binary("physical_emotional", "0 (physical) or 1 (emotional)"),
    type: choice([...GOAL_TYPES[0], ...GOAL_TYPES[1]], "type is not a goal type"),
    ...sliders(GOAL_SLIDERS),
    outcome: text("outcome", "The outcome", "many"),
    succeed: binary("succeed", "1 (yes) or 0 (no)"),
    outcome_feeling: binary("outcome_feeling", "1 (good) or 0 (bad)"),
  })
  .superRefine((goal, context) => {
    if (goal.type === null) return;
    const kind = goal.physical_emotional;
    if (kind === null) {
      context.addIssue({
        code: "custom",
        path: ["physical_emotional"],
        message: "Choose physical or emotional before the goal type",
      });
    } else if (!(GOAL_TYPES[kind] as readonly string[]).includes(goal.type)) {
      context.addIssue({
        code: "custom",
        path: ["type"],
        message: `${kind === 0 ? "A physical" : "An emotional"} goal is one of ${GOAL_TYPES[kind].join(", ")}`,
      });
    }
  });

const typesError = `types must be ${OPPORTUNITY_TYPES.join(", ")}`;
const opportunity = z.strictObject({
  interested: binary("interested", "1 or 0"),
  types: list
    .pipe(
      z
        .array(z.enum(OPPORTUNITY_TYPES, { error: typesError }))
        .refine((types) => !types.includes("all") || types.length === 1, {
          error: "'all' stands for every type: choose it alone",
        }),
    )
    .transform(joinList),
  logline: text("logline", "The logline", "many"),
  story_progress: choice(STORY_PROGRESS, `story_progress must be ${STORY_PROGRESS.join(", ")}`),
});

const positiveId = (name: string) =>
  z
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);

const notesBody = z.strictObject({
  id: positiveId("id").nullish(),
  story_id: positiveId("story_id").optional(),
  submit: z.boolean({ error: "submit must be true or false" }).default(false),
  protagonist: protagonist.prefault({}),
  protagonist_goal: goal.prefault({}),
  opportunity: opportunity.prefault({}),
});

const authorOnly = {
  400: { description: "Bad input, or submitting incomplete notes; nothing saved", ...errorJson },
  401: { description: "Not signed in", ...errorJson },
  403: { description: "Not the story's author", ...errorJson },
  404: { description: "No such story (or notes id)", ...errorJson },
};

const getRoute = createRoute({
  method: "get",
  path: "/v5/stories/{id}/notes",
  summary: "A story's Story Notes, for its author; id is null until they are first saved",
  request: { params: z.object({ id: idParam("id") }) },
  responses: {
    200: {
      description:
        "{id, story_id, protagonist, protagonist_goal, opportunity, updated_at, submitted_at}",
      ...objectJson,
    },
    ...authorOnly,
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/v5/stories",
  summary:
    "Save a story's Story Notes: JSON {story_id (or id of saved notes), protagonist, protagonist_goal, opportunity, submit?}. Text is trimmed; submit: true needs every item filled in",
  responses: {
    200: { description: "The notes as saved", ...objectJson },
    ...authorOnly,
  },
});

/** Story Notes (writer-paid-contest.md §3-§5, §7): only the author reads or writes them. */
export function notesRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await storyNotes(c.get("db"), viewer, c.req.valid("param").id), 200);
  });
  app.openapi(saveRoute, async (c) => {
    const viewer = requireViewer(c);
    const { id, story_id, submit, ...content } = parseInput(notesBody, await readFields(c));
    const save = { id, storyId: story_id, submit, content };
    return c.json(await saveStoryNotes(c.get("db"), viewer, save), 200);
  });
  return app;
}
