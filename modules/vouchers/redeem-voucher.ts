import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals } from "../catalog/schema";
import { transition } from "../states/transition";
import { redemptionError } from "./redemption-errors";
import { isBookable, type RedemptionAction, redemptionRefusal } from "./redemption-rules";
import { VOUCHER_STATUSES, type VoucherStatus, vouchers } from "./schema";
import { normalizeVoucherCode } from "./voucher-codes";
import { VOUCHER_PROCESS } from "./voucher-process";

/** A voucher as the merchant who honours it sees it at the till (nothing about the shopper). */
export interface MerchantVoucherView {
  code: string;
  dealId: number;
  dealTitle: string;
  productName: string;
  status: VoucherStatus;
  /** The spec's status text, e.g. "Ready to Redeem". */
  statusText: string;
  purchasedAt: Date;
  availableAt: Date;
  expiresAt: Date;
  redeemedAt: Date | null;
  /** Booking and travel vouchers are marked Booked first (spec §4). */
  bookable: boolean;
  canRedeem: boolean;
  canBook: boolean;
  /** Why neither can be done now; null when one can. */
  refusal: string | null;
}

interface Request {
  merchantId: number;
  code: string;
  at: Date;
  /** The market's time zone, for the dates in messages. */
  timeZone: string;
}

function selectVoucher(db: Db, code: string, merchantId: number) {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      dealId: vouchers.dealId,
      dealTitle: vouchers.dealTitle,
      productName: vouchers.productName,
      status: vouchers.status,
      physical: vouchers.physical,
      createdAt: vouchers.createdAt,
      availableAt: vouchers.availableAt,
      expiresAt: vouchers.expiresAt,
      redeemedAt: vouchers.redeemedAt,
      dealType: deals.dealType,
      redemptionType: deals.redemptionType,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(and(eq(vouchers.code, code), eq(vouchers.merchantId, merchantId)));
}

type Row = Awaited<ReturnType<typeof selectVoucher>>[number];

/**
 * The merchant's own voucher with this code, locked for a change when `forUpdate`. Another
 * merchant's code and a code that is not one are both simply not found (no guessing whose it is).
 */
async function findMerchantVoucher(db: Db, request: Request, forUpdate: boolean): Promise<Row> {
  const code = normalizeVoucherCode(request.code);
  if (!code) throw redemptionError("UNKNOWN_CODE");
  const query = selectVoucher(db, code, request.merchantId);
  const [row] = forUpdate ? await query.for("update", { of: vouchers }) : await query;
  if (!row) throw redemptionError("UNKNOWN_CODE");
  return row;
}

function view(row: Row, at: Date, timeZone: string): MerchantVoucherView {
  const redeem = redemptionRefusal(row, "redeem", at, timeZone);
  const bookable = isBookable(row);
  const canBook = bookable && redemptionRefusal(row, "book", at, timeZone) === null;
  return {
    code: row.code,
    dealId: row.dealId,
    dealTitle: row.dealTitle,
    productName: row.productName,
    status: row.status,
    statusText: VOUCHER_STATUSES[row.status],
    purchasedAt: row.createdAt,
    availableAt: row.availableAt,
    expiresAt: row.expiresAt,
    redeemedAt: row.redeemedAt,
    bookable,
    canRedeem: redeem === null,
    canBook,
    refusal: redeem && !canBook ? redeem.message : null,
  };
}

/** Looks up a code for the merchant at the till: deal, product, state, dates, and what can be done. */
export async function lookUpVoucherForMerchant(db: Db, request: Request): Promise<MerchantVoucherView> {
  return view(await findMerchantVoucher(db, request, false), request.at, request.timeZone);
}

const TARGET: Record<RedemptionAction, VoucherStatus> = { redeem: "REDEEMED", book: "BOOKED" };

/**
 * Moves the merchant's voucher to Redeemed or Booked under a row lock, so of two tills pressing
 * at once exactly one wins and the other is told it was already redeemed (or booked). A refusal
 * changes nothing.
 */
async function takeVoucher(db: Db, request: Request & { merchantUserId: number }, action: RedemptionAction): Promise<MerchantVoucherView> {
  return db.transaction(async (tx) => {
    const row = await findMerchantVoucher(tx, request, true);
    const refused = redemptionRefusal(row, action, request.at, request.timeZone);
    if (refused) throw refused;
    const to = TARGET[action];
    const set = action === "redeem" ? { redeemedAt: request.at, redeemedBy: request.merchantUserId } : { redeemedBy: request.merchantUserId };
    await transition(tx, VOUCHER_PROCESS, {
      id: row.id,
      from: row.status,
      to,
      actor: { type: "merchant", id: String(request.merchantUserId) },
      at: request.at,
      data: { merchantId: request.merchantId },
      set,
    });
    return view({ ...row, status: to, redeemedAt: action === "redeem" ? request.at : row.redeemedAt }, request.at, request.timeZone);
  });
}

/** Redeems a Ready to Redeem (or Booked) voucher of this merchant. */
export function redeemVoucher(db: Db, request: Request & { merchantUserId: number }): Promise<MerchantVoucherView> {
  return takeVoucher(db, request, "redeem");
}

/** Marks a booking or travel voucher Booked (the merchant sends travel documents within 3 working days). */
export function markVoucherBooked(db: Db, request: Request & { merchantUserId: number }): Promise<MerchantVoucherView> {
  return takeVoucher(db, request, "book");
}
