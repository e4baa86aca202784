import type { Db } from "../db/client";
import { type CachePurger, noCachePurger, varnishXkeyPurger } from "../lib/cache-purge";
import type { Clock } from "../lib/clock";
import type { Config } from "../lib/config";
import { type FileStorage, localDiskStorage, s3Storage } from "../lib/file-storage";
import type { MailTransport } from "../modules/mail/deliver";
import { devMailboxTransport, smtpTransport } from "../modules/mail/transports";
import type { PaymentProvider } from "../modules/payments/provider";
import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";

/** The payment gateway for one database handle (a transaction or the pool) and clock. */
export type PaymentProviderFactory = (db: Db, clock: Clock) => PaymentProvider;

/**
 * The shop's connections to the outside world, built once from the configuration (the composition
 * root: nothing else constructs a provider, transport, store or purger). Pages, API routes and
 * jobs ask for them here.
 */
export interface Adapters {
  paymentProvider: PaymentProviderFactory;
  /** How mail leaves: SMTP, the development mailbox, or null (mail waits in the outbox). */
  mail: MailTransport | null;
  /** Uploaded files (deal pictures): local disk or an S3-compatible bucket. */
  storage: FileStorage;
  /** The shared cache in front, purged by tag; a no-op without one. */
  purger: CachePurger;
}

/** Builds every adapter the configuration names (lib/config.ts has already refused incomplete settings). */
export function buildAdapters(config: Config): Adapters {
  return {
    paymentProvider: paymentProviderFactory(config),
    mail: mailTransport(config),
    storage: config.fileStorage.kind === "s3" ? s3Storage(config.fileStorage) : localDiskStorage(config.fileStorage.dir),
    purger: config.cachePurge ? varnishXkeyPurger(config.cachePurge.url) : noCachePurger,
  };
}

function paymentProviderFactory(config: Pick<Config, "PAYMENT_PROVIDER" | "sandboxWebhookSecret">): PaymentProviderFactory {
  switch (config.PAYMENT_PROVIDER) {
    case "sandbox":
      return (db, clock) => new SandboxPaymentProvider(db, clock, config.sandboxWebhookSecret);
  }
}

/** How mail leaves: SMTP when configured, else the development mailbox, else it waits in the outbox. */
function mailTransport(config: Pick<Config, "SMTP_URL" | "devMailbox">): MailTransport | null {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return config.devMailbox ? devMailboxTransport : null;
}
