import type { PaymentMethod } from "../../../modules/payments/provider";

/**
 * Marks of the ways to pay that this checkout accepts, drawn here as simple SVG (our own
 * drawings in each network's colours, no trademark artwork downloaded). Each has a text
 * alternative; the list is named "Ways to pay".
 */
const MARKS: Record<string, { label: string; svg: React.ReactNode }> = {
  visa: {
    label: "Visa",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" stroke="#d1d5db" />
        <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="13" fontStyle="italic" fontWeight="700" fill="#1a1f71">
          VISA
        </text>
      </>
    ),
  },
  mastercard: {
    label: "Mastercard",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" stroke="#d1d5db" />
        <circle cx="19" cy="15" r="9" fill="#eb001b" />
        <circle cx="29" cy="15" r="9" fill="#f79e1b" fillOpacity="0.9" />
        <path d="M24 7.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
      </>
    ),
  },
  paypal: {
    label: "PayPal",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" stroke="#d1d5db" />
        <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontStyle="italic" fontWeight="700" fill="#003087">
          Pay<tspan fill="#009cde">Pal</tspan>
        </text>
      </>
    ),
  },
  apple: {
    label: "Apple Pay",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#000" />
        <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="9.5" fontWeight="700" fill="#fff">
          Apple Pay
        </text>
      </>
    ),
  },
  google: {
    label: "Google Pay",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" stroke="#d1d5db" />
        <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="9" fontWeight="700" fill="#3c4043">
          <tspan fill="#4285f4">G</tspan> Pay
        </text>
      </>
    ),
  },
  klarna: {
    label: "Klarna",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#ffb3c7" />
        <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#17120f">
          Klarna.
        </text>
      </>
    ),
  },
  clearpay: {
    label: "Clearpay",
    svg: (
      <>
        <rect width="48" height="30" rx="4" fill="#b2fce4" />
        <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="8.5" fontWeight="700" fill="#000">
          clearpay
        </text>
      </>
    ),
  },
};

/** The marks to show: the card networks (card payments take Visa and MasterCard), then each other method on offer. */
export function paymentMarks(methods: readonly PaymentMethod[]): string[] {
  const marks: string[] = [];
  if (methods.includes("card")) marks.push("visa", "mastercard");
  for (const method of methods) if (method !== "card" && method !== "paypal_credit" && MARKS[method]) marks.push(method);
  return marks;
}

export function PaymentLogos({ methods }: { methods: readonly PaymentMethod[] }) {
  const marks = paymentMarks(methods);
  if (marks.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Ways to pay" data-testid="payment-logos">
      {marks.map((mark) => (
        <li key={mark}>
          <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={MARKS[mark].label}>
            {MARKS[mark].svg}
          </svg>
        </li>
      ))}
    </ul>
  );
}

/** Reassurance beside the Pay button: how the card travels and what happens if plans change. */
export function PaymentReassurance() {
  return (
    <div className="mt-4 flex gap-3 rounded border border-gray-200 bg-gray-50 p-3 text-sm" data-testid="payment-reassurance">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="mt-0.5 shrink-0 text-green-700">
        <path d="M6 10V7a6 6 0 0 1 12 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1zm2 0h8V7a4 4 0 0 0-8 0v3z" fill="currentColor" />
      </svg>
      <div>
        <p className="font-bold">Secure payment</p>
        <p>Your card details go straight to our payment provider over an encrypted connection; we never see your full card number.</p>
        <p className="mt-1">
          Unredeemed vouchers can be refunded within 14 days of purchase.{" "}
          <a href="/page/faqs" className="font-bold text-brand-dark underline">
            Our refund policy
          </a>
        </p>
      </div>
    </div>
  );
}
