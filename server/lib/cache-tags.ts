/**
 * What each kept entry of a cache shows, as tags ("product:5", "listings"), so that a change drops just the
 * entries showing what changed (`change`), and an entry computed from data read before a change to what it
 * shows is not kept (`isCurrent` with a `mark` taken before computing it). The tags a change named are
 * remembered until the next `clear`: at most a few per product of the catalog.
 */
export function createCacheTags() {
  const keysByTag = new Map<string, Set<string>>();
  const changedAt = new Map<string, number>();
  let changes = 0;
  let clearedAt = 0;

  /** A mark taken before computing an entry, for `isCurrent`. */
  const mark = () => changes;

  /** Whether an entry computed since `since` that shows `tags` is still current: nothing it shows changed. */
  function isCurrent(since: number, tags: readonly string[]): boolean {
    return clearedAt <= since && tags.every((tag) => (changedAt.get(tag) ?? 0) <= since);
  }

  /** Records that the entry under `key` shows `tags`. */
  function add(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets the entry under `key` (dropped or replaced) that showed `tags`. */
  function remove(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) keysByTag.delete(tag);
    }
  }

  /** Notes a change to what `tags` name; returns the keys of the entries that show any of it. */
  function change(tags: readonly string[]): string[] {
    changes += 1;
    const keys = new Set<string>();
    for (const tag of tags) {
      changedAt.set(tag, changes);
      for (const key of keysByTag.get(tag) ?? []) keys.add(key);
    }
    return [...keys];
  }

  /** Notes a change to everything (every entry is dropped by the caller). */
  function clear() {
    changes += 1;
    clearedAt = changes;
    keysByTag.clear();
    changedAt.clear();
  }

  return { mark, isCurrent, add, remove, change, clear };
}
