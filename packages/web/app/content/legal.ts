/** The Terms of Service, Privacy Policy and Content Guidelines, in English, as sections of plain paragraphs. */

export interface LegalDocument {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const TERMS: LegalDocument = {
  title: "Terms of Service",
  updated: "November 22, 2026",
  sections: [
    {
      heading: "Welcome to Inkwell",
      paragraphs: [
        "Inkwell is a place to read and write stories, part by part. By creating an account or using Inkwell you agree to these terms. If you do not agree, please do not use the service.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "You must be at least 13 years old to create an account. Keep your password private; you are responsible for what happens under your account.",
        "Choose a username that does not impersonate anyone or mislead others. We may reclaim usernames that break these terms.",
      ],
    },
    {
      heading: "Your stories",
      paragraphs: [
        "You keep the rights to what you write. By publishing on Inkwell you give us a worldwide, non-exclusive licence to host, display and distribute your work on Inkwell so that readers can find and read it. You choose the copyright licence shown on each story.",
        "Only publish work you have the right to publish. Rights holders can file a copyright notice and we will act on valid notices.",
      ],
    },
    {
      heading: "Community",
      paragraphs: [
        "Be kind. Harassment, hate, sexual content involving minors, spam and threats are not allowed anywhere on Inkwell. Mark mature stories as mature. You can mute, block and report people who make Inkwell worse.",
        "We may remove content or close accounts that break these terms or our content guidelines.",
      ],
    },
    {
      heading: "Coins and paid stories",
      paragraphs: [
        "Some stories are paid. Coins unlock paid parts; purchased parts stay unlocked for your account. Coins have no cash value outside Inkwell.",
      ],
    },
    {
      heading: "Changes",
      paragraphs: [
        "We may update these terms. When we make important changes we will tell you before they take effect; continuing to use Inkwell afterwards means you accept them.",
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  updated: "November 22, 2026",
  sections: [
    {
      heading: "What we collect",
      paragraphs: [
        "Account details you give us: email address, username, birthday, optional pronouns and your password (stored only as a salted hash).",
        "What you do on Inkwell: stories you read and how far, votes, comments, follows, lists and messages, so that the product works and your library follows you.",
        "Technical data: your IP address and browser, used for security (such as limiting log-in attempts) and to keep the service running.",
      ],
    },
    {
      heading: "How we use it",
      paragraphs: [
        "To run Inkwell: sign you in, save your reading position, show you stories you may like and let writers see how their stories are read.",
        "To keep people safe: to stop abuse, spam and attacks on accounts.",
        "To write to you: account emails such as verification and password resets, and news only if you opted in.",
      ],
    },
    {
      heading: "What we share",
      paragraphs: [
        "Your public profile, public stories, comments and public reading lists are visible to others. We do not sell your personal information. You can opt out of the sharing of personal information at any time.",
      ],
    },
    {
      heading: "Your choices",
      paragraphs: [
        "You can download a copy of your data, change your email and password, and close your account from your settings. Closing your account removes your profile and private data.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: ["Questions about privacy? Write to privacy@inkwell.example."],
    },
  ],
};

export const GUIDELINES: LegalDocument = {
  title: "Content Guidelines",
  updated: "November 22, 2026",
  sections: [
    {
      heading: "Write what you love, safely",
      paragraphs: [
        "Inkwell welcomes stories of every genre, including dark and difficult subjects told with care. These guidelines say what may be published and how stories for adults are labelled, so every reader can choose what they read.",
      ],
    },
    {
      heading: "Mature stories",
      paragraphs: [
        "Stories with explicit sexual content, graphic violence or intense depictions of self-harm must be rated Mature. Mature stories are shown only to signed-in readers aged 18 or over who have not turned them off in their content settings.",
        "Mature is a label, not a loophole: everything below is still not allowed.",
      ],
    },
    {
      heading: "Never allowed",
      paragraphs: [
        "Sexual content involving minors, in any form. Content that promotes or glorifies self-harm, suicide or eating disorders. Hate speech and content that encourages violence against people or groups. Harassment of real people, and sharing someone's private information.",
        "Spam, scams and misleading links. Work that is not yours to publish: plagiarism and copyright infringement.",
      ],
    },
    {
      heading: "Covers, titles and descriptions",
      paragraphs: [
        "Covers, titles and descriptions are seen by everyone who browses, so they must be suitable for a general audience even when the story is Mature.",
      ],
    },
    {
      heading: "When something is wrong",
      paragraphs: [
        "Report a story, comment or profile that breaks these guidelines. Our team reviews every report; stories that break the guidelines may be unpublished, re-rated or removed, and repeated or serious breaches can close an account.",
      ],
    },
  ],
};
