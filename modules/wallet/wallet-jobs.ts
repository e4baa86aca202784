import type { BrandId } from "../../lib/brand";
import { defineJob, type JobDefinition } from "../jobs/definition";
import { expireWalletCredit, WALLET_EXPIRY_JOB } from "./expire-credit";
import { remindExpiringCredit, WALLET_REMINDER_JOB } from "./remind-expiring-credit";

export function walletJobs(deps: { linkOrigin: (brand: BrandId) => string }): JobDefinition[] {
  return [
    defineJob(
      WALLET_EXPIRY_JOB,
      // Wallet credit 12 months old with something left gets its expiry entry (under the wallet lock, idempotent).
      async ({ db, clock, log }) => {
        const expired = await expireWalletCredit(db, clock.now());
        if (expired > 0) log.info({ expired }, "wallet credits expired");
      },
      { schedule: { everyMs: 15 * 60_000 }, maxAttempts: 3 },
    ),
    defineJob(
      WALLET_REMINDER_JOB,
      // "Your wallet credit expires soon": once per credit, 30 days before it expires.
      async ({ db, clock, log }) => {
        const emailed = await remindExpiringCredit(db, { now: clock.now(), linkOrigin: deps.linkOrigin });
        if (emailed > 0) log.info({ emailed }, "wallet expiry reminders queued");
      },
      { schedule: { dailyAtUtc: "09:30" }, maxAttempts: 3 },
    ),
  ];
}
