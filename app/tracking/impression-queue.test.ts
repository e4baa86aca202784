import { describe, expect, it } from "vitest";
import { IMPRESSION_BATCH_SIZE, ImpressionQueue } from "./impression-queue";

describe("ImpressionQueue", () => {
  it("sends a batch as soon as 50 tiles have been seen", () => {
    const sent: number[][] = [];
    const queue = new ImpressionQueue((ids) => sent.push(ids));
    for (let id = 1; id < IMPRESSION_BATCH_SIZE; id++) queue.add(id);
    expect(sent).toEqual([]);
    queue.add(IMPRESSION_BATCH_SIZE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(50);
  });

  it("sends what is left on flush, once, and counts a tile once per page", () => {
    const sent: number[][] = [];
    const queue = new ImpressionQueue((ids) => sent.push(ids));
    queue.add(7);
    queue.add(8);
    queue.add(7);
    queue.flush();
    queue.flush();
    expect(sent).toEqual([[7, 8]]);
    queue.add(7);
    queue.flush();
    expect(sent).toEqual([[7, 8]]);
  });

  it("ignores ids that are not deal ids", () => {
    const sent: number[][] = [];
    const queue = new ImpressionQueue((ids) => sent.push(ids));
    queue.add(Number.NaN);
    queue.add(1.5);
    queue.flush();
    expect(sent).toEqual([]);
  });
});
