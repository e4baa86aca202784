import type { BrandId } from "../../lib/brand";
import { defineJob, type JobDefinition } from "../jobs/definition";
import { notifyBackInStock } from "./notify-back-in-stock";

export function catalogJobs(deps: { publicOrigins: Record<BrandId, string> }): JobDefinition[] {
  return [
    defineJob(
      "deals.notify-back-in-stock",
      // "Notify me": one email per waiting subscriber once their sold-out deal can be bought again.
      async ({ db, clock, log }) => {
        const notified = await notifyBackInStock(db, { now: clock.now(), publicOrigins: deps.publicOrigins });
        if (notified > 0) log.info({ notified }, "back-in-stock emails queued");
      },
      { schedule: { everyMs: 5 * 60_000 }, maxAttempts: 3 },
    ),
  ];
}
