import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { telemetryEvents } from "./schema";

/** How long reports are kept (docs/decisions/telemetry-beacons.md). */
export const TELEMETRY_RETENTION_DAYS = 30;

/** Deletes reports older than the retention; returns how many went. */
export async function pruneTelemetryEvents(db: Db, clock: Clock, retentionDays = TELEMETRY_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - retentionDays * 86_400_000);
  const deleted = await db.delete(telemetryEvents).where(lt(telemetryEvents.createdAt, cutoff)).returning({ id: telemetryEvents.id });
  return deleted.length;
}
