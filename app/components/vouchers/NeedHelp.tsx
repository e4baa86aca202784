import { Link } from "react-router";
import { formatDeadline } from "./voucher-format";

export interface HelpOption {
  kind: "refund" | "credit" | "extend" | "return";
  allowed: boolean;
  until: string | null;
  reason: string | null;
  href: string | null;
}

const LABELS: Record<HelpOption["kind"], string> = {
  refund: "Refund",
  credit: "Exchange for wallet credit",
  extend: "Extend your voucher",
  return: "Return your item",
};

/**
 * "Need help?": who to contact at the merchant, and what the shopper may do with the voucher now
 * (each with its deadline) or why not.
 */
export function NeedHelp({
  merchant,
  options,
  timeZone,
}: {
  merchant: { name: string; email: string | null; phone: string | null };
  options: readonly HelpOption[];
  timeZone: string;
}) {
  return (
    <section aria-labelledby="need-help" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="need-help" className="mb-3 text-xl font-bold">
        Need help?
      </h2>
      <h3 className="font-bold">Contact {merchant.name}</h3>
      {merchant.email || merchant.phone ? (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {merchant.email && (
            <>
              <dt>Email</dt>
              <dd>
                <a className="text-brand-dark underline" href={`mailto:${merchant.email}`}>
                  {merchant.email}
                </a>
              </dd>
            </>
          )}
          {merchant.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a className="text-brand-dark underline" href={`tel:${merchant.phone.replace(/\s/g, "")}`}>
                  {merchant.phone}
                </a>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mb-4">The merchant's contact details are on your voucher.</p>
      )}
      <h3 className="font-bold">What you can do</h3>
      <ul className="flex flex-col gap-2" data-testid="after-sale-options">
        {options.map((option) => (
          <li key={option.kind}>
            {option.allowed && option.href && option.until ? (
              <>
                <Link className="font-bold text-brand-dark underline" to={option.href}>
                  {LABELS[option.kind]}
                </Link>{" "}
                <span className="text-sm text-gray-700">until {formatDeadline(option.until, timeZone)}</span>
              </>
            ) : (
              <>
                <span className="font-bold">{LABELS[option.kind]}</span>: <span>{option.reason}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
