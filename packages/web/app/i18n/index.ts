import { en } from "./en.ts";

/** English is the only locale so far; a locale cookie will pick others when they exist. */
export const t = en;
