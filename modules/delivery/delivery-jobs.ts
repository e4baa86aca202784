import { defineJob, type JobDefinition } from "../jobs/definition";
import { presumeDelivered } from "./presume-delivered";

export function deliveryJobs(): JobDefinition[] {
  return [
    defineJob(
      "delivery.presume-delivered",
      // Parcels dispatched 14 days ago and never marked delivered count as delivered (returns open).
      async ({ db, clock, log }) => {
        log.info({ delivered: await presumeDelivered(db, clock) }, "parcels presumed delivered");
      },
      { schedule: { dailyAtUtc: "04:15" }, maxAttempts: 3 },
    ),
  ];
}
