/**
 * A small least-recently-used map with a lifetime per entry. Map keeps insertion order, so the first key is the
 * least recently used one once every hit re-inserts its key.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value of `key`, or undefined when it is absent or expired. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`, dropping the least recently used entry when full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** How many entries are held (expired ones included until they are next read). */
  get size(): number {
    return this.entries.size;
  }
}
