import { createServer } from "node:net";

/**
 * A free TCP port on loopback (for the test servers and the benchmarks' servers alike).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
    server.on("error", reject);
  });
}
