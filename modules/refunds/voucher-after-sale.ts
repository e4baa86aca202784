import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { orderPaidWith, type PaidWith, paidWithLabel } from "../payments/payment-refunds";
import type { VoucherStatus } from "../vouchers/schema";
import { displayStatus, statusText } from "../vouchers/voucher-display";
import type { AfterSaleOptions, GiftFacts } from "./after-sale-options";
import { refundParts, type VoucherRefund } from "./give-back-money";
import { feeTotal, protectionFeeBack, withFee } from "./protection-fee";
import { earlierRefund } from "./refund-voucher";
import { findCustomerVoucherRow, giftFactsOf, optionsOf } from "./voucher-facts";

export interface VoucherAfterSale {
  voucher: {
    id: number;
    orderId: number;
    dealTitle: string;
    productName: string;
    merchantName: string;
    status: VoucherStatus;
    /** The words the shopper reads for the status, e.g. "Ready to Redeem" (or "Not Yet Ready" before available_at). */
    statusText: string;
    expiresAt: Date;
    extendedMonths: number;
    protected: boolean;
    currency: Currency;
    /** What it cost in all. */
    paid: number;
  };
  options: AfterSaleOptions;
  /** The Deal Protection fee a refund now would give back too (the order's last voucher, within 14 days); 0 otherwise. */
  protectionFee: number;
  /** How a refund to the original payment method is split: back to the card, and back to the wallet. */
  toOriginal: { cardAmount: number; cardLabel: string | null; walletCredit: number };
  /** A refund as wallet credit: all of it, at once. */
  toWallet: { walletCredit: number };
  /** The refund or credit already given, if any. */
  givenBack: VoucherRefund | null;
  paidWith: PaidWith | null;
  /** The voucher's open gift as this customer stands to it (its buyer is warned a refund ends it for the recipient). */
  gift: GiftFacts | null;
}

/**
 * What the refund, credit and extension pages show about one of the customer's vouchers (bought, or
 * held as a claimed gift): what they may do now (the same rules the actions check under lock), and where each part of a refund
 * would go. Null for anyone else's voucher.
 */
export async function voucherAfterSale(db: Db, customerId: number, voucherId: number, now: Date): Promise<VoucherAfterSale | null> {
  const voucher = await findCustomerVoucherRow(db, customerId, voucherId);
  if (!voucher) return null;
  const [options, givenBack, paidWith, gift] = await Promise.all([
    optionsOf(db, voucher, now, customerId),
    earlierRefund(db, voucher.id),
    voucher.paidCard > 0 ? orderPaidWith(db, voucher.orderId) : null,
    giftFactsOf(db, voucher, customerId),
  ]);
  // The same fee rule the refund applies: the page shows what the refund would give back now.
  const fee = await protectionFeeBack(db, voucher, { kind: "refund", at: now });
  const original = refundParts(withFee(voucher, fee), "original");
  const wallet = refundParts(withFee(voucher, fee), "wallet");
  return {
    voucher: {
      id: voucher.id,
      orderId: voucher.orderId,
      dealTitle: voucher.dealTitle,
      productName: voucher.productName,
      merchantName: voucher.merchantName,
      status: voucher.status,
      statusText: statusText(displayStatus(voucher, now)),
      expiresAt: voucher.expiresAt,
      extendedMonths: voucher.extendedMonths,
      protected: voucher.protected,
      currency: voucher.currency,
      paid: voucher.paidCard + voucher.paidRefundableCredit + voucher.paidMarketingCredit,
    },
    options,
    toOriginal: { cardAmount: original.cardAmount, cardLabel: paidWith ? paidWithLabel(paidWith) : null, walletCredit: original.refundableCredit + original.marketingCredit },
    toWallet: { walletCredit: wallet.refundableCredit + wallet.marketingCredit },
    protectionFee: feeTotal(fee),
    givenBack,
    paidWith,
    gift,
  };
}
