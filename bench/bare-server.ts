/**
 * The yardstick: the smallest useful node:http server, in its own process, so that the
 * bench can express Inkwell's throughput as a share of what Node does on this machine.
 */
import { createServer } from "node:http";

const body = "Hello World";
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain", "content-length": body.length });
  response.end(body);
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`bare server ready on ${typeof address === "object" ? address?.port : address}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
