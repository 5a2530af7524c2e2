/** The header: Browse, Writer Opportunities and Community for visitors, the account menu. */
export const header = {
  picks: "Inkwell Picks",
  writerOpportunities: "Writer Opportunities",
  community: "Community",
  communityLinks: [
    { label: "Content guidelines", url: "/guidelines" },
    { label: "Writing help", url: "/help/writing/protagonist" },
    { label: "Find readers and writers", url: "/search" },
  ],
  languageLabel: "Language",
  menu: "Menu",
  accountMenu: "Account",
  signedInAs: (name: string) => `Signed in as ${name}`,
  yourPages: "Your pages",
  profile: "My profile",
  library: "Library",
  settings: "Settings",
  logOut: "Log out",
  staffTools: "Staff tools",
  staffLinks: {
    reports: "Reports queue",
    imageAppeals: "Image appeals",
    promotions: "Sponsored stories",
    contest: "Inkwell Awards",
    paidStories: "Paid story manager",
    ratingHistory: "Story rating history",
  },
};
