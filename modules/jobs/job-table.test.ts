import { describe, expect, it } from "vitest";
import { formatJobTable } from "./job-table";
import type { Job } from "./operator";

const at = new Date("2026-03-02T10:00:00Z");
const base: Job = {
  id: 7,
  name: "mail.deliver",
  payload: {},
  status: "dead",
  runAt: at,
  attempts: 3,
  maxAttempts: 3,
  uniqueKey: null,
  leaseUntil: null,
  lockedBy: "web-1:42",
  lastError: "connect ECONNREFUSED 127.0.0.1:25\n    at TCPConnectWrap",
  createdAt: at,
  updatedAt: at,
  finishedAt: new Date("2026-03-02T10:05:30Z"),
};

describe("job table", () => {
  it("lines up one job per row with attempts, times and a one-line error", () => {
    const table = formatJobTable([base, { ...base, id: 12, name: "payments.settle", status: "pending", attempts: 0, finishedAt: null, lastError: null }]);
    expect(table.split("\n")).toEqual([
      "id  name             status   attempts  run at (UTC)         finished (UTC)       last error",
      "--  ---------------  -------  --------  -------------------  -------------------  ---------------------------------------------------",
      "7   mail.deliver     dead     3/3       2026-03-02 10:00:00  2026-03-02 10:05:30  connect ECONNREFUSED 127.0.0.1:25 at TCPConnectWrap",
      "12  payments.settle  pending  0/3       2026-03-02 10:00:00  -                    -",
      "",
    ]);
  });

  it("says so when nothing matches", () => {
    expect(formatJobTable([])).toBe("No jobs match.\n");
  });
});
