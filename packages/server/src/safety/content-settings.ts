import { assertIsViewer, type Viewer } from "../viewer.ts";

/**
 * Content settings (GET and PUT in service.ts, the genres' POST in home/) are the signed-in
 * user's own; one refusal for reading and changing them.
 */
export const assertOwnContentSettings = (viewer: Viewer, username: string) =>
  assertIsViewer(viewer, username, "You can only see and change your own content settings.");
