import { useSyncExternalStore } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A value kept in local storage under one key, readable with useSyncExternalStore. It renders as the
 * fallback on the server and in the first client render, then follows storage, also across tabs.
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

/**
 * The store's value in a component. The first render in the browser shows the same fallback as the server
 * did, so hydration matches; the stored value follows right after. (Preact, which runs the browser build,
 * does not use getServerSnapshot while hydrating.)
 */
export function useLocalStore<T>(store: LocalStore<T>): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return hydrated ? value : store.getServerSnapshot();
}
