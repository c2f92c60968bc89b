import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createComputedCache, spreadFreshness } from "./computed-cache";

const FRESH = 30_000;
const STALE = 300_000;

/** A cache of versions whose computations finish when the test says. */
function versions(onRefreshError?: (error: unknown) => void) {
  const cache = createComputedCache<{ version: number }>(
    {
      freshMs: FRESH,
      staleMs: STALE,
      maxSize: 100,
      sizeCalculation: () => 1,
      ...(onRefreshError ? { onRefreshError } : {}),
    },
    () => ["thing:1"],
  );
  const pending: Array<{ resolve: (version: number) => void; reject: (error: Error) => void }> = [];
  const compute = () =>
    new Promise<{ version: number }>((resolve, reject) =>
      pending.push({ resolve: (version) => resolve({ version }), reject }),
    );
  const get = () => cache.get("key", compute);
  return { cache, get, pending };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("computed cache", () => {
  it("gives a value past its freshness at once while one computation refreshes it, then the new one", async () => {
    const { get, pending } = versions();
    const first = get();
    pending[0]!.resolve(1);
    expect(await first).toEqual({ version: 1 });

    vi.setSystemTime(Date.now() + FRESH * 0.8 - 1);
    expect(await get()).toEqual({ version: 1 });
    expect(pending).toHaveLength(1);

    vi.setSystemTime(Date.now() + FRESH);
    // Stale: given at once, each time, while a single refresh runs.
    expect(await Promise.all([get(), get(), get()])).toEqual([
      { version: 1 },
      { version: 1 },
      { version: 1 },
    ]);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    await vi.waitFor(async () => expect(await get()).toEqual({ version: 2 }));
    expect(pending).toHaveLength(2);
  });

  it("makes a request wait for a new value once a value is older than its freshness and its bound", async () => {
    const { get, pending } = versions();
    const first = get();
    pending[0]!.resolve(1);
    await first;
    vi.setSystemTime(Date.now() + FRESH + STALE);
    const waiting = get();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await waiting).toEqual({ version: 2 });
  });

  it("never gives a stale value whose data changed: a change to what it shows drops it", async () => {
    const { cache, get, pending } = versions();
    const first = get();
    pending[0]!.resolve(1);
    await first;
    vi.setSystemTime(Date.now() + FRESH);
    cache.forgetTagged(["thing:1"]);
    const waiting = get();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await waiting).toEqual({ version: 2 });
  });

  it("reports a refresh that fails and gives the stale value until the next request tries again", async () => {
    const failures: unknown[] = [];
    const { get, pending } = versions((error) => failures.push(error));
    const first = get();
    pending[0]!.resolve(1);
    await first;
    vi.setSystemTime(Date.now() + FRESH);
    expect(await get()).toEqual({ version: 1 });
    pending[1]!.reject(new Error("database gone"));
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(await get()).toEqual({ version: 1 });
    expect(pending).toHaveLength(3);
  });

  it("spreads the freshness of values kept together between 80 % and 100 %", () => {
    const spread = Array.from({ length: 200 }, () => spreadFreshness(FRESH));
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(FRESH * 0.8);
    expect(Math.max(...spread)).toBeLessThanOrEqual(FRESH);
    expect(new Set(spread).size).toBeGreaterThan(100);
  });
});
