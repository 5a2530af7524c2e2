/**
 * Reads and throws away the body of a request nothing read, no more than `maxBytes` of it.
 * A refusal answered before the body is read must wait for this: @hono/node-server closes
 * the connection when the rest of an unread body takes over 500 ms to arrive, and a slow
 * client then sees a network error instead of the answer.
 */
export async function discardUnreadBody(request: Request, maxBytes: number): Promise<void> {
  if (request.bodyUsed || !request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) return await reader.cancel();
    }
  } catch {
    // The client went away: there is no one left to answer.
  }
}
