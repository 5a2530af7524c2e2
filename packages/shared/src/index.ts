export * from "./format.ts";
export * from "./story-rules.ts";
export * from "./text.ts";
export * from "./api-types.ts";
export * from "./fields.ts";
export * from "./http.ts";
