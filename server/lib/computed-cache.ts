import { LRUCache } from "lru-cache";
import { createCacheTags } from "./cache-tags";

/**
 * Values computed on demand and kept in an LRU (size and lifetime as `options` say). Concurrent misses for
 * one key share one computation. Each value shows what `tagsOf` says (lib/cache-tags.ts): `forgetTagged`
 * drops the values that show any of the given tags, `clear()` drops everything, and a value computed from
 * data read before a change to what it shows is not kept.
 */
export function createComputedCache<Value extends object>(
  options: LRUCache.Options<string, Value, unknown>,
  tagsOf: (value: Value) => readonly string[] = () => [],
) {
  const tags = createCacheTags();
  const kept = new LRUCache<string, Value>({
    ...options,
    dispose: (value, key, reason) => {
      tags.remove(key, tagsOf(value));
      options.dispose?.(value, key, reason);
    },
  });
  const computing = new Map<string, Promise<Value>>();

  function get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const known = kept.get(key);
    if (known) return Promise.resolve(known);
    const pending = computing.get(key);
    if (pending) return pending;

    const since = tags.mark();
    const computed = compute()
      .then((value) => {
        const shows = tagsOf(value);
        if (tags.isCurrent(since, shows)) {
          kept.set(key, value);
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
