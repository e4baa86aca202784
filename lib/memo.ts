/**
 * A small per-database memo for reference data that changes rarely (locations, categories, the
 * navigation, theme windows): read at most once per `ttlMs` per key. Keyed by the database handle,
 * so separate databases (tests, tenants) never see each other's values. Not for shoppers' data.
 */
interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const stores = new WeakMap<object, Map<string, Entry>>();
/** Past this many keys, expired entries are dropped on the next write. */
const PRUNE_ABOVE = 5000;

export function memo<T>(owner: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let store = stores.get(owner);
  if (!store) {
    store = new Map();
    stores.set(owner, store);
  }
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (store.size > PRUNE_ABOVE) {
    for (const [name, entry] of store) if (entry.expires <= now) store.delete(name);
  }
  // Promise.resolve settles a thenable once: query builders re-run on every await otherwise.
  const value = Promise.resolve(load());
  store.set(key, { expires: now + ttlMs, value });
  // A failed load is not remembered: the next caller tries again.
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

/** Forgets everything memoised for a database (after an editor changes reference data). */
export function forgetMemo(owner: object): void {
  stores.delete(owner);
}
