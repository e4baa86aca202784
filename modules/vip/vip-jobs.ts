import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { defineJob, type JobDefinition } from "../jobs/definition";
import type { PaymentProvider } from "../payments/provider";
import { expireMemberships, VIP_EXPIRE_JOB } from "./expire-memberships";
import { remindRenewals, VIP_REMIND_RENEWAL_JOB } from "./remind-renewal";
import { renewDueMemberships, VIP_RENEW_JOB } from "./renew-membership";

/** The VIP membership's background work: the renewal reminder, the renewal charge and the end of unrenewed periods. */
export function vipJobs(deps: { providerFor: (db: Db, clock: Clock) => PaymentProvider; linkOrigin: (brand: BrandId) => string }): JobDefinition[] {
  return [
    defineJob(
      VIP_REMIND_RENEWAL_JOB,
      // "Your VIP membership renews on …": once per renewal, 14 days ahead, with the price and the link to cancel.
      async ({ db, clock, log }) => {
        const emailed = await remindRenewals(db, { now: clock.now(), linkOrigin: deps.linkOrigin });
        if (emailed > 0) log.info({ emailed }, "VIP renewal reminders queued");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      VIP_RENEW_JOB,
      // Charges due renewals on the saved card, only after the reminder (idempotent: one charge per period).
      async ({ db, clock, log }) => {
        const provider = deps.providerFor(db, clock);
        const counts = await renewDueMemberships(db, { provider, linkOrigin: deps.linkOrigin, log }, { now: clock.now() });
        if (counts.renewed + counts.failed > 0) log.info(counts, "VIP renewals charged");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 5 },
    ),
    defineJob(
      VIP_EXPIRE_JOB,
      // Memberships whose period passed without a renewal go back to ELIGIBLE (VIP prices stop).
      async ({ db, clock, log }) => {
        const ended = await expireMemberships(db, { now: clock.now() });
        if (ended > 0) log.info({ ended }, "VIP memberships ended");
      },
      { schedule: { everyMs: 15 * 60_000 }, maxAttempts: 3 },
    ),
  ];
}
