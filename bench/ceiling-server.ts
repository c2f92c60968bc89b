import cluster from "node:cluster";
import Fastify from "fastify";

/**
 * The ceiling of the API benchmarks: bare Fastify answering a constant JSON, started by bench/run.ts in a
 * process of its own on the same machine. The store's endpoints are reported as a share of its throughput.
 * It is deployed as the store it is compared with: CEILING_PROCESSES workers sharing the port through
 * node:cluster, as STORE_PROCESSES does (server/processes.ts). On a machine whose cores the load generator
 * shares, a second process costs a server throughput (a bare server's fell from about 40,000 to 29,000
 * requests/s on 2 cores), so a store of two processes measured against a ceiling of one showed that cost as
 * the store's.
 */
const processes = Number(process.env.CEILING_PROCESSES ?? 1);

if (processes > 1 && cluster.isPrimary) {
  for (let worker = 0; worker < processes; worker++) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  cluster.on("exit", () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  const body = { code: 200, message: "ok", data: { status: "ok" } };
  app.get("/api/health", async () => body);
  app.get("/ceiling", async () => body);
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
}
