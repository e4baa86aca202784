import { errorCatalogue, errorClassOf } from "../../lib/errors";

/** Tracking error codes; the location text is spec discovery §8 word for word. */
export const TRACKING_ERRORS = errorCatalogue({
  400: {
    IMPRESSION_LOCATION_MISSING: "Deal impressions: undefined or missing location data",
  },
});

export type TrackingErrorCode = keyof typeof TRACKING_ERRORS;

export class TrackingError extends errorClassOf(TRACKING_ERRORS) {}
