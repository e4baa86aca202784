import { BRANDS } from "../../lib/brand";
import { formatMoney } from "../../lib/money";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";
import { PAYMENT_DECLINES, type DeclineCode } from "../payments/errors";
import type { MemberFacts } from "./membership";
import { MY_SUBSCRIPTIONS_PATH, VIP_REMINDER_DAYS, VIP_TRIAL_DAYS, vipDate, vipRenewalTerms } from "./vip-terms";

/** The emails of a VIP membership: every one links to My Subscriptions, where renewal is cancelled in one click. */

interface Card {
  cardType: string | null;
  last4: string | null;
}

const cardName = (card: Card | null) => (card ? `${card.cardType ?? "card"} ending ${card.last4 ?? "····"}` : "your saved card");

function mail(member: MemberFacts, origin: string, subject: string, paragraphs: string[], label: string): OutgoingMail {
  const url = `${origin}${MY_SUBSCRIPTIONS_PATH}`;
  const lines = [greeting(member.firstName), ...paragraphs];
  return {
    from: brandSender(member.brand),
    to: member.email,
    subject,
    text: `${lines.join("\n\n")}\n\n${label}: ${url}\n`,
    html: layout(member.brand, lines, { label, url }),
  };
}

/** Joined through the checkout add-on: the year's dates, and whether (and how) it renews. */
export function vipYearEmail(member: MemberFacts, origin: string, year: { periodEnd: Date; renews: boolean; price: number; card: Card | null }): OutgoingMail {
  const brand = BRANDS[member.brand];
  const end = vipDate(year.periodEnd, member.brand);
  return mail(
    member,
    origin,
    `Welcome to ${brand.displayName} VIP`,
    year.renews
      ? [
          `You're a VIP member until ${end}: VIP prices are yours on every deal that has them.`,
          `Your membership renews on ${end} at ${formatMoney(year.price, member.currency)} a year, charged to ${cardName(year.card)}. ${vipRenewalTerms(member.currency)}`,
        ]
      : [`You're a VIP member until ${end}: VIP prices are yours on every deal that has them.`, `Your membership does not renew: it simply ends on ${end}.`],
    "Manage your VIP membership",
  );
}

export function trialStartedEmail(member: MemberFacts, origin: string, trial: { periodEnd: Date; price: number; card: Card | null }): OutgoingMail {
  const end = vipDate(trial.periodEnd, member.brand);
  return mail(
    member,
    origin,
    `Your free ${VIP_TRIAL_DAYS}-day VIP trial has started`,
    [
      `Your free VIP trial runs until ${end}: VIP prices are yours on every deal that has them.`,
      `Nothing is charged before then. Unless you cancel, VIP then costs ${formatMoney(trial.price, member.currency)} a year, charged to ${cardName(trial.card)} on ${end}. ${vipRenewalTerms(member.currency)}`,
    ],
    "Manage your VIP membership",
  );
}

/** The reminder before each renewal (and before a free trial turns paid): price, date, the link to cancel. */
export function renewalReminderEmail(member: MemberFacts, origin: string, renewal: { periodEnd: Date; price: number; trial: boolean; card: Card | null }): OutgoingMail {
  const end = vipDate(renewal.periodEnd, member.brand);
  const price = formatMoney(renewal.price, member.currency);
  return mail(
    member,
    origin,
    renewal.trial ? `Your free VIP trial ends on ${end}` : `Your VIP membership renews on ${end}`,
    [
      renewal.trial
        ? `Your free VIP trial ends on ${end}. Unless you cancel, your VIP membership then continues at ${price} a year, charged to ${cardName(renewal.card)}.`
        : `Your VIP membership renews on ${end} for another year at ${price}, charged to ${cardName(renewal.card)}.`,
      `We send this reminder ${VIP_REMINDER_DAYS} days before each renewal. If you don't want to renew, cancel renewal in one click in My Subscriptions before ${end}: you stay a VIP until then.`,
    ],
    "Cancel renewal in My Subscriptions",
  );
}

export function renewedEmail(member: MemberFacts, origin: string, renewal: { amount: number; periodEnd: Date; card: Card | null }): OutgoingMail {
  const end = vipDate(renewal.periodEnd, member.brand);
  return mail(
    member,
    origin,
    "Your VIP membership has been renewed",
    [
      `Thank you: we've charged ${formatMoney(renewal.amount, member.currency)} to ${cardName(renewal.card)} and your VIP membership now runs until ${end}.`,
      vipRenewalTerms(member.currency),
    ],
    "Manage your VIP membership",
  );
}

export function renewalFailedEmail(member: MemberFacts, origin: string, failure: { periodEnd: Date; price: number; decline: DeclineCode | null; card: Card | null }): OutgoingMail {
  const end = vipDate(failure.periodEnd, member.brand);
  const reason = failure.decline ? ` (${PAYMENT_DECLINES[failure.decline].message})` : "";
  return mail(
    member,
    origin,
    "We couldn't renew your VIP membership",
    [
      `We tried to charge ${formatMoney(failure.price, member.currency)} to ${cardName(failure.card)} to renew your VIP membership, but the payment didn't go through${reason}.`,
      `You're still a VIP until ${end}. To keep VIP after that, pay with a saved card in My Subscriptions before ${end}, or add VIP to your next order at checkout once it has ended.`,
    ],
    "Pay in My Subscriptions",
  );
}

export function renewalCancelledEmail(member: MemberFacts, origin: string, cancelled: { periodEnd: Date }): OutgoingMail {
  const end = vipDate(cancelled.periodEnd, member.brand);
  return mail(
    member,
    origin,
    "Your VIP renewal is cancelled",
    [
      `You've cancelled the renewal of your VIP membership: nothing more will be charged.`,
      `You're still a VIP until ${end}. Changed your mind? Turn renewal back on in My Subscriptions before then.`,
    ],
    "My Subscriptions",
  );
}
