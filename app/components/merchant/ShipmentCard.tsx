import { Form } from "react-router";
import type { MerchantShipment } from "../../../modules/delivery/merchant-shipments";
import type { DeliveryAddress } from "../../../modules/orders/delivery-addresses";
import { CsrfField } from "../CsrfField";
import { FIELD_INPUT_CLASS } from "../LabelledField";
import { formatPortalTime } from "./portal-format";

/** The ids the error summary links to: each parcel's own fields, so several forms on one page stay apart. */
export const shipmentFieldIds = (voucherId: number) => ({
  card: `shipment-${voucherId}`,
  courier: `courier-${voucherId}`,
  trackingNumber: `tracking-${voucherId}`,
});

export interface ShipmentFormState {
  values?: { courier: string; trackingNumber: string };
  fieldErrors?: { courier?: string; trackingNumber?: string };
}

type Shipment = Omit<MerchantShipment, "orderedAt" | "dispatchedAt"> & { orderedAt: Date | string; dispatchedAt: Date | string | null; address: DeliveryAddress };

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-bold text-alert">
      {message}
    </p>
  );
}

/**
 * One parcel in "Orders to dispatch": what to post and where, the date promised, and the one
 * thing the merchant can do now (dispatch it with courier and tracking, or mark it delivered).
 */
export function ShipmentCard({
  shipment,
  couriers,
  state,
  csrfToken,
  timeZone,
  busy,
}: {
  shipment: Shipment;
  couriers: readonly { code: string; name: string }[];
  state: ShipmentFormState | undefined;
  csrfToken: string;
  timeZone: string;
  busy: boolean;
}) {
  const ids = shipmentFieldIds(shipment.voucherId);
  const errors = state?.fieldErrors ?? {};
  const invalid = (message: string | undefined, id: string) => (message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});
  return (
    <li data-testid="shipment" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={ids.card} className="mb-2 text-lg font-bold">
        Order {shipment.orderId}: {shipment.dealTitle}, {shipment.productName}
      </h2>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-bold">Deliver to</dt>
        <dd>
          <address className="not-italic">
            {[shipment.address.name, ...shipment.address.lines].filter(Boolean).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </dd>
        <dt className="font-bold">Delivery on or before</dt>
        <dd>{shipment.deliverBy}</dd>
        <dt className="font-bold">Ordered</dt>
        <dd>{formatPortalTime(shipment.orderedAt, timeZone)}</dd>
        {shipment.status === "DISPATCHED" && (
          <>
            <dt className="font-bold">Dispatched</dt>
            <dd>{shipment.dispatchedAt ? formatPortalTime(shipment.dispatchedAt, timeZone) : ""}</dd>
            <dt className="font-bold">Courier</dt>
            <dd>{shipment.courier}</dd>
            <dt className="font-bold">Tracking number</dt>
            <dd className="font-mono">{shipment.trackingNumber}</dd>
          </>
        )}
      </dl>
      <Form method="post" noValidate aria-labelledby={ids.card} className="flex flex-wrap items-end gap-3">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="voucherId" value={shipment.voucherId} />
        {shipment.status === "PROCESSING" ? (
          <>
            <div className="min-w-48">
              <label htmlFor={ids.courier} className="mb-1 block font-bold">
                Courier
              </label>
              <select id={ids.courier} name="courier" defaultValue={state?.values?.courier ?? ""} className={FIELD_INPUT_CLASS} {...invalid(errors.courier, ids.courier)}>
                <option value="">Choose a courier…</option>
                {couriers.map((courier) => (
                  <option key={courier.code} value={courier.code}>
                    {courier.name}
                  </option>
                ))}
              </select>
              <FieldError id={ids.courier} message={errors.courier} />
            </div>
            <div className="min-w-48">
              <label htmlFor={ids.trackingNumber} className="mb-1 block font-bold">
                Tracking number
              </label>
              <input
                id={ids.trackingNumber}
                name="trackingNumber"
                type="text"
                autoComplete="off"
                spellCheck={false}
                defaultValue={state?.values?.trackingNumber ?? ""}
                className={`${FIELD_INPUT_CLASS} font-mono`}
                {...invalid(errors.trackingNumber, ids.trackingNumber)}
              />
              <FieldError id={ids.trackingNumber} message={errors.trackingNumber} />
            </div>
            <button type="submit" name="intent" value="dispatch" disabled={busy} className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
              Dispatch
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="deliver" disabled={busy} className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark disabled:opacity-70">
            Mark as delivered
          </button>
        )}
      </Form>
    </li>
  );
}
