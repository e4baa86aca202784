import { z } from "@hono/zod-openapi";

/**
 * The browser's reports (spec discovery §4: log record, not-found/bot report, error-log record).
 * Each field is a bounded string: anything longer than `max` is refused (400), and the stored copy
 * is cut shorter still (modules/telemetry/record-event.ts). Unknown fields are dropped.
 */
const text = (max: number) => z.string().max(max).optional().nullable();

export const BOT_REASON = "This is a bot";

export const LogRecordSchema = z
  .object({
    brand: text(40),
    /** Basket token: a secret, stored only as a short fingerprint. */
    bt: text(200),
    /** Customer token: a secret, stored only as a short fingerprint. */
    ct: text(200),
    client: text(200),
    dateTime: text(64),
    description: z.string().min(1, "description is required").max(4000),
    /** The visitor's IP as the browser saw it: accepted and not stored (personal data). */
    ip: text(64),
    server: text(200),
  })
  .openapi("LogRecord");

export const NotFoundReportSchema = z
  .object({
    additionalData: text(2000),
    brand: text(40),
    dateTime: text(64),
    pageNotFound: z.string().min(1, "pageNotFound is required").max(2000),
    userAgent: text(1000),
    reason: text(200),
  })
  .openapi("NotFoundReport");

export const ErrorLogRecordSchema = z
  .object({
    client: text(200),
    description: text(4000),
    error: text(4000),
    message: z.string().min(1, "message is required").max(4000),
    name: text(200),
    referrer: text(2000),
    server: text(200),
    userAgent: text(1000),
  })
  .openapi("ErrorLogRecord");
