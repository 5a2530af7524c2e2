export * from "./accounts.ts";
export * from "./api-types.ts";
export * from "./features.ts";
export * from "./fields.ts";
export * from "./format.ts";
export * from "./http.ts";
export * from "./story-rules.ts";
export * from "./text.ts";
