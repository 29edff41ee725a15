export type TtlCacheOptions = {
  /** Most entries kept; the least recently used one goes first. */
  max: number;
  /** How long an entry lives unless `set` is told otherwise. */
  ttlMs: number;
  now?: () => number;
};

type Entry<V> = { value: V; expires: number };

/**
 * A bounded in-process cache whose entries expire. `load` fills it from the source of truth
 * without racing an invalidation: a value read while any entry was dropped is returned to its
 * caller but not kept, as it may predate the change the drop announced.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;
  /** Bumped by every drop, so that a `load` in flight knows its value may be stale. */
  private generation = 0;
  private paused = false;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    if (this.paused) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // A Map keeps insertion order: re-inserting makes this the most recently used entry.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps a value until `expires` (epoch ms), by default for the cache's ttlMs. */
  set(key: string, value: V, expires = this.now() + this.options.ttlMs) {
    if (this.paused) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires });
    if (this.entries.size > this.options.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /**
   * The cached value, or what `read` answers (kept unless something was dropped meanwhile), for
   * `ttlOf(value)` ms when given, else for the cache's ttlMs.
   */
  async load(key: string, read: () => Promise<V>, ttlOf?: (value: V) => number | undefined): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation)
      this.set(key, value, this.now() + (ttlOf?.(value) ?? this.options.ttlMs));
    return value;
  }

  delete(key: string) {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drops every entry the test matches. */
  deleteWhere(test: (value: V, key: string) => boolean) {
    this.generation++;
    for (const [key, entry] of this.entries) if (test(entry.value, key)) this.entries.delete(key);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** Serves and keeps nothing until `resume` (while invalidations may be missed). */
  pause() {
    this.paused = true;
    this.clear();
  }

  resume() {
    this.clear();
    this.paused = false;
  }

  get size(): number {
    return this.entries.size;
  }
}
