import { z } from "@hono/zod-openapi";
import { MAX_DB_INTEGER } from "../../lib/input";

/** A whole number in a query string; ranges are checked by the travel module with its own messages. */
const wholeNumber = (name: string) => z.coerce.number({ error: `${name} must be a whole number` }).int({ error: `${name} must be a whole number` }).min(0, { error: `${name} must be a whole number` }).max(MAX_DB_INTEGER, { error: `${name} is too large` });
const flag = (description: string) => z.enum(["true", "false"], { error: "use true or false" }).optional().openapi({ description });
const text = (max: number) => z.string().max(max, { error: `at most ${max} characters` });

export const DealIdParam = z.coerce.number({ error: "dealId must be a deal number" }).int({ error: "dealId must be a deal number" }).positive({ error: "dealId must be a deal number" }).max(MAX_DB_INTEGER, { error: "dealId must be a deal number" }).openapi({ example: 30000013 });
export const DateParam = text(10).openapi({ description: "YYYY-MM-DD (also DD/MM/YYYY, DD/MM/YY, DD-MM-YYYY)", example: "2027-03-05" });

const passengers = wholeNumber("quantity").optional().openapi({ description: "passengers: 2, 4, 6 or 8 (1 room per 2); default 2", example: 2 });
const airport = text(20).optional().openapi({ description: "a three-letter airport code, or 'Any London' (LGW, LHR, STN, LTN, LCY, SEN)", example: "Any London" });
const nights = wholeNumber("nights").optional().openapi({ description: "1 to 16", example: 3 });

export const AvailabilityQuery = z.object({
  leadProductId: wholeNumber("leadProductId").optional().openapi({ description: "price only this option (the one chosen, or a hotel ad's room)" }),
  googleHotelAds: flag("the visit came from a hotel-ads link; accepted, no effect on the answer"),
  month: wholeNumber("month").optional().openapi({ description: "1–12, with year; default the first month with availability", example: 3 }),
  year: wholeNumber("year").optional().openapi({ example: 2027 }),
  quantity: passengers,
  departureAirport: airport,
  nights,
});

export const CalendarProductsQuery = z.object({
  startDate: DateParam.optional().openapi({ description: "check-in (the same as checkIn)" }),
  checkIn: DateParam.optional(),
  checkOut: DateParam.optional(),
  nights: nights.openapi({ description: "instead of checkOut: nights from check-in" }),
  quantity: passengers,
  departureAirport: airport,
  product_id: wholeNumber("product_id").optional().openapi({ description: "only this option" }),
  gifting: flag("bought as a gift; accepted, prices do not change"),
  dynamicTravelDeal: flag("accepted for the spec's shape; no effect"),
  utm_medium: text(100).optional().openapi({ description: "hotel-ads attribution, kept by the basket; no effect here" }),
  utm_source: text(100).optional(),
});

export const FlightsQuery = z.object({
  quantity: passengers,
  departureAirport: airport,
  nights: nights.openapi({ description: "nights away; default the shortest package arriving that day" }),
  checkOut: DateParam.optional().openapi({ description: "the day back, instead of nights" }),
});

const CalendarDaySchema = z
  .object({
    date: z.number().int().openapi({ description: "epoch milliseconds of the day's start (UTC)" }),
    dateString: z.string().openapi({ example: "2027-03-05" }),
    minPrice: z.number().int().nullable().openapi({ description: "lowest price per person (minor units) of a stay arriving that day" }),
    vipPrice: z.number().int().nullable(),
    vipDiscountAllowed: z.boolean(),
    openForArrival: z.boolean(),
    openForDeparture: z.boolean(),
    openForSale: z.boolean(),
    dateSoldOut: z.boolean(),
    minLengthOfStay: z.number().int(),
    maxLengthOfStay: z.number().int(),
    additionalCostText: z.string().nullable(),
  })
  .openapi("CalendarDay");

export const ProductViewSchema = z
  .object({
    productId: z.number().int(),
    friendlyName: z.string(),
    priceBasis: z.enum(["night", "stay"]),
    occupancy: z.number().int(),
    roomOnly: z.boolean(),
    withFlights: z.boolean(),
  })
  .openapi("CalendarProductView");

const MonthAndYearSchema = z.object({ month: z.number().int(), year: z.number().int() }).nullable();

export const AvailabilityResponseSchema = z
  .object({
    data: z.object({
      data: z.object({
        calendarDateViewVOList: z.array(CalendarDaySchema),
        currentMonth: z.number().int(),
        currentYear: z.number().int(),
        nextAvailable: MonthAndYearSchema,
        previousAvailable: MonthAndYearSchema,
        lastAvailableStay: z.string().nullable(),
        calendarProductViewVOList: z.array(ProductViewSchema),
        calendarRoomView: z.array(ProductViewSchema),
        calendarRoomOnlyView: z.array(ProductViewSchema),
        supportedNumberOfNights: z.array(z.number().int()),
      }),
    }),
  })
  .openapi("Availability");

const JourneySchema = z
  .object({
    flightId: z.number().int(),
    flightNumber: z.string().openapi({ example: "U2 1042" }),
    departureAirport: z.string(),
    arrivalAirport: z.string(),
    departsAt: z.string().openapi({ description: "ISO timestamp" }),
    arrivesAt: z.string(),
  })
  .openapi("FlightJourney");

export const FlightOptionSchema = z
  .object({
    arrivalAirport: z.string(),
    departureAirport: z.string(),
    outboundJourney: JourneySchema,
    inboundJourney: JourneySchema,
    priceDiff: z.number().int().openapi({ description: "per passenger (minor units) against the cheapest pair" }),
  })
  .openapi("FlightOption");

export const FlightsResponseSchema = z.object({
  date: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  flights: z.array(FlightOptionSchema),
});

export const CheapestFlightSchema = z.object({
  date: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  flight: FlightOptionSchema,
  leadPriceDiff: z.number().int().openapi({ description: "per passenger over the deal's lead price for these flights" }),
});

export const CalendarProductsResponseSchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  quantity: z.number().int(),
  products: z.array(
    ProductViewSchema.extend({
      rooms: z.number().int(),
      price: z.number().int().openapi({ description: "what the booking is charged: the stay for all rooms, the cheapest flights for all passengers and the admin fee" }),
      vipPrice: z.number().int().nullable(),
      pricePerPerson: z.number().int(),
      vipPricePerPerson: z.number().int().nullable(),
      adminFee: z.number().int().openapi({ description: "the mandatory admin fee included in the prices" }),
      flightPriceDiff: z.number().int(),
      flight: FlightOptionSchema.nullable(),
      additionalCostText: z.string().nullable(),
    }),
  ),
  message: z.string().nullable().openapi({ example: "Sorry, no products available for selected dates..." }),
});

export const TravelProductsResponseSchema = z.object({
  dealId: z.number().int(),
  products: z.array(ProductViewSchema.extend({ leadPrice: z.number().int() })),
});
