import { BasketError } from "../../basket/errors";
import { FlightSoldOutError } from "../../inventory/kinds/flight-seats";
import { NightSoldOutError } from "../../inventory/kinds/nights";
import { sellUnits } from "../../inventory/sell";
import { dealLines, type OrderPlacedStep } from "./context";

/**
 * Every kind of stock through inventory's one seam (../../inventory/stock-kinds.ts): stock, a dated
 * travel stay's rooms on every night (one booking, one unit), a choose-your-flight stay's seat on
 * each flight for every passenger, then the hourly sales ledger (caps, social cue) and the
 * customer's purchases; never oversold.
 */
export const sellStockStep: OrderPlacedStep = {
  name: "sell stock",
  async run(context) {
    const lines = dealLines(context).map(({ entry, product }) => {
      const flights = entry.stay?.flights;
      return {
        dealId: product.deal.id,
        productId: product.id,
        units: entry.line.quantity,
        nights: entry.stay?.nights,
        roomsPerNight: entry.stay?.rooms,
        seats: flights ? [flights.outboundFlightId, flights.inboundFlightId].map((flightId) => ({ flightId, seats: entry.stay!.guests })) : undefined,
      };
    });
    try {
      await sellUnits(context.tx, { customerId: context.order.customerId, at: context.now, lines });
    } catch (error) {
      // A night or a flight that ran out while the order was placed reads as the spec's travel message (the order rolls back).
      if (error instanceof NightSoldOutError) throw new BasketError("TRAVEL_NOT_AVAILABLE");
      if (error instanceof FlightSoldOutError) throw new BasketError("TRAVEL_FLIGHTS_UNAVAILABLE");
      throw error;
    }
  },
};
