import { merchantStatement } from "../../modules/merchants/statement";
import { statementPeriod } from "../../modules/merchants/statement-period";
import type { RequestServices } from "../../server/context";
import type { SignedInMerchant } from "../../server/merchants/merchant-session";
import { portalTimeZone } from "./portal.server";

/** The period a statement page or download asks for (?from=&to=), and the signed-in merchant's totals for it. */
export async function loadStatement(context: RequestServices, merchant: SignedInMerchant, request: Request) {
  const search = new URL(request.url).searchParams;
  const timeZone = portalTimeZone(context);
  const asked = statementPeriod({ from: search.get("from"), to: search.get("to") }, context.clock.now(), timeZone);
  const { period } = asked;
  const totals = await merchantStatement(context.db, { merchantId: merchant.user.merchantId, start: period.start, end: period.end });
  return { period, periodError: asked.ok ? null : asked.message, totals, timeZone };
}
