import type { Kysely } from "kysely";
import { isPostgres } from "../engine.ts";

/**
 * Reports (docs/decisions/016-reports.md): the support tree the report modal walks, seeded
 * here in English and edited by staff afterwards; what a report ticket is about and what
 * happened to it; staff notes on tickets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("support_tree_flows")
    .addColumn("lang", "integer", (c) => c.notNull())
    .addColumn("flow_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("updated_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addPrimaryKeyConstraint("support_tree_flows_pk", ["lang", "flow_id"])
    .execute();

  const table = () => db.schema.alterTable("support_tickets");
  await table().addColumn("report_type_id", "integer").execute();
  await table().addColumn("model_type", "integer").execute();
  await table().addColumn("model_id", "bigint").execute();
  await table()
    .addColumn("reported_user_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await table().addColumn("reference", "text").execute();
  await table().addColumn("outcome", "text").execute();
  await table().addColumn("resolved_at", "bigint").execute();
  await table()
    .addColumn("resolved_by", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("support_tickets_reports")
    .on("support_tickets")
    .columns(["report_type_id", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("support_tickets_model")
    .on("support_tickets")
    .columns(["model_type", "model_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("support_tickets_requester")
    .on("support_tickets")
    .columns(["requester_user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("support_ticket_notes")
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("ticket_id", "bigint", (c) =>
      c.notNull().references("support_tickets.id").onDelete("cascade"),
    )
    .addColumn("author_id", "bigint", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_username", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("support_ticket_notes_ticket")
    .on("support_ticket_notes")
    .columns(["ticket_id", "created_at"])
    .execute();

  const now = Date.now();
  const rows = ENGLISH_TREE.map((flow, position) => {
    const { id, ...body } = flow;
    return {
      lang: 1,
      flow_id: id,
      position,
      body: JSON.stringify(body),
      updated_at: now,
      updated_by: null,
    };
  });
  await (db as Kysely<{ support_tree_flows: (typeof rows)[number] }>)
    .insertInto("support_tree_flows")
    .values(rows)
    .execute();
}

// The tree as it was first seeded. Kept here, frozen with the migration: staff change it
// afterwards through PUT /v4/support/tree/{flowId}.

type Item =
  | { type: "text"; id: string; text: string }
  | { type: "url"; id: string; title: string; url: string }
  | { type: "editText"; id: string; title: string; placeholder?: string; reason: string }
  | {
      type: "page";
      id: string;
      title: string;
      items: Item[];
      loginRequired?: boolean;
      kind?: "copyright";
    };

const details = (reason: string, placeholder: string): Item => ({
  type: "editText",
  id: `${reason}-details`,
  title: "Tell us what happened",
  placeholder,
  reason,
});

/** A reason to report: a choice that opens a page with an explanation and the detail box. */
const reason = (id: string, title: string, text: string, placeholder: string): Item => ({
  type: "page",
  id,
  title,
  items: [{ type: "text", id: `${id}-about`, text }, details(id, placeholder)],
});

const guidelines: Item = {
  type: "url",
  id: "guidelines",
  title: "Read our content guidelines",
  url: "/guidelines",
};

/** Harassment asks one more question: who is it aimed at? */
const harassment = (what: string): Item => ({
  type: "page",
  id: "harassment",
  title: "Harassment or bullying",
  items: [
    { type: "text", id: "harassment-who", text: `Who is this ${what} aimed at?` },
    {
      type: "page",
      id: "harassment-me",
      title: "Me",
      items: [
        {
          type: "text",
          id: "harassment-me-about",
          text: "We're sorry this is happening to you. You can also mute or block this person: they won't be able to reach you.",
        },
        details("harassment_of_reporter", "What did they say or do?"),
      ],
    },
    {
      type: "page",
      id: "harassment-other",
      title: "Someone else",
      items: [
        {
          type: "text",
          id: "harassment-other-about",
          text: "Thank you for looking out for others. Tell us who is being targeted and how.",
        },
        details("harassment_of_other", "Who is being targeted, and how?"),
      ],
    },
  ],
});

const selfHarm = reason(
  "self_harm",
  "Self-harm or suicide",
  "If someone is in immediate danger, contact local emergency services now. We review these reports first.",
  "What worries you?",
);

const hate = reason(
  "hate_speech",
  "Hate speech",
  "Attacks on people for who they are (race, religion, gender, sexuality, disability and more) are not allowed.",
  "What makes this hateful?",
);

const spam = (what: string) =>
  reason(
    "spam",
    "Spam or scam",
    `Repeated, unwanted or misleading ${what}, links to scams and advertising.`,
    "What is being promoted?",
  );

const other = reason(
  "other",
  "Something else",
  "Tell us what is wrong and we will look at it.",
  "What is wrong?",
);

const sexual = (what: string) =>
  reason(
    "sexual_content",
    "Sexual content",
    `Sexual ${what} involving minors, or sent to people who did not ask for it, is never allowed.`,
    "What did you see?",
  );

const FORM = 48860;

const ENGLISH_TREE: {
  id: string;
  title: string;
  ticketFormId: number;
  ticketSubject: string;
  items: Item[];
}[] = [
  {
    id: "user",
    title: "Report this account",
    ticketFormId: FORM,
    ticketSubject: "User Report",
    items: [
      harassment("account"),
      reason(
        "impersonation",
        "Impersonation",
        "Accounts that pretend to be someone else, a brand or an organisation.",
        "Who are they pretending to be?",
      ),
      spam("accounts"),
      reason(
        "underage",
        "Under-age user",
        "Inkwell is for people 13 and over. Tell us why you think this person is younger.",
        "Why do you think so?",
      ),
      hate,
      selfHarm,
      other,
    ],
  },
  {
    id: "story",
    title: "Report this story",
    ticketFormId: FORM,
    ticketSubject: "Story Report",
    items: [
      reason(
        "mature_unmarked",
        "Mature content not marked as mature",
        "Stories with explicit sex, graphic violence or self-harm must be marked as mature.",
        "Which part, and what is in it?",
      ),
      hate,
      reason(
        "violence",
        "Violence or threats",
        "Real threats of violence, or content that celebrates real violence.",
        "What is threatening?",
      ),
      sexual("content"),
      spam("stories"),
      {
        type: "page",
        id: "copyright",
        title: "Copyright infringement",
        loginRequired: true,
        kind: "copyright",
        items: [
          {
            type: "text",
            id: "copyright-about",
            text: "Paste the link to the original story on Inkwell that this story copies.",
          },
        ],
      },
      {
        type: "url",
        id: "copyright-notice",
        title: "Someone copied my work from outside Inkwell: file a copyright notice",
        url: "/help/dmca",
      },
      other,
      guidelines,
    ],
  },
  {
    id: "comment",
    title: "Report this comment",
    ticketFormId: FORM,
    ticketSubject: "Comment Report",
    items: [
      harassment("comment"),
      hate,
      spam("comments"),
      sexual("comments"),
      selfHarm,
      other,
      guidelines,
    ],
  },
  {
    id: "private-message",
    title: "Report this message",
    ticketFormId: FORM,
    ticketSubject: "Private Message Report",
    items: [
      harassment("message"),
      sexual("messages"),
      spam("messages"),
      reason(
        "threat",
        "Threats",
        "Threats of violence, blackmail or sharing private images are never allowed.",
        "What did they threaten?",
      ),
      selfHarm,
      other,
    ],
  },
  {
    id: "public-message",
    title: "Report this post",
    ticketFormId: FORM,
    ticketSubject: "Public Message Report",
    items: [harassment("post"), hate, spam("posts"), other, guidelines],
  },
  {
    id: "media",
    title: "Report this image",
    ticketFormId: FORM,
    ticketSubject: "Media Report",
    items: [
      reason(
        "explicit_image",
        "Sexual or explicit image",
        "Explicit images are not allowed on covers, profiles or in stories.",
        "What does the image show?",
      ),
      reason(
        "graphic_image",
        "Violent or graphic image",
        "Gore and graphic violence are not allowed in images.",
        "What does the image show?",
      ),
      hate,
      {
        type: "url",
        id: "image-copyright",
        title: "This image is mine: file a copyright notice",
        url: "/help/dmca",
      },
      other,
    ],
  },
];
