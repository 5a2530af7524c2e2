/**
 * The English catalogue as one namespace: `t.story.title` reads like an object, but the
 * bundler resolves each `t.area` statically, so a page's JavaScript carries only the areas
 * it uses (one module each, en/). English is the only locale so far; a locale cookie will
 * pick others when they exist.
 */
export * as t from "./en/index.ts";
