import autocannon, { type Request } from "autocannon";

/**
 * One URL under load; `path` is called for every request, so ids can be spread across the catalog. A GET
 * unless `write` is given: it is called for every request too, for that request's method, headers and body.
 */
export type Endpoint = {
  name: string;
  path: () => string;
  /** The fixed rate it is measured at (requests/s), when not the catalog calls' rate. */
  rate?: number;
  /** How long it is measured at the rate, and warmed before, when not the mode's. */
  seconds?: number;
  warmupSeconds?: number;
  write?: () => { method: "POST"; headers: Record<string, string>; body: string };
};

/** What a browser sends: answers are compressed as they would be for a shopper. */
const HEADERS = { accept: "application/json, text/html", "accept-encoding": "gzip, deflate, br" };

/** Requests start in 100 slots a second, evenly spaced: see measureAtRate. */
const SLOTS_PER_SECOND = 100;
/** A run that got fewer answers than this share of the offered requests was overloaded. */
export const OVERLOADED_BELOW = 0.98;

export type RateResult = {
  offeredRate: number;
  requestsPerSecond: number;
  /** Fewer than 98 % of the offered requests answered: the latencies then only say "too slow". */
  overloaded: boolean;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts (no answer within 10 s) and non-2xx answers. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

export type SaturationResult = {
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers by HTTP status, and the requests that got none (timed out, or their connection failed). */
  statusCodes: Record<string, number>;
  timeouts: number;
};

/**
 * Latency at a fixed request rate. autocannon's own rate limit lets every connection send its whole
 * second's share at the start of each second, all connections at once (autocannon issue #174), and its
 * coordinated-omission correction assumes 1 ms between requests. So the rate is spread here instead:
 * 100 autocannon instances started 10 ms apart, each with rate/100 connections that send one request a
 * second, and the latency of every response is taken from autocannon's `response` event, uncorrected.
 * Each connection's first request, sent while it connects, is left out: a connection sends `seconds`
 * measured requests, one a second from its second second on. It waits for an answer before its next
 * request, so when the server cannot keep up, fewer answers come back than were offered (`overloaded`),
 * and up to one request per connection is still queued in the server when the run ends.
 */
export async function measureAtRate(
  baseUrl: string,
  endpoint: Endpoint,
  { rate, seconds, warmupSeconds }: { rate: number; seconds: number; warmupSeconds: number },
): Promise<RateResult> {
  await warmUp(baseUrl, endpoint, warmupSeconds);
  const perSlot = Math.max(1, Math.round(rate / SLOTS_PER_SECOND));
  const slots = Math.round(rate / perSlot);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const results = await Promise.all(
    Array.from({ length: slots }, async (_, slot) => {
      await new Promise((resolve) => setTimeout(resolve, (slot * 1000) / slots));
      const started = performance.now();
      return autocannon({
        url: baseUrl,
        connections: perSlot,
        connectionRate: 1,
        ignoreCoordinatedOmission: true,
        duration: seconds + 1,
        headers: HEADERS,
        requests: [request(endpoint)],
      }).on("response", (_client, status, _bytes, milliseconds) => {
        // Requests go out at about 0, 1000, 2000, ... ms: keep those sent at 1000 to seconds × 1000 ms.
        const sentAt = performance.now() - milliseconds - started;
        if (sentAt < 500 || sentAt >= seconds * 1000 + 500) return;
        latencies.push(milliseconds);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      });
    }),
  );
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statusCodes).reduce(
    (sum, [status, n]) => sum + (/^2/.test(status) ? 0 : n),
    0,
  );
  const offeredRate = perSlot * slots;
  const requestsPerSecond = latencies.length / seconds;
  return {
    offeredRate,
    requestsPerSecond,
    overloaded: requestsPerSecond < OVERLOADED_BELOW * offeredRate,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors: non2xx + results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    statusCodes,
  };
}

/** Throughput: as many requests as `connections` connections get answered, each sent when the last returns. */
export async function measureSaturation(
  baseUrl: string,
  endpoint: Endpoint,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<SaturationResult> {
  await warmUp(baseUrl, endpoint, warmupSeconds);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: HEADERS,
    requests: [request(endpoint)],
  });
  return {
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
    timeouts: result.timeouts,
  };
}

/** A few seconds of load first, so that JIT compilation and cold caches are not measured. */
async function warmUp(baseUrl: string, endpoint: Endpoint, seconds: number) {
  if (seconds > 0)
    await autocannon({
      url: baseUrl,
      connections: 4,
      duration: seconds,
      headers: HEADERS,
      requests: [request(endpoint)],
    });
}

function request(endpoint: Endpoint): Request {
  return {
    method: "GET",
    setupRequest: (request) => {
      const write = endpoint.write?.();
      if (!write) return { ...request, path: endpoint.path() };
      const { method, body } = write;
      return {
        ...request,
        path: endpoint.path(),
        method,
        headers: { ...request.headers, ...write.headers },
        body,
      };
    },
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
