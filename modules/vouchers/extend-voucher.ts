import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addMarketMonths } from "../../lib/market-time";
import { recordStatusEvent } from "../states/record-event";
import type { Actor } from "../states/transition";
import { vouchers } from "./schema";
import { VOUCHER_PROCESS } from "./voucher-process";

/**
 * Pushes a Ready to Redeem voucher's expiry back by whole months, inside the caller's transaction
 * (which holds the voucher's lock and checked the voucher may be extended), and records it in the
 * voucher's history: the status stays, so the event is a same-status one named "extended".
 * Returns the new expiry. `reason` is the history's; Deal Protection's own wording when absent.
 * `byStaff`: customer service's goodwill extension, which leaves the shopper's own Deal Protection
 * allowance (extended_months) untouched.
 */
export async function extendVoucher(
  tx: Db,
  extension: { voucherId: number; expiresAt: Date; months: number; timeZone: string; actor: Actor; at: Date; reason?: string; byStaff?: boolean },
): Promise<Date> {
  const expiresAt = addMarketMonths(extension.expiresAt, extension.months, extension.timeZone);
  const [extended] = await tx
    .update(vouchers)
    .set(extension.byStaff ? { expiresAt } : { expiresAt, extendedMonths: sql`${vouchers.extendedMonths} + ${extension.months}` })
    .where(and(eq(vouchers.id, extension.voucherId), eq(vouchers.status, "READY_TO_REDEEM"), eq(vouchers.expiresAt, extension.expiresAt)))
    .returning({ id: vouchers.id });
  if (!extended) throw new Error(`voucher ${extension.voucherId} changed while it was being extended`);
  await recordStatusEvent(tx, VOUCHER_PROCESS, {
    id: extension.voucherId,
    status: "READY_TO_REDEEM",
    event: "extended",
    actor: extension.actor,
    at: extension.at,
    reason: extension.reason ?? `Extended by ${extension.months} month${extension.months === 1 ? "" : "s"} (Deal Protection)`,
    data: { months: extension.months, from: extension.expiresAt.toISOString(), to: expiresAt.toISOString() },
  });
  return expiresAt;
}
