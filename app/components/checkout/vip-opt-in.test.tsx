import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { vipAddonTerms, vipCheckoutRenewal } from "../../../modules/vip/vip-terms";
import { PaymentSection } from "./PaymentSection";

/** The checkout's payment section as the server renders it, with the VIP year in the basket or not. */
function render(vipRenewal: ReturnType<typeof vipCheckoutRenewal> | null, needsCard = true): string {
  return renderToString(
    <PaymentSection
      basketToken="basket-token-123"
      methods={["card"]}
      amountLabel="£23.99"
      needsCard={needsCard}
      blockedReason={null}
      busy={false}
      problem={null}
      defaultPostalCode=""
      savedCards={[]}
      vipRenewal={vipRenewal}
      onPay={() => {}}
    />,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&quot;/g, '"').replace(/\s+/g, " ");

describe("the VIP opt-in at checkout (UK consumer law: never pre-selected, terms before opting in)", () => {
  it("offers renewal as a box that is not ticked, with its price and terms beside it", () => {
    const html = render(vipCheckoutRenewal("GBP"));
    const box = /<input[^>]*name="vipRenewal"[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).toContain('type="checkbox"');
    expect(box).not.toMatch(/checked/);
    expect(text(html)).toContain("Renew my VIP membership every year at £4.99 until I cancel");
    expect(text(html)).toContain("We email you a reminder 14 days before each renewal, and you can cancel renewal in one click in My Subscriptions.");
    // The terms are the box's description for screen readers.
    const describedBy = /aria-describedby="([^"]+)"/.exec(box)?.[1];
    expect(html).toContain(`id="${describedBy}"`);
  });

  it("shows no renewal box without the VIP year, or when nothing is paid by card", () => {
    expect(render(null)).not.toContain('name="vipRenewal"');
    expect(render(vipCheckoutRenewal("GBP"), false)).not.toContain('name="vipRenewal"');
  });

  it("states the price and that renewal is the shopper's choice next to the add-on, in euro on the Irish brands", () => {
    expect(vipAddonTerms("EUR")).toContain("€4.99 for one year. It renews only if you tick");
    expect(vipAddonTerms("GBP")).toContain("Otherwise your VIP year simply ends.");
  });
});
