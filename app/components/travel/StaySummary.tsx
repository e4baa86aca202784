import { daysBetween, roomsFor } from "../../../modules/travel/stay-rules";
import { fullDayName } from "./calendar-dates";
import type { FlightsState } from "./FlightChooser";
import { journeyText } from "./flight-text";
import type { StayProduct } from "./travel-api";
import { passengersText } from "./TravelPickers";

type FlightOption = Extract<FlightsState, { status: "ready" }>["options"][number];

/** The chosen stay in words and its total (admin fee included), above Buy now. */
export function StaySummary({
  checkIn,
  checkOut,
  guests,
  product,
  flight,
  total,
  vipUser,
  formatPrice,
}: {
  checkIn: string;
  checkOut: string;
  guests: number;
  product: StayProduct;
  flight: FlightOption | null;
  total: number;
  vipUser: boolean;
  formatPrice: (minor: number) => string;
}) {
  return (
    <section aria-labelledby="travel-summary-title" className="rounded border border-gray-300 bg-gray-50 p-3" data-testid="travel-summary">
      <h3 id="travel-summary-title" className="mb-2 font-bold">
        Your stay
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold">Check-in</dt>
        <dd>{fullDayName(checkIn)}</dd>
        <dt className="font-bold">Check-out</dt>
        <dd>{fullDayName(checkOut)}</dd>
        <dt className="font-bold">Nights</dt>
        <dd>{daysBetween(checkIn, checkOut)}</dd>
        <dt className="font-bold">Passengers</dt>
        <dd>{passengersText(guests)}</dd>
        <dt className="font-bold">Option</dt>
        <dd>{product.friendlyName}</dd>
        {flight && (
          <>
            <dt className="font-bold">Flights</dt>
            <dd>
              {journeyText(flight.outboundJourney)}; return {journeyText(flight.inboundJourney)}
            </dd>
          </>
        )}
      </dl>
      <p className="mt-2 text-lg font-bold" data-testid="travel-total">
        Total {formatPrice(total)}
        {vipUser && product.vipPrice !== null && <span className="ml-2 rounded bg-black px-1.5 py-0.5 text-xs text-white">VIP price</span>}
      </p>
      <p className="text-sm text-gray-800">
        Includes all mandatory fees{product.adminFee > 0 ? `, the ${formatPrice(product.adminFee)} admin fee among them` : ""}. {roomsFor(guests) > 1 ? `${roomsFor(guests)} rooms.` : "1 room."}
      </p>
    </section>
  );
}
