import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type RetryOutcome, retryJob } from "../jobs/operator";
import { recordStaffChange } from "./record-staff-change";
import type { StaffActor } from "./staff-actor";

/**
 * A member of staff runs a dead background job again (what `npm run jobs -- retry` does), with an
 * audit row in the same transaction when it goes back in the queue.
 */
export async function retryJobAsStaff(db: Db, clock: Clock, actor: StaffActor, jobId: number): Promise<RetryOutcome> {
  return db.transaction(async (tx) => {
    const result = await retryJob(tx, jobId, clock);
    if (result.outcome === "retried") {
      await recordStaffChange(tx, clock, actor, {
        action: "job.retry",
        entity: { type: "job", id: jobId },
        before: { status: "dead" },
        after: { status: "pending", name: result.job.name },
      });
    }
    return result;
  });
}
