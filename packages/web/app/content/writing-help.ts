import { DEMOGRAPHICS_MIN_READERS } from "@inkwell/shared";
import type { LegalDocument } from "./legal.ts";

/** The help articles Story Notes and analytics link to (writer-paid-contest.md §2), by path name. */
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
  analytics: {
    title: "Understanding your story's analytics",
    updated: "November 25, 2026",
    sections: [
      {
        heading: "Total Reads",
        paragraphs: [
          "A read is counted when someone has had a part on screen for a few seconds. Reading the same part again counts again, up to three times an hour, and your own reads never count. Total Reads adds up the reads of every published part.",
        ],
      },
      {
        heading: "Engaged Readers",
        paragraphs: [
          "Engaged Readers are readers with an account who spent five minutes or more reading your story in the last 365 days, over any number of visits and parts. Time counts only while the part is on their screen.",
        ],
      },
      {
        heading: "Daily Unique Readers",
        paragraphs: [
          "For each of the last 30 days, the number of different readers with an account who read at least one part of your story that day. Someone who reads every day is counted once each day. Visitors without an account are counted in reads, but cannot be told apart, so they are not counted here.",
        ],
      },
      {
        heading: "Engagement and Demographics",
        paragraphs: [
          `Engagement shows each published part's reads, votes and comments, so you can see where readers keep going and where they stop. Demographics shows the ages and countries of your story's readers in the last year, from what they told us when they signed up; readers who did not say are left out of the shares. So that no reader can be picked out, it shows nothing until at least ${DEMOGRAPHICS_MIN_READERS} readers with an account have read the story, and any age group or country with fewer than ${DEMOGRAPHICS_MIN_READERS} of them is counted under Other.`,
        ],
      },
    ],
  },
};
