import { data, type AppLoadContext } from "react-router";
import { formatMoney, parseMajorUnits } from "../../lib/money";
import { addShopperNote } from "../../modules/customer-service/add-shopper-note";
import { customerServiceError } from "../../modules/customer-service/errors";
import { decideGoodwillCredit, requestGoodwillCredit } from "../../modules/customer-service/goodwill-credits";
import { refundForShopper } from "../../modules/customer-service/refund-for-shopper";
import { decideWalletAdjustment, requestWalletAdjustment } from "../../modules/customer-service/wallet-adjustments";
import { cancelShopperOrder } from "../../modules/customer-service/cancel-shopper-order";
import { extendShopperVoucher } from "../../modules/customer-service/extend-shopper-voucher";
import { reissueShopperVoucherCode } from "../../modules/customer-service/reissue-voucher-code";
import { resendShopperEmail } from "../../modules/customer-service/resend-email";
import { eraseShopper } from "../../modules/customer-service/shopper-privacy";
import { unlockShopper } from "../../modules/customer-service/unlock-shopper";
import { reissueShopperGiftCard, voidShopperGiftCard } from "../../modules/customer-service/shopper-gift-cards";
import { cancelShopperVipRenewal, refundShopperVipCharge } from "../../modules/customer-service/shopper-vip";
import { BRANDS } from "../../lib/brand";
import { findActiveCustomer } from "../../modules/accounts/customers";
import { hasPermission } from "../../modules/staff/permissions";
import type { StaffActor } from "../../modules/staff/staff-actor";
import type { StaffRole } from "../../modules/staff/roles";
import { shownError } from "../../server/errors";
import { paymentProvider } from "../../server/buying/buying-context";
import type { FormResult } from "../accounts/form-result";
import { formText } from "../accounts/page.server";
import { adminRefusal } from "./guard.server";

/** What the shopper page's forms answer: which form (`intent`), and its messages by field. */
export type ShopperActionResult = FormResult & { intent: string };

/** The field a refused request is shown at, per form: the reason field unless the problem is another field's. */
const REASON_FIELD: Record<string, string> = {
  note: "body",
  refund: "refundReason",
  goodwill: "goodwillReason",
  unlock: "unlockReason",
  decide: "decisionNote",
  erase: "eraseReason",
  resend: "resendReason",
  reissue: "reissueReason",
  extend: "extendReason",
  adjust: "adjustReason",
  decideAdjustment: "adjustmentNote",
  cancelOrder: "cancelReason",
  "gift-void": "giftVoidReason",
  "gift-reissue": "giftReissueReason",
  "vip-cancel": "vipCancelReason",
  "vip-refund": "vipRefundReason",
};
const FIELD_OF_CODE: Record<string, string> = {
  ORDER_NOT_THEIRS: "orderId",
  GOODWILL_AMOUNT: "amount",
  NOTE_TOO_LONG: "body",
  ERASE_NOT_CONFIRMED: "confirmed",
  EXTEND_MONTHS: "months",
  ADJUSTMENT_AMOUNT: "adjustAmount",
  BALANCE_TYPE: "balanceType",
};
/** Problems with what a form acts on (the order or voucher it names), shown at that form's choice. */
const CHOICE_CODES = new Set(["NOT_THEIR_ORDER", "VOUCHER_NOT_THEIRS", "VOUCHER_NOT_LIVE", "CODE_NOT_SHOWN", "NOTHING_TO_CANCEL", "GIFT_CARD_NOT_THEIRS", "VIP_CHARGE_NOT_THEIRS"]);
const CHOICE_FIELD: Record<string, string> = {
  resend: "resend",
  reissue: "voucherId",
  extend: "voucherId",
  cancelOrder: "orderId",
  "gift-void": "giftCardId",
  "gift-reissue": "giftCardId",
  "vip-refund": "chargeId",
};

/** An id typed or chosen in a form; -1 (nobody's) for anything else, so the use case refuses it clearly. */
const idOf = (text: string | undefined) => (/^\d{1,9}$/.test(text ?? "") ? Number(text) : -1);

/**
 * The shopper page's actions, one intent per form: a note, a refund within the shopper's rights, a
 * goodwill credit (and a lead's decision on one awaiting approval), unlocking the account, erasing
 * the shopper's personal data at their request, sending an order confirmation or a voucher's email
 * again, reissuing a voucher's code, extending a voucher's expiry, adjusting the wallet (and a
 * lead's decision on an adjustment awaiting approval), cancelling an order, voiding or reissuing a
 * gift card, cancelling a VIP renewal, refunding a VIP charge. Each
 * names its reason; money moves and access changes are audited by the use case.
 */
export async function shopperPageAction(context: AppLoadContext, member: { role: StaffRole }, actor: StaffActor, customerId: number, form: FormData) {
  const intent = formText(form, "intent") || "note";
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "_csrf") values[name] = value;
  const answer = (result: Omit<ShopperActionResult, "intent">, status = 200) => data<ShopperActionResult>({ intent, ...result }, { status });
  const originOf = (brand: keyof typeof BRANDS) => context.brandOrigin(brand);
  try {
    switch (intent) {
      case "note": {
        const orderText = values.orderId?.trim() ?? "";
        if (orderText && !/^\d{1,9}$/.test(orderText)) throw customerServiceError("ORDER_NOT_THEIRS");
        await addShopperNote(context.db, context.clock, actor, { customerId, orderId: orderText ? Number(orderText) : null, body: values.body ?? "" });
        return answer({ success: "Note added." });
      }
      case "refund": {
        const voucherId = idOf(values.voucherId);
        const destination = values.destination === "wallet" ? "wallet" : "original";
        const shopper = await findActiveCustomer(context.db, customerId);
        if (!shopper) throw adminRefusal(404, "There is no active shopper with that id.");
        const refunded = await refundForShopper(
          context.db,
          { provider: paymentProvider(context), clock: context.clock, log: context.log, linkOrigin: originOf(shopper.brand) },
          actor,
          { customerId, voucherId, destination, reason: values.refundReason ?? "" },
        );
        return answer({ success: refunded.firstTime ? "Refunded: the shopper has been emailed." : "This voucher was already refunded: nothing moved again." });
      }
      case "goodwill": {
        const amount = parseMajorUnits((values.amount ?? "").trim().replace(/^[£€]/, ""));
        const credit = await requestGoodwillCredit(context.db, context.clock, actor, {
          customerId,
          amount: amount ?? -1,
          reason: values.goodwillReason ?? "",
          key: values.key ?? "",
          approvalAbove: context.goodwillApprovalAbove,
          linkOrigin: originOf,
        });
        return answer({
          success:
            credit.status === "approved"
              ? "Credit added to the shopper's wallet: they have been emailed."
              : "Above the limit: the credit waits for a customer-service lead's approval.",
        });
      }
      case "decide": {
        if (!hasPermission(member.role, "refunds.goodwill")) throw adminRefusal(403, "You don't have permission to do that.");
        const creditId = idOf(values.creditId);
        const approve = values.decision === "approve";
        await decideGoodwillCredit(context.db, context.clock, actor, { creditId, approve, note: values.decisionNote ?? "", linkOrigin: originOf });
        return answer({ success: approve ? "Approved: the credit is in the shopper's wallet and they have been emailed." : "Rejected: nothing was added." });
      }
      case "unlock": {
        const shopper = await findActiveCustomer(context.db, customerId);
        const done = await unlockShopper(context.db, context.clock, actor, { customerId, reason: values.unlockReason ?? "", linkOrigin: shopper ? originOf(shopper.brand) : "" });
        return answer({ success: `Unlocked: a ${done.purpose === "password_reset" ? "password reset" : "password activation"} link has been emailed to the shopper.` });
      }
      case "erase": {
        await eraseShopper(context.db, context.clock, actor, { customerId, reason: values.eraseReason ?? "", confirmed: values.confirmed === "on" });
        return answer({ success: "Erased: the account's personal data is gone; orders and vouchers stay for the accounts." });
      }
      case "resend": {
        // "order:70000001" or "voucher:90000001", as the form's choices are.
        const [kind, id] = (values.resend ?? "").split(":");
        const resend = { kind: kind === "voucher" ? ("voucher" as const) : ("order" as const), id: idOf(id) };
        await resendShopperEmail(context.db, context.clock, actor, { customerId, resend, reason: values.resendReason ?? "", linkOrigin: originOf });
        return answer({ success: `Sent again to the shopper's email: ${resend.kind === "order" ? `the confirmation of order ${resend.id}` : `voucher ${resend.id}`}.` });
      }
      case "reissue": {
        await reissueShopperVoucherCode(context.db, context.clock, actor, {
          customerId,
          voucherId: idOf(values.voucherId),
          reason: values.reissueReason ?? "",
          linkOrigin: originOf,
        });
        return answer({ success: "New code issued: the old one no longer works, and the shopper has been emailed the new one." });
      }
      case "extend": {
        const months = /^\d{1,2}$/.test(values.months ?? "") ? Number(values.months) : -1;
        await extendShopperVoucher(context.db, context.clock, actor, {
          customerId,
          voucherId: idOf(values.voucherId),
          months,
          reason: values.extendReason ?? "",
          linkOrigin: originOf,
        });
        return answer({ success: `Extended by ${months} month${months === 1 ? "" : "s"}: the shopper has been emailed the new expiry.` });
      }
      case "adjust": {
        // A select says which way; the amount is typed as goodwill's is ("£12.50").
        const amount = parseMajorUnits((values.adjustAmount ?? "").trim().replace(/^[£€]/, ""));
        const sign = values.direction === "take" ? -1 : values.direction === "add" ? 1 : 0;
        const adjustment = await requestWalletAdjustment(context.db, context.clock, actor, {
          customerId,
          balanceType: values.balanceType ?? "",
          amount: sign * (amount ?? 0),
          reason: values.adjustReason ?? "",
          key: values.key ?? "",
          approvalAbove: context.goodwillApprovalAbove,
          linkOrigin: originOf,
        });
        return answer({
          success:
            adjustment.status === "approved" ? "Wallet adjusted: the shopper has been emailed." : "Above the limit: the adjustment waits for a customer-service lead's approval.",
        });
      }
      case "decideAdjustment": {
        if (!hasPermission(member.role, "refunds.goodwill")) throw adminRefusal(403, "You don't have permission to do that.");
        const approve = values.decision === "approve";
        await decideWalletAdjustment(context.db, context.clock, actor, {
          customerId,
          adjustmentId: idOf(values.adjustmentId),
          approve,
          note: values.adjustmentNote ?? "",
          linkOrigin: originOf,
        });
        return answer({ success: approve ? "Approved: the wallet is adjusted and the shopper has been emailed." : "Rejected: the wallet is unchanged." });
      }
      case "cancelOrder": {
        const shopper = await findActiveCustomer(context.db, customerId);
        if (!shopper) throw adminRefusal(404, "There is no active shopper with that id.");
        const cancelled = await cancelShopperOrder(
          context.db,
          { provider: paymentProvider(context), clock: context.clock, log: context.log, linkOrigin: originOf(shopper.brand) },
          actor,
          { customerId, orderId: idOf(values.orderId), reason: values.cancelReason ?? "" },
        );
        const count = cancelled.refunded.length;
        return answer({
          success: `Order ${cancelled.orderId} cancelled: ${count} voucher${count === 1 ? "" : "s"} refunded to the original payment; the shopper has been emailed.`,
        });
      }
      case "gift-void": {
        await voidShopperGiftCard(context.db, context.clock, actor, { customerId, giftCardId: idOf(values.giftCardId), reason: values.giftVoidReason ?? "" });
        return answer({ success: `Gift card ${idOf(values.giftCardId)} voided: its code is refused at redemption from now on.` });
      }
      case "gift-reissue": {
        const card = await reissueShopperGiftCard(context.db, context.clock, actor, {
          customerId,
          giftCardId: idOf(values.giftCardId),
          reason: values.giftReissueReason ?? "",
          linkOrigin: originOf,
        });
        return answer({ success: `Gift card ${idOf(values.giftCardId)} voided and replaced by gift card ${card.id} with a new code: its email has been sent again.` });
      }
      case "vip-cancel": {
        const cancelled = await cancelShopperVipRenewal(context.db, context.clock, actor, { customerId, reason: values.vipCancelReason ?? "", linkOrigin: originOf });
        return answer({
          success: cancelled.changed ? "VIP renewal cancelled: nothing more is charged, and the shopper has been emailed." : "VIP renewal was already off: nothing changed.",
        });
      }
      case "vip-refund": {
        const refund = await refundShopperVipCharge(context.db, context.clock, actor, { customerId, chargeId: idOf(values.chargeId), reason: values.vipRefundReason ?? "" });
        const money = (amount: number) => formatMoney(amount, refund.currency);
        const parts = [refund.toCard > 0 ? `${money(refund.toCard)} queued back to the card` : null, refund.toWallet > 0 ? `${money(refund.toWallet)} to the wallet` : null];
        return answer({ success: `VIP charge refunded: ${parts.filter(Boolean).join(", ")}.` });
      }
      default:
        return answer({ formError: "Unsupported action" }, 400);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const shown = shownError(error);
    const field =
      FIELD_OF_CODE[shown.code] ??
      (CHOICE_CODES.has(shown.code) ? CHOICE_FIELD[intent] : null) ??
      (shown.code.startsWith("REASON_") || shown.code.startsWith("NOTE_") ? REASON_FIELD[intent] : null);
    return answer(field ? { values, fieldErrors: { [field]: shown.message } } : { values, formError: shown.message }, shown.status);
  }
}
