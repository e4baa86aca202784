import { formatMoney } from "../../../lib/money";
import { giftCardDeliveryText } from "./gift-card-line";

interface BoughtGiftCard {
  id: number;
  amount: number;
  currency: "GBP" | "EUR";
  recipientName: string | null;
  recipientEmail: string | null;
  expiresAt: string;
  /** Only for a card the buyer prints: an emailed card's code is the recipient's alone. */
  code: string | null;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** The gift cards an order bought: who gets each, by when it must be redeemed, and the printable ones. */
export function BoughtGiftCards({ cards }: { cards: readonly BoughtGiftCard[] }) {
  return (
    <section aria-labelledby="your-gift-cards" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="your-gift-cards" className="mb-4 text-xl font-bold">
        Your gift cards
      </h2>
      <ul className="flex flex-col gap-4">
        {cards.map((card) => (
          <li key={card.id} className="border-b border-gray-200 pb-4 last:border-b-0" data-testid="bought-gift-card">
            <p className="font-bold">{formatMoney(card.amount, card.currency)} gift card</p>
            <p>
              {giftCardDeliveryText({ type: card.recipientEmail ? "E_GIFT" : "GIFT", recipientName: card.recipientName, recipientEmail: card.recipientEmail })}
            </p>
            <p className="text-sm text-gray-700">
              To be redeemed by <time dateTime={card.expiresAt}>{dateFormat.format(new Date(card.expiresAt))}</time>
            </p>
            {card.code && (
              <p className="mt-2 flex flex-wrap items-center gap-4">
                <span>
                  Code: <span className="font-mono font-bold">{card.code}</span>
                </span>
                <a href={`/giftcard/print/${card.id}`} className="font-bold text-brand-dark underline">
                  Print your gift card (PDF)
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
