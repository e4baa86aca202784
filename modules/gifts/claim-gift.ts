import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import type { Clock } from "../../lib/clock";
import { returnUnit } from "../inventory/give-back";
import { ProductSoldOutError } from "../inventory/kinds/product-stock";
import { sellUnits } from "../inventory/sell";
import { enqueue } from "../mail/outbox";
import { type Actor, transition } from "../states/transition";
import { handOverVoucher } from "../vouchers/hand-over-voucher";
import { visibleCode } from "../vouchers/code-visibility";
import { claimedVoucherEmail } from "./claimed-voucher-email";
import { giftError } from "./errors";
import { GIFT_CLAIM_PROCESS } from "./gift-claim-process";
import { giftOptions } from "./gift-options";
import { openGift, type VoucherRow } from "./open-gift";

export interface ClaimServices {
  db: Db;
  clock: Clock;
  brand: BrandId;
  /** Origin of the My Vouchers link in the email. */
  linkOrigin: string;
}

export interface ClaimRequest {
  code: string;
  /** The signed-in recipient: they become the voucher's holder and get it by email. */
  customer: { id: number; email: string; firstName: string };
  /** Another option of the deal (docs/decisions/gifts-claiming.md); absent or the same: the one bought. */
  productId?: number;
  actor: Actor;
}

/** The option swap: one unit of the bought option back on sale, one of the chosen one sold, both the buyer's. */
async function swapOption(tx: Db, voucher: VoucherRow, productId: number, now: Date): Promise<{ id: number; name: string }> {
  const chosen = (await giftOptions(tx, voucher, now)).find((option) => option.productId === productId && !option.current);
  if (!chosen) throw giftError("GIFT_OPTION_NOT_AVAILABLE");
  await returnUnit(tx, { customerId: voucher.customerId, dealId: voucher.dealId, productId: voucher.productId, soldAt: voucher.createdAt });
  try {
    await sellUnits(tx, { customerId: voucher.customerId, at: now, lines: [{ dealId: voucher.dealId, productId: chosen.productId, units: 1 }] });
  } catch (error) {
    if (error instanceof ProductSoldOutError) throw giftError("GIFT_OPTION_NOT_AVAILABLE");
    throw error;
  }
  return { id: chosen.productId, name: chosen.name };
}

/**
 * Claims a gift (spec §4 "Gift-code claim"): in one transaction, with the gift's row locked so of
 * two claims of one code exactly one wins, the gift becomes CLAIMED (with its history row), the
 * voucher's holder becomes the recipient (for the option they chose) and the voucher is emailed to
 * them. The loser of a race reads what anyone else would: "not recognized".
 */
export async function claimGift(services: ClaimServices, request: ClaimRequest): Promise<{ voucherId: number; productName: string }> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const { claim, voucher } = await openGift(tx, { code: request.code, customerId: request.customer.id, now, lock: true });
    const product = request.productId !== undefined && request.productId !== voucher.productId ? await swapOption(tx, voucher, request.productId, now) : undefined;
    await handOverVoucher(tx, { voucherId: voucher.id, holderCustomerId: request.customer.id, product });
    await transition(tx, GIFT_CLAIM_PROCESS, {
      id: claim.id,
      from: "SENT",
      to: "CLAIMED",
      actor: request.actor,
      at: now,
      set: { claimedByCustomerId: request.customer.id, claimedAt: now },
      data: { voucherId: voucher.id, ...(product ? { fromProductId: voucher.productId, toProductId: product.id } : {}) },
    });
    await enqueue(
      tx,
      claimedVoucherEmail({
        brand: services.brand,
        to: request.customer.email,
        firstName: request.customer.firstName,
        dealTitle: voucher.dealTitle,
        productName: product?.name ?? voucher.productName,
        // Now the holder's: codeVisibility gives it once the voucher is available.
        code: visibleCode({ ...voucher, holderCustomerId: request.customer.id, gift: "CLAIMED" }, request.customer.id, now),
        availableAt: voucher.availableAt,
        expiresAt: voucher.expiresAt,
        origin: services.linkOrigin,
      }),
      services.clock,
    );
    return { voucherId: voucher.id, productName: product?.name ?? voucher.productName };
  });
}
