import { defineJob, type JobDefinition } from "../jobs/definition";
import { expireGiftCards } from "./expire-gift-cards";

export function giftCardJobs(): JobDefinition[] {
  return [
    defineJob(
      "gift-cards.expire",
      // Issued gift cards 6 months after purchase become Expired (redemption refuses them even before).
      async ({ db, clock, log }) => {
        const expired = await expireGiftCards(db, clock.now());
        if (expired > 0) log.info({ expired }, "gift cards expired");
      },
      { schedule: { everyMs: 60 * 60_000 }, maxAttempts: 3 },
    ),
  ];
}
