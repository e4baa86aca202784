import { data } from "react-router";
import { marketTimeZone } from "../../lib/market-time";
import { formatMoney } from "../../lib/money";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { exchangePoints } from "../../modules/loyalty/exchange-points";
import { loyaltySummary } from "../../modules/loyalty/loyalty-summary";
import { randomToken } from "../../modules/security/tokens";
import type { RequestServices } from "../../server/context";
import { shownError } from "../../server/errors";
import { checkRateLimit, RATE_LIMITED_MESSAGE } from "../../server/security/rate-limits";
import { formText } from "./page.server";

/** What the Club page shows: the shopper's standing and activity, and a fresh id for the next exchange. */
export async function loadClubPage(context: RequestServices, customer: CustomerSummary, request: Request) {
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const summary = await loyaltySummary(context.db, customer.id, { now: context.clock.now(), countryCode: context.brand.countryCode, page });
  return {
    summary,
    currency: context.brand.currency,
    timeZone: marketTimeZone(context.brand.countryCode),
    csrfToken: context.session.csrfToken(),
    // The exchange form's idempotency key: a double submit exchanges once.
    requestId: randomToken(16),
  };
}

export interface ExchangeFormResult {
  points?: string;
  error?: string;
  exchanged?: { points: number; credit: string; repeated: boolean };
}

/** The exchange form: within the rate limit, the spec's messages for what cannot be exchanged. */
export async function exchangeFromForm(context: RequestServices, customer: CustomerSummary, request: Request) {
  const form = await request.formData();
  const pointsText = formText(form, "points").trim();
  const limit = await checkRateLimit(context, "loyaltyExchange", customer.email);
  if (!limit.allowed) return data<ExchangeFormResult>({ points: pointsText, error: RATE_LIMITED_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  try {
    const exchange = await exchangePoints(context.db, {
      customerId: customer.id,
      requestId: formText(form, "requestId"),
      // Anything but a whole number is out of range (the use case answers with the range).
      points: /^\d{1,9}$/.test(pointsText) ? Number(pointsText) : Number.NaN,
      currency: context.brand.currency,
      now: context.clock.now(),
    });
    return data<ExchangeFormResult>({ exchanged: { points: exchange.points, credit: formatMoney(exchange.credit, exchange.currency), repeated: !exchange.firstTime } });
  } catch (error) {
    const answer = shownError(error);
    return data<ExchangeFormResult>({ points: pointsText, error: answer.message }, { status: answer.status });
  }
}
