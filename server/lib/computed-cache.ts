import { LRUCache } from "lru-cache";

/**
 * Values computed on demand and kept in an LRU (size and lifetime as `options` say). Concurrent misses for
 * one key share one computation. `clear()` (after the data changes) drops everything, `forget(key)` one value, and a value computed
 * from data read before a clear is not kept.
 */
export function createComputedCache<Value extends object>(options: LRUCache.Options<string, Value, unknown>) {
  const kept = new LRUCache<string, Value>(options);
  const computing = new Map<string, Promise<Value>>();
  let generation = 0;

  function get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const known = kept.get(key);
    if (known) return Promise.resolve(known);
    const pending = computing.get(key);
    if (pending) return pending;

    const startedIn = generation;
    const computed = compute()
      .then((value) => {
        if (generation === startedIn) kept.set(key, value);
        return value;
      })
      .finally(() => {
        if (computing.get(key) === computed) computing.delete(key);
      });
    computing.set(key, computed);
    return computed;
  }

  function clear() {
    generation += 1;
    kept.clear();
    computing.clear();
  }

  /** Drops one key (a value being computed for it from older data is not kept either). */
  function forget(key: string) {
    generation += 1;
    kept.delete(key);
    computing.delete(key);
  }

  return { get, clear, forget };
}
