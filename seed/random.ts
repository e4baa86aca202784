/**
 * A small seeded pseudo-random generator (mulberry32). The seed must produce the same catalogue
 * every time for the same options, so nothing in seeding may use Math.random.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Random.pick needs at least one item");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks an index with probability proportional to its weight (weights must not all be zero). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    if (!(total > 0)) throw new RangeError("Random.weightedIndex needs a positive total weight");
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i];
      if (target < 0 && weights[i] > 0) return i;
    }
    // Floating-point leftovers: fall back to the last index with weight.
    for (let i = weights.length - 1; i >= 0; i--) if (weights[i] > 0) return i;
    return weights.length - 1;
  }

  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    return items[this.weightedIndex(items.map(weightOf))];
  }

  /** `count` distinct items in random order (all of them when count >= items.length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }
}
