import { Link } from "react-router";
import type { VoucherRow } from "./voucher-format";

/** Why the buyer sees no code: the gift's recipient has it. */
export const GIFTED_CODE_TEXT = "Sent as a gift: the voucher code is the recipient's.";

/**
 * A voucher's gift state (spec §4 display states) as the buyer reads it: Gifted, Gift Pack or Gift
 * Pack Sent as a label, Gift it as the link that gives it; for the holder of a claimed gift, that
 * it was a gift.
 */
export function GiftBadge({ voucher }: { voucher: Pick<VoucherRow, "id" | "dealTitle" | "gift" | "receivedAsGift"> }) {
  if (voucher.gift?.state === "GIFT_IT") {
    return (
      <Link
        to={`/myaccount/vouchers/${voucher.id}/gift`}
        className="whitespace-nowrap rounded px-3 py-2 font-bold text-brand-dark ring-1 ring-brand hover:bg-gray-50"
        aria-label={`Gift it: ${voucher.dealTitle}`}
      >
        {voucher.gift.text}
      </Link>
    );
  }
  const label = voucher.gift?.text ?? (voucher.receivedAsGift ? "A gift to you" : null);
  if (!label) return null;
  return (
    <span className="inline-block rounded bg-gray-100 px-2 py-1 text-sm font-bold text-gray-900" data-testid="gift-state">
      {label}
    </span>
  );
}
