import { BRANDS, type BrandId } from "../../lib/brand";
import { type Currency, formatMoney } from "../../lib/money";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";
import type { VipRefundChoice } from "./schema";

interface Recipient {
  brand: BrandId;
  to: string;
  firstName: string;
}

/** The invitation to the VIP cash-refund form: the only way to reach it (spec §6, former VIPs by emailed invitation). */
export function vipRefundInvitationEmail(input: Recipient & { url: string; paid: number; extraCredit: number; currency: Currency; expiresAt: Date }): OutgoingMail {
  const brand = BRANDS[input.brand];
  const label = "Choose your VIP refund";
  const until = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(input.expiresAt);
  const lines = [
    greeting(input.firstName),
    `You paid ${formatMoney(input.paid, input.currency)} for ${brand.displayName} VIP. You can have it back: as a cash refund to the card you paid with (within 7 days if eligible), as ${formatMoney(input.extraCredit, input.currency)} of wallet credit (an extra 20%, applied within 3 working days), or you can keep using it to stay VIP.`,
    `Use the link below to tell us what you'd like, by ${until}. The link is personal: please don't share it.`,
  ];
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your ${brand.displayName} VIP refund`,
    text: `${lines.join("\n\n")}\n\n${label}: ${input.url}\n`,
    html: layout(input.brand, lines, { label, url: input.url }),
  };
}

/** Once the request is processed: what went back, and where. */
export function vipRefundProcessedEmail(
  input: Recipient & { origin: string; currency: Currency; choice: VipRefundChoice; cardAmount: number; walletCredit: number },
): OutgoingMail {
  const brand = BRANDS[input.brand];
  const money = (amount: number) => formatMoney(amount, input.currency);
  const outcome =
    input.choice === "stay_vip"
      ? "You chose to keep your VIP payment and stay VIP: nothing has been refunded."
      : [
          input.cardAmount > 0 ? `${money(input.cardAmount)} is on its way back to the card you paid with.` : null,
          input.walletCredit > 0 ? `${money(input.walletCredit)} of credit is now in your wallet.` : null,
          "Your VIP membership has ended.",
        ]
          .filter((line) => line !== null)
          .join(" ");
  const lines = [greeting(input.firstName), `We've dealt with your VIP refund request. ${outcome}`];
  const action = input.walletCredit > 0 ? { label: "See your wallet", url: `${input.origin}/myaccount/wallet` } : { label: "Go to your account", url: `${input.origin}/myaccount` };
  return {
    from: brandSender(input.brand),
    to: input.to,
    subject: `Your ${brand.displayName} VIP refund request`,
    text: `${lines.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
    html: layout(input.brand, lines, action),
  };
}
