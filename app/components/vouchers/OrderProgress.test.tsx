import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { orderProgress } from "../../../modules/delivery/order-progress";
import { ErrorSummary } from "../ErrorSummary";
import { OrderProgress } from "./OrderProgress";

const shipment = {
  voucherId: 90000001,
  orderId: 70000001,
  merchantId: 1,
  status: "DISPATCHED" as const,
  deliverBy: "2026-11-27",
  courier: "DPD",
  trackingNumber: "1550123456",
  dispatchedAt: new Date("2026-11-23T10:00:00Z"),
  deliveredAt: null,
  createdAt: new Date("2026-11-21T12:00:00Z"),
};

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("OrderProgress", () => {
  it("shows the steps with dates, the promise and, when the deal allows, the tracking link", () => {
    const html = renderToString(<OrderProgress progress={orderProgress(shipment, true)} />);
    expect(text(html)).toContain("Order progress: Dispatched");
    expect(text(html)).toContain("Delivery on or before Friday, 27 November 2026");
    expect(html).toMatch(/<li aria-current="step"[^>]*>.*Dispatched/);
    expect(text(html)).toContain("Processing Order (21 November 2026)");
    expect(html).toContain('href="https://track.dpd.co.uk/parcels/1550123456"');
    expect(text(html)).toContain("Tracking can take up to 48 hours to become active.");
  });

  it("leaves courier and tracking out when the deal does not show them", () => {
    const html = renderToString(<OrderProgress progress={orderProgress(shipment, false)} />);
    expect(html).not.toContain("1550123456");
    expect(html).not.toContain("DPD");
  });
});

describe("ErrorSummary", () => {
  it("links each error to its field and can take the focus", () => {
    const html = renderToString(<ErrorSummary errors={[{ fieldId: "return-reason", message: "Please select a reason..." }]} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toMatch(/<a href="#return-reason"[^>]*>Please select a reason...<\/a>/);
    expect(renderToString(<ErrorSummary errors={[]} />)).toBe("");
  });
});
