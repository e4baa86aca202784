import type { Db } from "../../db/client";
import type { Currency } from "../../lib/money";
import { orderPaidWith, type PaidWith, paidWithLabel } from "../payments/payment-refunds";
import { VOUCHER_STATUSES, type VoucherStatus } from "../vouchers/schema";
import type { AfterSaleOptions } from "./after-sale-options";
import { refundParts, type VoucherRefund } from "./give-back-money";
import { earlierRefund } from "./refund-voucher";
import { findCustomerVoucherRow, optionsOf } from "./voucher-facts";

export interface VoucherAfterSale {
  voucher: {
    id: number;
    code: string;
    orderId: number;
    dealTitle: string;
    productName: string;
    merchantName: string;
    status: VoucherStatus;
    /** The spec's words for the status, e.g. "Ready to Redeem". */
    statusText: string;
    expiresAt: Date;
    extendedMonths: number;
    protected: boolean;
    currency: Currency;
    /** What it cost in all. */
    paid: number;
  };
  options: AfterSaleOptions;
  /** How a refund to the original payment method is split: back to the card, and back to the wallet. */
  toOriginal: { cardAmount: number; cardLabel: string | null; walletCredit: number };
  /** A refund as wallet credit: all of it, at once. */
  toWallet: { walletCredit: number };
  /** The refund or credit already given, if any. */
  givenBack: VoucherRefund | null;
  paidWith: PaidWith | null;
}

/**
 * What the refund, credit and extension pages show about one of the customer's vouchers: what may
 * be done now (the same rules the actions check under lock), and where each part of a refund
 * would go. Null for anyone else's voucher.
 */
export async function voucherAfterSale(db: Db, customerId: number, voucherId: number, now: Date): Promise<VoucherAfterSale | null> {
  const voucher = await findCustomerVoucherRow(db, customerId, voucherId);
  if (!voucher) return null;
  const [options, givenBack, paidWith] = await Promise.all([optionsOf(db, voucher, now), earlierRefund(db, voucher.id), voucher.paidCard > 0 ? orderPaidWith(db, voucher.orderId) : null]);
  const original = refundParts(voucher, "original");
  const wallet = refundParts(voucher, "wallet");
  return {
    voucher: {
      id: voucher.id,
      code: voucher.code,
      orderId: voucher.orderId,
      dealTitle: voucher.dealTitle,
      productName: voucher.productName,
      merchantName: voucher.merchantName,
      status: voucher.status,
      statusText: VOUCHER_STATUSES[voucher.status],
      expiresAt: voucher.expiresAt,
      extendedMonths: voucher.extendedMonths,
      protected: voucher.protected,
      currency: voucher.currency,
      paid: voucher.paidCard + voucher.paidRefundableCredit + voucher.paidMarketingCredit,
    },
    options,
    toOriginal: { cardAmount: original.cardAmount, cardLabel: paidWith ? paidWithLabel(paidWith) : null, walletCredit: original.refundableCredit + original.marketingCredit },
    toWallet: { walletCredit: wallet.refundableCredit + wallet.marketingCredit },
    givenBack,
    paidWith,
  };
}
