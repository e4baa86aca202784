/** Tracking error codes; the location text is spec discovery §8 word for word. */
export const TRACKING_ERRORS = {
  IMPRESSION_LOCATION_MISSING: "Deal impressions: undefined or missing location data",
} as const;

export type TrackingErrorCode = keyof typeof TRACKING_ERRORS;

export class TrackingError extends Error {
  constructor(readonly code: TrackingErrorCode) {
    super(TRACKING_ERRORS[code]);
  }
}
