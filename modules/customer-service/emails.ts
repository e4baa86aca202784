import type { BrandId } from "../../lib/brand";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/** Goodwill credit is in the wallet: how much, until when, and the link to the wallet. */
export function goodwillCreditEmail(input: { brand: BrandId; to: string; firstName: string; amount: number; currency: Currency; origin: string }): OutgoingMail {
  const url = `${input.origin}/myaccount/wallet`;
  const paragraphs = [
    greeting(input.firstName),
    `As a goodwill gesture from our customer service team, we have added ${formatMoney(input.amount, input.currency)} of credit to your wallet. It is ready to spend now and lasts 12 months.`,
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: "We've added credit to your wallet",
    text: [...paragraphs, `See your wallet: ${url}`].join("\n\n"),
    html: layout(input.brand, paragraphs, { label: "See your wallet", url }),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** One voucher and its code, sent again by customer service; after a reissue it says the old code no longer works. */
export function voucherCodeEmail(input: {
  brand: BrandId;
  to: string;
  firstName: string;
  dealTitle: string;
  productName: string;
  code: string;
  expiresAt: Date;
  reissued: boolean;
  origin: string;
}): OutgoingMail {
  const url = `${input.origin}/myaccount/vouchers`;
  const paragraphs = [
    greeting(input.firstName),
    input.reissued
      ? `Our customer service team has given your voucher for ${input.dealTitle} (${input.productName}) a new code. The old code no longer works.`
      : `As you asked, here is your voucher for ${input.dealTitle} (${input.productName}) again.`,
    `Your voucher code: ${input.code}`,
    `Quote it when you book or redeem. Valid until ${dateFormat.format(input.expiresAt)}.`,
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: input.reissued ? "Your voucher has a new code" : "Your voucher",
    text: [...paragraphs, `See and print it in My Vouchers: ${url}`].join("\n\n"),
    html: layout(input.brand, paragraphs, { label: "See your voucher", url }),
  };
}

/** Customer service corrected the wallet: how much was added or taken away, and the link to the wallet. */
export function walletAdjustmentEmail(input: { brand: BrandId; to: string; firstName: string; amount: number; currency: Currency; origin: string }): OutgoingMail {
  const url = `${input.origin}/myaccount/wallet`;
  const added = input.amount > 0;
  const amount = formatMoney(Math.abs(input.amount), input.currency);
  const paragraphs = [
    greeting(input.firstName),
    added
      ? `Our customer service team has added ${amount} of credit to your wallet. It is ready to spend now and lasts 12 months.`
      : `Our customer service team has corrected your wallet: ${amount} of credit has been taken away. If you did not expect this, please contact us.`,
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: added ? "We've added credit to your wallet" : "We've corrected your wallet credit",
    text: [...paragraphs, `See your wallet: ${url}`].join("\n\n"),
    html: layout(input.brand, paragraphs, { label: "See your wallet", url }),
  };
}
