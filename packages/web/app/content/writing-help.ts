import type { LegalDocument } from "./legal.ts";

/** The help articles Story Notes links to (writer-paid-contest.md §2), by their path name. */
export const WRITING_HELP: Record<string, LegalDocument> = {
  protagonist: {
    title: "How to write a protagonist",
    updated: "November 22, 2026",
    sections: [
      {
        heading: "Start with what they want",
        paragraphs: [
          "A protagonist is the person whose wants drive your story. Readers follow them because they want something badly and something stands in the way. Name that want early, even if the character does not understand it yet.",
        ],
      },
      {
        heading: "Give them a shape readers can see",
        paragraphs: [
          "A handful of concrete attributes (a job, a scar, a habit, the way they speak) do more than a long description. Pick the few that matter to the story and let the rest come through in what they do.",
          "Personality shows in choices under pressure. Decide where your protagonist sits between extrovert and introvert, thinking and feeling, decisive and improvising, and let their choices stay true to it, or change it on purpose.",
        ],
      },
      {
        heading: "Let the story change them",
        paragraphs: [
          "Most memorable protagonists end the story different from how they began: wiser, harder, kinder or broken. Some stay the same while the world around them changes. Know which kind of story you are telling.",
        ],
      },
    ],
  },
  logline: {
    title: "How to write a logline",
    updated: "November 22, 2026",
    sections: [
      {
        heading: "One or two sentences",
        paragraphs: [
          "A logline sums up your story so that someone who has never read it wants to. It names the protagonist, what they want, what stands in their way and what is at stake.",
        ],
      },
      {
        heading: "A simple pattern",
        paragraphs: [
          "When [something happens], a [protagonist] must [goal] before [stakes]. For example: when the lamp fails on the night of the storm, a lighthouse keeper must choose between her sister's ship and the whole fleet.",
          "Leave out subplots and names of minor characters. Keep it under 150 characters if you can: short loglines are easier to remember and to share.",
        ],
      },
    ],
  },
};
