import { BRANDS, type BrandId } from "../../lib/brand";
import { brandSender, greeting, layout } from "../mail/layout";
import type { OutgoingMail } from "../mail/outbox";

interface ReturnMailFacts {
  brand: BrandId;
  to: string;
  firstName: string;
  reference: string;
  item: string;
  origin: string;
}

function returnMail(facts: ReturnMailFacts, subject: string, lines: string[], action: { label: string; url: string }): OutgoingMail {
  const paragraphs = [greeting(facts.firstName), ...lines];
  return {
    from: brandSender(facts.brand),
    to: facts.to,
    subject: `${subject} (${BRANDS[facts.brand].displayName} return ${facts.reference})`,
    text: [...paragraphs, `${action.label}: ${action.url}`].join("\n\n"),
    html: layout(facts.brand, paragraphs, action),
  };
}

/** The return is started: the label link and what happens next. */
export function returnStartedEmail(facts: ReturnMailFacts & { labelPath: string }): OutgoingMail {
  return returnMail(
    facts,
    "Your return has started",
    [
      `We've started your return of ${facts.item}. Your return reference is ${facts.reference}.`,
      "Print the returns label, stick it on the parcel and post it. Then press \"I've posted it\" in My Returns.",
      "Once the merchant has received the item, we aim to refund you within 5 days.",
    ],
    { label: "Print your returns label", url: `${facts.origin}${facts.labelPath}` },
  );
}

/** The merchant has the item back: the refund follows. */
export function returnReceivedEmail(facts: ReturnMailFacts): OutgoingMail {
  return returnMail(
    facts,
    "The merchant has received your return",
    [`The merchant has received your return of ${facts.item} (reference ${facts.reference}). We aim to refund you within 5 days.`],
    { label: "See your returns", url: `${facts.origin}/myaccount/returns` },
  );
}
