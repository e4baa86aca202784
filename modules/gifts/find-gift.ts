import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { customers } from "../accounts/schema";
import { type GiftOption, giftOptions } from "./gift-options";
import { openGift } from "./open-gift";

/** What the recipient sees before claiming (spec §2 /mygift: enter a code, then choose a gift). */
export interface GiftView {
  code: string;
  dealTitle: string;
  merchantName: string;
  productId: number;
  productName: string;
  /** The buyer's first name ("Someone" when they gave none). */
  fromName: string;
  recipientName: string;
  message: string | null;
  currency: Currency;
  expiresAt: Date;
  /** The option bought first, then those the recipient may take instead. */
  options: GiftOption[];
}

/** The gift a code names, for the signed-in recipient (see openGift for the refusals). */
export async function findGift(db: Db, request: { code: string; customerId: number; now: Date }): Promise<GiftView> {
  const { claim, voucher } = await openGift(db, request);
  const [[buyer], options] = await Promise.all([
    db.select({ firstName: customers.firstName }).from(customers).where(eq(customers.id, claim.buyerCustomerId)),
    giftOptions(db, voucher, request.now),
  ]);
  return {
    code: claim.code,
    dealTitle: voucher.dealTitle,
    merchantName: voucher.merchantName,
    productId: voucher.productId,
    productName: voucher.productName,
    fromName: buyer?.firstName.trim() || "Someone",
    recipientName: claim.recipientName,
    message: claim.message,
    currency: voucher.currency,
    expiresAt: voucher.expiresAt,
    options: [...options.filter((option) => option.current), ...options.filter((option) => !option.current)],
  };
}
