import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { type TelemetryKind, telemetryEvents } from "./schema";

/** Longest stored user agent and path; longer ones are cut (real ones are far shorter). */
export const MAX_USER_AGENT_CHARS = 400;
export const MAX_PATH_CHARS = 300;
/** Longest stored detail value: enough for a message and a short stack, never a dump. */
export const MAX_DETAIL_CHARS = 1000;

export interface TelemetryEventInput {
  kind: TelemetryKind;
  brand: BrandId;
  userAgent: string;
  /** The page the report is about; its query string and fragment are dropped here. */
  path: string | null;
  /** The record's other fields (already validated): strings are cut to MAX_DETAIL_CHARS, empty ones dropped. */
  detail: Record<string, string | null | undefined>;
}

/**
 * A URL or path without its query string and fragment (they may carry tokens: ?ct=, reset links),
 * and without the origin when it is one (only the path says which page).
 */
export function pathOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  let path = trimmed;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      path = new URL(trimmed).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/, 1)[0];
  return path ? path.slice(0, MAX_PATH_CHARS) : null;
}

/**
 * A basket or customer token is a bearer secret: telemetry keeps a short SHA-256 prefix, enough to
 * tell one shopper's records from another's, useless for signing in or finding the basket (the
 * prefix is not the stored lookup hash either).
 */
export function fingerprintToken(token: string | null | undefined): string | null {
  if (!token) return null;
  return `sha256:${createHash("sha256").update(token).digest("hex").slice(0, 12)}`;
}

/** Stores one report, with the time from the clock. */
export async function recordTelemetryEvent(db: Db, clock: Clock, input: TelemetryEventInput): Promise<void> {
  const detail: Record<string, string> = {};
  for (const [field, value] of Object.entries(input.detail)) {
    if (typeof value === "string" && value.trim() !== "") detail[field] = value.slice(0, MAX_DETAIL_CHARS);
  }
  await db.insert(telemetryEvents).values({
    kind: input.kind,
    brand: input.brand,
    userAgent: input.userAgent.slice(0, MAX_USER_AGENT_CHARS),
    path: pathOnly(input.path),
    detail,
    createdAt: clock.now(),
  });
}
