/**
 * The link back to a story, in the product's words wherever a page leads back to one (the
 * part editor and Analytics to the writer's story, a part and the story's side pages to the
 * story page), so a writer never meets two names for one way back.
 */
export const backToTheStory = "Back to the story";
