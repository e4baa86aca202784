import { errorClassOf, type ErrorCatalog } from "../../lib/errors";

/** Tracking error codes; the location text is spec discovery §8 word for word. */
export const TRACKING_ERRORS = {
  IMPRESSION_LOCATION_MISSING: { status: 400, message: "Deal impressions: undefined or missing location data" },
} as const satisfies ErrorCatalog;

export type TrackingErrorCode = keyof typeof TRACKING_ERRORS;

export class TrackingError extends errorClassOf(TRACKING_ERRORS) {}
