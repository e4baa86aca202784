import { MY_SUBSCRIPTIONS_PATH } from "../../../modules/vip/vip-terms";

/** On the order confirmation: the VIP year just bought, and whether it renews (it says so either way). */
export function VipYearNotice({ vipYear }: { vipYear: { endsOn: string; renews: boolean; price: string } }) {
  return (
    <section aria-labelledby="vip-year" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200" data-testid="vip-year">
      <h2 id="vip-year" className="mb-2 text-xl font-bold">
        Your VIP membership
      </h2>
      <p>
        You're a VIP member until <strong>{vipYear.endsOn}</strong>: VIP prices are yours on every deal that has them.
      </p>
      <p className="mt-2">
        {vipYear.renews
          ? `It renews on ${vipYear.endsOn} at ${vipYear.price} a year until you cancel. We'll email you a reminder before it renews.`
          : `It does not renew: your VIP year simply ends on ${vipYear.endsOn}.`}{" "}
        <a href={MY_SUBSCRIPTIONS_PATH} className="font-bold text-brand-dark underline">
          Manage it in My Subscriptions
        </a>
      </p>
    </section>
  );
}
