import { describe, expect, it, vi } from "vitest";
import { forgetMemo, memo } from "./memo";

describe("memo", () => {
  it("loads once per key within the time to live, per owner", async () => {
    const owner = {};
    const load = vi.fn(async () => 42);
    expect(await memo(owner, "a", 60_000, load)).toBe(42);
    expect(await memo(owner, "a", 60_000, load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    await memo({}, "a", 60_000, load);
    expect(load).toHaveBeenCalledTimes(2);
    forgetMemo(owner);
    await memo(owner, "a", 60_000, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("loads again after the time to live and after a failure", async () => {
    vi.useFakeTimers();
    try {
      const owner = {};
      const load = vi.fn(async () => "v");
      await memo(owner, "k", 1000, load);
      vi.advanceTimersByTime(1001);
      await memo(owner, "k", 1000, load);
      expect(load).toHaveBeenCalledTimes(2);
      const failing = vi.fn(async () => {
        throw new Error("down");
      });
      await expect(memo(owner, "f", 1000, failing)).rejects.toThrow("down");
      await expect(memo(owner, "f", 1000, failing)).rejects.toThrow("down");
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
