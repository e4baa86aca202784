import { useEffect, useState } from "react";
import type { FlightsState } from "./FlightChooser";
import { cheapestFlight, flightPairKey, leavesFrom } from "./flight-text";
import { type StayProduct, fetchFlights, fetchStayProducts } from "./travel-api";

type StayState = { status: "loading" } | { status: "ready"; products: StayProduct[] };

/**
 * What a chosen stay can be booked as: its products (the calendar-products call; the lead-in product,
 * else the cheapest, is chosen) and, for a choose-your-flight deal or a product with flights, the
 * flight pairs for its dates (the cheapest chosen). Each is fetched again when the stay changes.
 */
export function useStayOptions({
  dealId,
  checkIn,
  checkOut,
  guests,
  airport,
  leadProductId,
  flightsDeal,
}: {
  dealId: number;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  airport: string;
  leadProductId: number | null;
  flightsDeal: boolean;
}) {
  const [stay, setStay] = useState<StayState | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [flights, setFlights] = useState<FlightsState | null>(null);
  const [flightKey, setFlightKey] = useState<string | null>(null);
  const [seenAirports, setSeenAirports] = useState<string[]>([]);

  // The products the chosen stay can be booked as (the calendar-products call).
  useEffect(() => {
    if (checkIn === null || checkOut === null) {
      setStay(null);
      return;
    }
    const controller = new AbortController();
    setStay({ status: "loading" });
    fetchStayProducts({ dealId, checkIn, checkOut, quantity: guests, departureAirport: airport || null, leadProductId }, controller.signal)
      .then((products) => {
        if (controller.signal.aborted) return;
        setStay({ status: "ready", products });
        const lead = products.find((product) => product.productId === leadProductId);
        const cheapest = [...products].sort((a, b) => a.price - b.price)[0];
        setProductId((lead ?? cheapest)?.productId ?? null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [dealId, checkIn, checkOut, guests, airport, leadProductId]);

  const products = stay?.status === "ready" ? stay.products : [];
  const product = products.find((candidate) => candidate.productId === productId) ?? null;
  const needsFlights = flightsDeal || (product?.withFlights ?? false);

  // The flight pairs for the stay's dates (choose-your-flight).
  useEffect(() => {
    if (!needsFlights || checkIn === null || checkOut === null) {
      setFlights(null);
      return;
    }
    const controller = new AbortController();
    setFlights({ status: "loading" });
    fetchFlights({ dealId, checkIn, checkOut, quantity: guests, departureAirport: airport || null }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (!result.ok) {
          setFlights({ status: "failed" });
          return;
        }
        setSeenAirports((seen) => [...new Set([...seen, ...result.flights.map((option) => option.outboundJourney.departureAirport)])]);
        const options = result.flights.filter((option) => leavesFrom(option, airport));
        setFlights({ status: "ready", options });
        const cheapest = cheapestFlight(options);
        setFlightKey(cheapest ? flightPairKey(cheapest) : null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [needsFlights, dealId, checkIn, checkOut, guests, airport]);

  const flight = flights?.status === "ready" ? (flights.options.find((option) => flightPairKey(option) === flightKey) ?? null) : null;

  return { stay, products, productId, setProductId, product, needsFlights, flights, flightKey, setFlightKey, flight, seenAirports };
}
