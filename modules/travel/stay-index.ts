import { FLAG_ARRIVAL, FLAG_DEPARTURE, FLAG_SALE, type NightArrays } from "./night-arrays";
import { CHECKOUT_WINDOW_DAYS, MAX_NIGHTS, MIN_NIGHTS, type PriceBasis } from "./stay-rules";

/** A stay the index found: its length and its price for all its rooms. */
export interface IndexedStay {
  nights: number;
  price: number;
  vipPrice: number;
}

/** Longest stay a calendar offers: 16 nights, and never past the 28-day check-out window. */
export const LONGEST_STAY = Math.min(MAX_NIGHTS, CHECKOUT_WINDOW_DAYS);

/**
 * One dated product's nights over a window, laid out as arrays by day so the calendar can ask
 * "which stays can start here, and for how much" for a whole year of arrival days in microseconds.
 * It answers exactly as `checkStay` (stay-rules.ts) would for the same nights and rooms — the test
 * beside it compares the two on random calendars — without building a list of nights per question:
 * a run length of sellable nights from each day, and running sums of the prices.
 *
 * Days are indexes from the window's first day. A night outside the window counts as having no rate.
 */
export class StayIndex {
  readonly length: number;
  private readonly has: Uint8Array;
  private readonly arrival: Uint8Array;
  private readonly departure: Uint8Array;
  private readonly minStay: Int32Array;
  private readonly maxStay: Int32Array;
  private readonly price: Float64Array;
  /** Sellable nights in a row from each day (on sale, rate present, enough units for the rooms). */
  private readonly run: Int32Array;
  /** prefix[i] = sum of the first i nights' prices; prefixVip the same with VIP prices where set. */
  private readonly prefix: Float64Array;
  private readonly prefixVip: Float64Array;
  private readonly vip: Float64Array;
  private readonly texts: (string | null)[];
  private readonly units: Int32Array;
  private readonly sale: Uint8Array;

  constructor(
    nights: NightArrays | undefined,
    /** Days in the window; nights past it are left out. */
    length: number,
    readonly basis: PriceBasis,
    readonly rooms: number,
  ) {
    const n = length;
    this.length = n;
    this.has = new Uint8Array(n);
    this.arrival = new Uint8Array(n);
    this.departure = new Uint8Array(n);
    this.sale = new Uint8Array(n);
    this.minStay = new Int32Array(n);
    this.maxStay = new Int32Array(n);
    this.price = new Float64Array(n);
    this.vip = new Float64Array(n);
    this.units = new Int32Array(n);
    this.texts = new Array<string | null>(n).fill(null);
    const offsets = nights?.offsets ?? [];
    for (let k = 0; k < offsets.length; k++) {
      const i = offsets[k];
      if (i < 0 || i >= n) continue;
      const flags = nights!.flags[k];
      this.has[i] = 1;
      this.arrival[i] = flags & FLAG_ARRIVAL ? 1 : 0;
      this.departure[i] = flags & FLAG_DEPARTURE ? 1 : 0;
      this.sale[i] = flags & FLAG_SALE ? 1 : 0;
      this.minStay[i] = nights!.minStays[k];
      this.maxStay[i] = nights!.maxStays[k];
      this.price[i] = nights!.prices[k];
      this.vip[i] = nights!.vipPrices[k] ?? nights!.prices[k];
      this.units[i] = nights!.unitsLeft[k];
      this.texts[i] = nights!.texts[k];
    }
    this.run = new Int32Array(n + 1);
    for (let i = n - 1; i >= 0; i--) this.run[i] = this.sellable(i) ? this.run[i + 1] + 1 : 0;
    this.prefix = new Float64Array(n + 1);
    this.prefixVip = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
      this.prefix[i + 1] = this.prefix[i] + this.price[i];
      this.prefixVip[i + 1] = this.prefixVip[i] + this.vip[i];
    }
  }

  /** The night has a rate, is on sale and has a unit left for each room. */
  sellable(i: number): boolean {
    return this.has[i] === 1 && this.sale[i] === 1 && this.units[i] >= this.rooms;
  }

  hasRate(i: number): boolean {
    return i >= 0 && i < this.length && this.has[i] === 1;
  }

  onSale(i: number): boolean {
    return this.hasRate(i) && this.sale[i] === 1;
  }

  /** Whether a stay may end on this day: its rate allows departures, or it has none (checkStay's rule). */
  departsOn(i: number): boolean {
    return !this.hasRate(i) || this.departure[i] === 1;
  }

  /** The arrival night's own rule: open for arrival, with its min and max length. */
  arrivalRule(i: number): { open: boolean; min: number; max: number } | null {
    if (!this.hasRate(i)) return null;
    return { open: this.arrival[i] === 1, min: this.minStay[i], max: this.maxStay[i] };
  }

  costText(i: number): string | null {
    return this.hasRate(i) ? this.texts[i] : null;
  }

  /** A stay of exactly `nights` from day `i`, or null when checkStay would refuse it. */
  stay(i: number, nights: number): IndexedStay | null {
    if (!this.hasRate(i) || this.arrival[i] !== 1) return null;
    if (nights < MIN_NIGHTS || nights > LONGEST_STAY || nights < this.minStay[i] || nights > this.maxStay[i]) return null;
    if (this.run[i] < nights || !this.departsOn(i + nights)) return null;
    if (this.basis === "stay") return { nights, price: this.price[i] * this.rooms, vipPrice: this.vip[i] * this.rooms };
    return { nights, price: (this.prefix[i + nights] - this.prefix[i]) * this.rooms, vipPrice: (this.prefixVip[i + nights] - this.prefixVip[i]) * this.rooms };
  }

  /**
   * The cheapest stay from day `i`: of `nights` when given, otherwise the shortest that can be
   * booked (prices are never negative, so a longer stay never costs less per room).
   */
  cheapestStay(i: number, nights?: number): IndexedStay | null {
    if (nights !== undefined) return this.stay(i, nights);
    if (!this.hasRate(i) || this.arrival[i] !== 1) return null;
    const longest = Math.min(this.maxStay[i], LONGEST_STAY, this.run[i]);
    for (let length = Math.max(this.minStay[i], MIN_NIGHTS); length <= longest; length++) {
      const found = this.stay(i, length);
      if (found) return found;
    }
    return null;
  }

  /** The longest stay that can be booked from day `i` (for the latest check-out), or null. */
  longestStay(i: number): number | null {
    if (!this.hasRate(i) || this.arrival[i] !== 1) return null;
    for (let length = Math.min(this.maxStay[i], LONGEST_STAY, this.run[i]); length >= Math.max(this.minStay[i], MIN_NIGHTS); length--) {
      if (this.stay(i, length)) return length;
    }
    return null;
  }

  /** The distinct [min, max] stay rules of the days open for arrival from day `from` up to `to`. */
  lengthRules(from: number, to: number): [number, number][] {
    const seen = new Map<number, [number, number]>();
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) {
      if (this.has[i] !== 1 || this.arrival[i] !== 1) continue;
      const key = this.minStay[i] * 10_000 + this.maxStay[i];
      if (!seen.has(key)) seen.set(key, [this.minStay[i], this.maxStay[i]]);
    }
    return [...seen.values()];
  }
}
