/**
 * Travel calendar and flights (spec §7 Travel): the month calendar of a dated travel deal, the
 * options bookable for chosen dates, and choose-your-flight flights. Answers are the same for
 * every visitor (VIP prices are part of them, shown to members by the page), so shared caches may
 * keep them briefly; a sale or hold shows within that time (docs/decisions/travel-availability.md).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { dealAvailability } from "../../modules/travel/availability";
import { calendarProducts } from "../../modules/travel/calendar-products";
import { cheapestFlight, flightsForDate } from "../../modules/travel/flights";
import { loadTravelDeal } from "../../modules/travel/travel-deal";
import type { AppEnv } from "../context";
import { errors, json } from "./account-schemas";
import {
  AvailabilityQuery,
  AvailabilityResponseSchema,
  CalendarProductsQuery,
  CalendarProductsResponseSchema,
  CheapestFlightSchema,
  DateParam,
  DealIdParam,
  FlightsQuery,
  FlightsResponseSchema,
  TravelProductsResponseSchema,
} from "./travel-schemas";

/** Shared caches keep an answer 30 s and serve it 30 s more while refreshing; browsers ask again. */
export const TRAVEL_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

const dealParam = z.object({ dealId: DealIdParam });
const dealDateParams = z.object({ dealId: DealIdParam, date: DateParam });

const availabilityRoute = createRoute({
  method: "get",
  path: "/availability/deal/{dealId}",
  summary: "A travel deal's month calendar for the passengers and nights: lowest price per person per arrival day, VIP price, open and sold-out days",
  request: { params: dealParam, query: AvailabilityQuery },
  responses: {
    200: { description: "data.data holds the calendar (spec §7)", ...json(AvailabilityResponseSchema) },
    default: errors("400: bad passengers, nights, month or airport; 404: no such deal, or a deal without dates"),
  },
});

const calendarProductsRoute = createRoute({
  method: "get",
  path: "/calendar-products/{dealId}",
  summary: "The options of a travel deal bookable from check-in to check-out for the passengers, priced for the stay (with the cheapest flights)",
  request: { params: dealParam, query: CalendarProductsQuery },
  responses: {
    200: { description: "Bookable options; an empty list with 'Sorry, no products available for selected dates...'", ...json(CalendarProductsResponseSchema) },
    default: errors("400: 'Please select your check-in and check-out dates.', 'Please select your check-out date.', bad dates or passengers; 404: no such deal"),
  },
});

const cheapestFlightRoute = createRoute({
  method: "get",
  path: "/flights/cheapest/{dealId}/{date}",
  summary: "The cheapest flight pair out on the date (back after the nights) for a choose-your-flight deal",
  request: { params: dealDateParams, query: FlightsQuery },
  responses: {
    200: { description: "The cheapest pair", ...json(CheapestFlightSchema) },
    204: { description: "No flights with seats for these dates (202 is never answered: fares are read at once)" },
    default: errors("400: bad date, passengers or airport; 404: no such deal, or not a choose-your-flight deal"),
  },
});

const flightsRoute = createRoute({
  method: "get",
  path: "/flights/{dealId}/{date}",
  summary: "Flight pairs out on the date and back after the nights, from the airport ('Any London' = the London group), with seats for every passenger",
  request: { params: dealDateParams, query: FlightsQuery },
  responses: {
    200: { description: "Flights, cheapest first; priceDiff per passenger against the cheapest", ...json(FlightsResponseSchema) },
    default: errors("400: bad date, passengers or airport; 404: no such deal, or not a choose-your-flight deal"),
  },
});

const travelProductsRoute = createRoute({
  method: "get",
  path: "/travel/products/deal/{dealId}",
  summary: "A travel deal's dated options: price basis (night or stay), room or room only, with flights, and the option's lead price",
  request: { params: dealParam },
  responses: {
    200: { description: "The deal's dated options", ...json(TravelProductsResponseSchema) },
    default: errors("404: no such deal, or a deal without dates"),
  },
});

const whereAndWhen = (c: Context<AppEnv>) => ({ countryCode: c.get("brand").countryCode, now: c.get("clock").now() });

export function registerTravelRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(availabilityRoute, async (c) => {
    const { dealId } = c.req.valid("param");
    const query = c.req.valid("query");
    const data = await dealAvailability(c.get("db"), {
      dealId,
      ...whereAndWhen(c),
      quantity: query.quantity,
      nights: query.nights,
      month: query.month,
      year: query.year,
      departureAirport: query.departureAirport,
      leadProductId: query.leadProductId,
      googleHotelAds: query.googleHotelAds === "true",
    });
    c.header("cache-control", TRAVEL_CACHE_CONTROL);
    return c.json({ data: { data } }, 200);
  });

  api.openapi(calendarProductsRoute, async (c) => {
    const { dealId } = c.req.valid("param");
    const query = c.req.valid("query");
    const body = await calendarProducts(c.get("db"), {
      dealId,
      ...whereAndWhen(c),
      checkIn: query.checkIn ?? query.startDate,
      checkOut: query.checkOut,
      nights: query.nights,
      quantity: query.quantity,
      departureAirport: query.departureAirport,
      productId: query.product_id,
    });
    c.header("cache-control", TRAVEL_CACHE_CONTROL);
    return c.json(body, 200);
  });

  api.openapi(cheapestFlightRoute, async (c) => {
    const { dealId, date } = c.req.valid("param");
    const query = c.req.valid("query");
    const cheapest = await cheapestFlight(c.get("db"), { dealId, date, ...whereAndWhen(c), ...query });
    c.header("cache-control", TRAVEL_CACHE_CONTROL);
    if (!cheapest) return c.body(null, 204);
    return c.json(cheapest, 200);
  });

  api.openapi(flightsRoute, async (c) => {
    const { dealId, date } = c.req.valid("param");
    const query = c.req.valid("query");
    const flights = await flightsForDate(c.get("db"), { dealId, date, ...whereAndWhen(c), ...query });
    c.header("cache-control", TRAVEL_CACHE_CONTROL);
    return c.json(flights, 200);
  });

  api.openapi(travelProductsRoute, async (c) => {
    const { dealId } = c.req.valid("param");
    const deal = await loadTravelDeal(c.get("db"), dealId, c.get("brand").countryCode);
    c.header("cache-control", TRAVEL_CACHE_CONTROL);
    return c.json({ dealId: deal.id, products: deal.products }, 200);
  });
}
