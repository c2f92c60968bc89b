import { LRUCache } from "lru-cache";
import { createCacheTags } from "./cache-tags";

export type ComputedCacheOptions<Value> = {
  /** How long a value is fresh: each value a little less, at random down to 80 %, so expiries spread. */
  freshMs: number;
  /** How long after that a value is still given while one computation refreshes it (the bound on staleness). */
  staleMs: number;
  /** At most this many values, and at most `maxSize` by `sizeCalculation`. */
  max?: number;
  maxSize: number;
  sizeCalculation: (value: Value) => number;
  /** Told when a refresh made in the background fails (the stale value is given until its bound). */
  onRefreshError?: (error: unknown) => void;
};

type Entry<Value> = { value: Value; storedAt: number; freshUntil: number };

/** A value's freshness, spread between 80 % and 100 % of `freshMs` so that values kept together expire apart. */
export const spreadFreshness = (freshMs: number) => Math.round(freshMs * (0.8 + 0.2 * Math.random()));

/**
 * Values computed on demand and kept in an LRU. Concurrent misses for one key share one computation. A value
 * past its freshness is still given, for at most `staleMs`, while one computation refreshes it in the
 * background: no request waits on an expiry. Each value shows what `tagsOf` says (lib/cache-tags.ts):
 * `forgetTagged` drops the values that show any of the given tags, stale or not, `clear()` drops everything,
 * and a value computed from data read before a change to what it shows is not kept.
 */
export function createComputedCache<Value extends object>(
  { freshMs, staleMs, max, maxSize, sizeCalculation, onRefreshError }: ComputedCacheOptions<Value>,
  tagsOf: (value: Value) => readonly string[] = () => [],
) {
  const tags = createCacheTags();
  const kept = new LRUCache<string, Entry<Value>>({
    ...(max ? { max } : {}),
    maxSize,
    sizeCalculation: (entry) => sizeCalculation(entry.value),
    ttl: freshMs + staleMs,
    dispose: (entry, key) => tags.remove(key, tagsOf(entry.value)),
  });
  const computing = new Map<string, Promise<Value>>();

  function get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const known = kept.get(key);
    const now = Date.now();
    if (known && now - known.storedAt < freshMs + staleMs) {
      if (now >= known.freshUntil && !computing.has(key))
        computeAndKeep(key, compute).catch((error: unknown) => onRefreshError?.(error));
      return Promise.resolve(known.value);
    }
    return computing.get(key) ?? computeAndKeep(key, compute);
  }

  function computeAndKeep(key: string, compute: () => Promise<Value>): Promise<Value> {
    const since = tags.mark();
    const computed = compute()
      .then((value) => {
        const shows = tagsOf(value);
        if (tags.isCurrent(since, shows)) {
          const storedAt = Date.now();
          kept.set(key, { value, storedAt, freshUntil: storedAt + spreadFreshness(freshMs) });
          tags.add(key, shows);
        }
        return value;
      })
      .finally(() => {
        if (computing.get(key) === computed) computing.delete(key);
      });
    computing.set(key, computed);
    return computed;
  }

  function clear() {
    tags.clear();
    kept.clear();
    computing.clear();
  }

  /**
   * Drops the values that show any of `tags`. Requests from now on do not wait for a computation begun
   * before (it may have read what changed; it is kept only if it shows none of it).
   */
  function forgetTagged(changed: readonly string[]) {
    for (const key of tags.change(changed)) kept.delete(key);
    computing.clear();
  }

  return { get, clear, forgetTagged };
}
