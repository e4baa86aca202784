import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { merchants } from "../catalog/schema";
import { shipments } from "../delivery/schema";
import { type AfterSaleOptions, afterSaleOptions } from "../refunds/after-sale-options";
import { afterSaleFacts, voucherTimeZone } from "../refunds/voucher-facts";
import { statusHistory } from "../states/transition";
import { type VoucherStatus, vouchers } from "../vouchers/schema";
import { type DisplayStatus, NOT_YET_READY, isAvailable, shownStatus, statusText } from "../vouchers/voucher-display";
import { VOUCHER_PROCESS } from "../vouchers/voucher-process";
import { type MyVoucher, findMyVoucherRow, myVoucher } from "./my-vouchers";
import { type VoucherTravel, voucherTravel } from "./voucher-stay";

export type AfterSaleKind = keyof AfterSaleOptions;

/**
 * The actions that can apply to a kind of voucher, in the order they are offered: goods are
 * returned, not exchanged or extended; a voucher for a service is never "returned".
 */
const KINDS_FOR = {
  service: ["refund", "credit", "extend"],
  goods: ["refund", "return"],
} as const satisfies Record<string, readonly AfterSaleKind[]>;

/** One action on the voucher's page: a link to the page that does it with its deadline, or why not. */
export type OfferedOption = { kind: AfterSaleKind; allowed: true; until: Date; href: string } | { kind: AfterSaleKind; allowed: false; reason: string };

export function offeredOptions(detail: Pick<VoucherDetail, "id" | "physical" | "options">): OfferedOption[] {
  return KINDS_FOR[detail.physical ? "goods" : "service"].map((kind) => {
    const option = detail.options[kind];
    return option.allowed
      ? { kind, allowed: true, until: option.until, href: `/myaccount/vouchers/${detail.id}/${kind}` }
      : { kind, allowed: false, reason: option.reason };
  });
}

export interface TimelineStep {
  status: DisplayStatus;
  /** The spec's name, e.g. "Ready to Redeem". */
  text: string;
  at: Date;
}

export interface VoucherDetail extends MyVoucher {
  available: boolean;
  /** Deal Protection was bought with the order. */
  protected: boolean;
  physical: boolean;
  /** Europe/London or Europe/Dublin: the voucher's market, for dates and deadlines. */
  timeZone: string;
  timeline: TimelineStep[];
  merchant: { name: string; email: string | null; phone: string | null };
  options: AfterSaleOptions;
  /** Travel: the stay bought, or the booking asked for after purchase; null for other vouchers. */
  travel: VoucherTravel | null;
}

/** Spec §4 voucher status timeline: a stay booked with the merchant reads with its promise. */
export const BOOKED_TIMELINE_TEXT = "Booked (travel documents within 3 working days)";

/**
 * A voucher issued before its available_at did not start Ready to Redeem for the shopper: its
 * first step reads Not Yet Ready, and Ready to Redeem follows at available_at once that has come
 * (unless something else, a refund say, happened first).
 */
function honestStart(timeline: TimelineStep[], voucher: { availableAt: Date }, now: Date): void {
  const [first, next] = timeline;
  const waited = first?.status === "READY_TO_REDEEM" && (first.at.getTime() < voucher.availableAt.getTime() || !isAvailable(voucher, now));
  if (!waited) return;
  timeline[0] = { ...first, status: NOT_YET_READY.code, text: NOT_YET_READY.text };
  if (isAvailable(voucher, now) && (!next || next.at.getTime() >= voucher.availableAt.getTime())) {
    timeline.splice(1, 0, { status: "READY_TO_REDEEM", text: statusText("READY_TO_REDEEM"), at: voucher.availableAt });
  }
}

/**
 * One voucher as its buyer or its holder (a claimed gift) sees it: status timeline from the voucher
 * process's history, the merchant's contact details, its gift state and what may be done with it
 * now (afterSaleOptions, the rules the refund, credit, extension and return use cases check too;
 * a holder reads that the buyer can ask). Null for anyone else's, so its existence is never revealed.
 */
export async function voucherDetail(db: Db, request: { customerId: number; voucherId: number; now: Date }): Promise<VoucherDetail | null> {
  const row = await findMyVoucherRow(db, request.customerId, request.voucherId);
  if (!row) return null;
  const { voucher } = row;
  const [[contact], history] = await Promise.all([
    db
      .select({ merchantEmail: merchants.contactEmail, merchantPhone: merchants.contactPhone, shipmentStatus: shipments.status })
      .from(vouchers)
      .leftJoin(merchants, eq(merchants.id, vouchers.merchantId))
      .leftJoin(shipments, eq(shipments.voucherId, vouchers.id))
      .where(eq(vouchers.id, voucher.id)),
    statusHistory(db, VOUCHER_PROCESS, voucher.id),
  ]);
  const shown = myVoucher(row, request.customerId, request.now);
  const timeZone = voucherTimeZone(voucher.currency);
  const timeline: TimelineStep[] = history.map((event) => ({
    status: event.toStatus as VoucherStatus,
    text: event.toStatus === "BOOKED" ? BOOKED_TIMELINE_TEXT : statusText(event.toStatus as VoucherStatus),
    at: event.at,
  }));
  honestStart(timeline, voucher, request.now);
  // Past its date but not yet moved by the expiry job: the timeline already ends in Expired.
  if (shown.statusCode === "EXPIRED" && voucher.status !== "EXPIRED") timeline.push({ status: "EXPIRED", text: statusText("EXPIRED"), at: voucher.expiresAt });
  const gift = row.giftStatus && row.giftStatus !== "CANCELLED" ? ({ status: row.giftStatus, viewer: shown.receivedAsGift ? "holder" : "buyer" } as const) : null;
  const facts = afterSaleFacts(voucher, contact?.shipmentStatus ?? null, gift);
  const travel = await voucherTravel(db, voucher, { now: request.now, timeZone, codeShown: shown.code !== null, statusCode: shown.statusCode });
  return {
    travel,
    ...shown,
    available: isAvailable(voucher, request.now),
    protected: voucher.protected,
    physical: voucher.physical,
    timeZone,
    timeline,
    merchant: { name: voucher.merchantName, email: contact?.merchantEmail ?? null, phone: contact?.merchantPhone ?? null },
    // The shown status: a voucher past its date is treated as Expired before the job moves it.
    options: afterSaleOptions({ ...facts, status: shownStatus(voucher, request.now) }, request.now),
  };
}
