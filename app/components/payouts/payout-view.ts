import type { PayoutLineView, PayoutSummary } from "../../../modules/payouts/read-payouts";
import { PAYOUT_STATUS_LABELS } from "../../../modules/payouts/read-payouts";
import { statementFigures } from "../../../modules/payouts/payout-statement";
import { formatPortalDate, formatPortalMoney } from "../merchant/portal-format";

/** A payout as its pages show it (the back office and the merchant portal): words and formatted amounts. */
export function payoutView(payout: PayoutSummary, timeZone: string) {
  return {
    id: payout.id,
    merchantId: payout.merchantId,
    merchantName: payout.merchantName,
    status: payout.status,
    statusLabel: PAYOUT_STATUS_LABELS[payout.status],
    coversUpTo: formatPortalDate(payout.cutoffAt, timeZone),
    amount: formatPortalMoney(payout.amount, payout.currency),
    currency: payout.currency,
    bankFileId: payout.bankFileId,
    paidOn: payout.paidAt ? formatPortalDate(payout.paidAt, timeZone) : null,
    failureReason: payout.failureReason,
    figures: statementFigures(payout).map(([label, amount]) => ({ label, amount: formatPortalMoney(amount, payout.currency) })),
  };
}

export type PayoutViewData = ReturnType<typeof payoutView>;

const KIND_WORDS = { earning: "Earned", refund: "Refund taken back" } as const;

/** The vouchers a payout covers, for its table. */
export function payoutLineRows(lines: readonly PayoutLineView[], currency: PayoutSummary["currency"], timeZone: string) {
  return lines.map((line, index) => ({
    key: index,
    date: formatPortalDate(line.occurredAt, timeZone),
    kind: KIND_WORDS[line.kind],
    code: line.code,
    deal: `${line.dealTitle}: ${line.productName}`,
    gross: formatPortalMoney(line.gross, currency),
    commission: formatPortalMoney(line.commission, currency),
    net: formatPortalMoney(line.net, currency),
  }));
}

export type PayoutLineRow = ReturnType<typeof payoutLineRows>[number];
