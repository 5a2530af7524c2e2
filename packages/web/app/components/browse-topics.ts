/**
 * Genres offered in the header's Browse menu; each opens its tag page. The same list as
 * onboarding's genre tiles and the home feed's genre links, hence kept in @inkwell/shared.
 */
export { GENRES as BROWSE_TOPICS } from "@inkwell/shared";
