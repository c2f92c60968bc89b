import Fastify from "fastify";

/**
 * The ceiling of the API benchmarks: bare Fastify answering a constant JSON, started by bench/run.ts in a
 * process of its own on the same machine. The store's endpoints are reported as a share of its throughput.
 */
const app = Fastify({ logger: false });
const body = { code: 200, message: "ok", data: { status: "ok" } };
app.get("/api/health", async () => body);
app.get("/ceiling", async () => body);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
