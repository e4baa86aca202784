import { defineJob, type JobDefinition } from "../jobs/definition";
import { processWebhookEvents, type WebhookHandler } from "./webhook-events";

/** The payments module's background work: processing the gateways' stored webhooks. */
export function paymentJobs(deps: { webhookHandlers: Record<string, WebhookHandler> }): JobDefinition[] {
  return [
    defineJob(
      "payments.process-webhooks",
      async ({ db, clock, log }) => {
        const processed = await processWebhookEvents(db, clock, deps.webhookHandlers);
        if (processed > 0) log.info({ processed }, "payment webhooks processed");
      },
      { schedule: { everyMs: 30_000 }, maxAttempts: 3 },
    ),
  ];
}
