import { BRANDS, type BrandId } from "../../lib/brand";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

/** Tells the referrer their friend's reward is in their wallet, with the link to it on their brand. */
export function referralRewardEmail(input: { brand: BrandId; to: string; firstName: string; friendName: string; amount: number; currency: Currency; origin: string }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const amount = formatMoney(input.amount, input.currency);
  const paragraphs = [
    greeting(input.firstName),
    `Thank you for inviting ${input.friendName} to ${brand.displayName}. Their first order is past its 14-day refund period, so ${amount} of credit is now in your wallet.`,
    "The credit is valid for 12 months and comes off the price of deals at checkout.",
  ];
  const url = `${input.origin}/myaccount/wallet`;
  return {
    from: brandSender(brand.id),
    to: input.to,
    subject: `You've earned ${amount} credit`,
    text: [...paragraphs, `See your wallet: ${url}`].join("\n\n"),
    html: layout(brand.id, paragraphs, { label: "See your wallet", url }),
  };
}
