// The part of autocannon 9's programmatic API that bench/api-load.ts uses (the package ships no types).
declare module "autocannon" {
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: object) => Request;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests per second from each connection, sent one after the other when each second starts. */
    connectionRate?: number;
    ignoreCoordinatedOmission?: boolean;
    headers?: Record<string, string>;
    requests?: Request[];
    timeout?: number;
  };

  export type Histogram = {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };

  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = PromiseLike<Result> & {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, milliseconds: number) => void,
    ): Instance;
  };

  export default function autocannon(options: Options): Instance;
}
