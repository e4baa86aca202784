/** Spec discovery §9: impressions are sent in batches of 50. */
export const IMPRESSION_BATCH_SIZE = 50;

/**
 * Collects the ids of deal tiles a shopper has seen and hands them to `send` in batches: as soon
 * as 50 are waiting, and whatever is left when `flush` is called (the page is being left). A
 * tile seen twice on one page counts once.
 */
export class ImpressionQueue {
  private waiting: number[] = [];
  private readonly seen = new Set<number>();

  constructor(
    private readonly send: (dealIds: number[]) => void,
    private readonly batchSize = IMPRESSION_BATCH_SIZE,
  ) {}

  add(dealId: number): void {
    if (!Number.isInteger(dealId) || this.seen.has(dealId)) return;
    this.seen.add(dealId);
    this.waiting.push(dealId);
    if (this.waiting.length >= this.batchSize) this.flush();
  }

  flush(): void {
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.send(batch);
  }
}
