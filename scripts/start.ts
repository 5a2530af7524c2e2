import { buildWebIfNeeded } from "./build-web.ts";

buildWebIfNeeded();
await import("../packages/server/src/main.ts");
