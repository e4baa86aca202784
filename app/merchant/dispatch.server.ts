import { data, type AppLoadContext } from "react-router";
import { parseRecordId } from "../../lib/input";
import { COURIERS, isCourierCode, normalTrackingNumber } from "../../modules/delivery/couriers";
import { deliverShipment } from "../../modules/delivery/deliver-shipment";
import { dispatchShipment } from "../../modules/delivery/dispatch-shipment";
import { DELIVERY_ERRORS } from "../../modules/delivery/errors";
import { listMerchantShipments, MERCHANT_SHIPMENT_FILTERS, type MerchantShipmentFilter } from "../../modules/delivery/merchant-shipments";
import { deliveryAddresses } from "../../modules/orders/delivery-addresses";
import { shownError } from "../../server/errors";
import type { SignedInMerchant } from "../../server/merchants/merchant-session";
import { formText } from "../accounts/page.server";

/** The filter in the address (`?status=dispatched`); Processing (still to post) when absent or unknown. */
export function shipmentFilter(url: URL): MerchantShipmentFilter {
  const asked = url.searchParams.get("status")?.toUpperCase();
  return MERCHANT_SHIPMENT_FILTERS.find((filter) => filter === asked) ?? "PROCESSING";
}

/** A page of the merchant's parcels with where each goes (the order's delivery name and address). */
export async function loadShipments(context: AppLoadContext, merchant: SignedInMerchant, url: URL) {
  const filter = shipmentFilter(url);
  const page = Math.min(Number(url.searchParams.get("page")) || 1, 10_000);
  const listed = await listMerchantShipments(context.db, merchant.user.merchantId, filter, page);
  const addresses = await deliveryAddresses(
    context.db,
    listed.shipments.map((shipment) => shipment.orderId),
  );
  return {
    ...listed,
    filter,
    shipments: listed.shipments.map((shipment) => ({ ...shipment, address: addresses.get(shipment.orderId) ?? { name: "", lines: [] } })),
    couriers: Object.entries(COURIERS).map(([code, courier]) => ({ code, name: courier.name })),
  };
}

export interface DispatchFormResult {
  voucherId?: number;
  values?: { courier: string; trackingNumber: string };
  fieldErrors?: { courier?: string; trackingNumber?: string };
  formError?: string;
  success?: string;
}

/**
 * "Dispatch" (courier and tracking number) or "Mark as delivered" for one of the merchant's
 * parcels. Both fields are checked before the use case runs, so the merchant sees every problem
 * at once; another merchant's parcel is "not found" (the use case decides) and nothing changes.
 */
export async function dispatchAction(context: AppLoadContext, merchant: SignedInMerchant, form: FormData) {
  const voucherId = parseRecordId(formText(form, "voucherId"));
  if (voucherId === null) return data<DispatchFormResult>({ formError: DELIVERY_ERRORS.SHIPMENT_NOT_FOUND.message }, { status: 404 });
  const actor = { merchantId: merchant.user.merchantId, merchantUserId: merchant.user.id, voucherId };
  const values = { courier: formText(form, "courier"), trackingNumber: formText(form, "trackingNumber").slice(0, 100) };
  const delivering = formText(form, "intent") === "deliver";
  if (!delivering) {
    const fieldErrors: DispatchFormResult["fieldErrors"] = {};
    if (!isCourierCode(values.courier)) fieldErrors.courier = DELIVERY_ERRORS.COURIER_UNKNOWN.message;
    if (normalTrackingNumber(values.trackingNumber) === null) fieldErrors.trackingNumber = DELIVERY_ERRORS.TRACKING_NUMBER_INVALID.message;
    if (Object.keys(fieldErrors).length > 0) return data<DispatchFormResult>({ voucherId, values, fieldErrors }, { status: 400 });
  }
  try {
    if (delivering) {
      await deliverShipment(context, actor);
      return data<DispatchFormResult>({ voucherId, success: "Marked as delivered. The voucher now shows as Redeemed." });
    }
    const dispatched = await dispatchShipment({ db: context.db, clock: context.clock, linkOrigin: context.brandOrigin }, { ...actor, ...values });
    return data<DispatchFormResult>({ voucherId, success: `Dispatched with ${COURIERS[dispatched.courier].name}, tracking number ${dispatched.trackingNumber}. We've emailed the shopper.` });
  } catch (error) {
    const shown = shownError(error);
    return data<DispatchFormResult>({ voucherId, values, formError: shown.message }, { status: shown.status });
  }
}
