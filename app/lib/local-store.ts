import { useSyncExternalStore } from "react";

/**
 * A value kept in local storage under one key, readable with useSyncExternalStore. It reads as the
 * fallback on the server and while the page hydrates (React uses getServerSnapshot then), so hydration
 * matches the server's HTML; then it follows storage, also across tabs. Only the components whose value
 * then differs render again.
 */
export function createLocalStore<T>(key: string, fallback: T, isValid: (value: unknown) => value is T) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T = fallback;

  function read(): T {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return cachedValue;
    }
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw === null ? fallback : JSON.parse(raw);
      cachedValue = isValid(parsed) ? parsed : fallback;
    } catch {
      cachedValue = fallback;
    }
    return cachedValue;
  }

  function write(value: T) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked (private mode): keep the value for this page only.
      cachedRaw = undefined;
      cachedValue = value;
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  return {
    subscribe,
    getSnapshot: read,
    getServerSnapshot: () => fallback,
    update(change: (current: T) => T) {
      write(change(read()));
    },
  };
}

type LocalStore<T> = ReturnType<typeof createLocalStore<T>>;

/** The store's value in a component. */
export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
