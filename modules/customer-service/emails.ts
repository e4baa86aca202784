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
