import { defineProcess } from "../states/transition";
import { type ShipmentStatus, shipments } from "./schema";

/**
 * The shipments table as `transition()` addresses an aggregate: a shipment is keyed by its
 * voucher (one parcel per physical voucher), so its id is `voucher_id`. A view over the same
 * table, not a copy: drizzle reads the table's name and columns through the prototype.
 */
const shipmentsById = Object.assign(Object.create(shipments) as typeof shipments, { id: shipments.voucherId });

/**
 * A parcel's way to the shopper (spec §4 order progress). Processing → Dispatched → Delivered;
 * Processing → Delivered is allowed too, for goods handed over without a courier (collected,
 * delivered by the merchant's own van) or a dispatch nobody recorded: the delivery is the fact
 * that matters (docs/decisions/after-sale-delivery-returns.md). Delivered is final.
 */
export const SHIPMENT_PROCESS = defineProcess<ShipmentStatus>({
  aggregate: "shipment",
  table: shipmentsById,
  initial: ["PROCESSING"],
  transitions: {
    PROCESSING: ["DISPATCHED", "DELIVERED"],
    DISPATCHED: ["DELIVERED"],
    DELIVERED: [],
  },
});
