import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";
import { CSRF_FIELD } from "../../lib/csrf";
import { loadVisitorSession } from "../visitor-session";

type Status = { kind: "idle" } | { kind: "locating" } | { kind: "found"; name: string } | { kind: "kept"; reason: string };

/** The nearest location to a position, from GET /v1/nearmelocation/area/{lat}/{lon}. */
async function nearestLocation(position: GeolocationPosition): Promise<{ name: string; shortName: string }> {
  // Three decimals (about 100 m) are plenty to pick a city and say less about where the shopper is.
  const lat = position.coords.latitude.toFixed(3);
  const lon = position.coords.longitude.toFixed(3);
  const response = await fetch(`/v1/nearmelocation/area/${lat}/${lon}`, { headers: { accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) throw new Error(`nearmelocation answered ${response.status}`);
  const body = (await response.json()) as { location: { name: string; shortName: string } };
  return body.location;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, { timeout: 15_000, maximumAge: 600_000 }));
}

/**
 * Near me: the page shows the remembered location's deals (server-rendered); "Use my location"
 * asks the browser for its position only when pressed, picks the nearest location, remembers it
 * (a POST to this page sets the location cookie) and shows its deals. Denied or failed, the
 * remembered location stays and a message says so.
 */
export function NearMeLocator({ location }: { location: { name: string; shortName: string } }) {
  const submit = useSubmit();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [canLocate, setCanLocate] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const message = useRef<HTMLParagraphElement>(null);

  // Only a browser with geolocation (and JavaScript) gets the button: the server renders none.
  useEffect(() => setCanLocate(typeof navigator !== "undefined" && "geolocation" in navigator), []);
  // Once the outcome is on screen (after the new location's deals have loaded), focus moves to it.
  useEffect(() => {
    if ((status.kind === "found" || status.kind === "kept") && navigation.state === "idle") message.current?.focus();
  }, [status, navigation.state]);

  async function locate() {
    setStatus({ kind: "locating" });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      const denied = typeof error === "object" && error !== null && "code" in error && error.code === 1;
      setStatus({
        kind: "kept",
        reason: denied ? "You did not allow us to use your position, so we are still showing deals in" : "Sorry, we could not find your position just now, so we are still showing deals in",
      });
      return;
    }
    try {
      const [nearest, session] = await Promise.all([nearestLocation(position), loadVisitorSession()]);
      setStatus({ kind: "found", name: nearest.name });
      await submit({ location: nearest.shortName, [CSRF_FIELD]: session.csrfToken }, { method: "post", action: pathname, preventScrollReset: true });
    } catch {
      setStatus({ kind: "kept", reason: "Sorry, we could not find your nearest location just now, so we are still showing deals in" });
    }
  }

  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 rounded bg-gray-100 p-3">
      <p>
        Showing deals in <strong>{location.name}</strong>.
      </p>
      {canLocate && (
        <button
          type="button"
          onClick={() => void locate()}
          disabled={status.kind === "locating"}
          className="rounded bg-brand-dark px-3 py-1.5 font-bold text-white disabled:opacity-70"
        >
          {status.kind === "locating" ? "Finding your location…" : "Use my location"}
        </button>
      )}
      {(status.kind === "found" || status.kind === "kept") && (
        <p ref={message} tabIndex={-1} className="w-full">
          {status.kind === "found" ? (
            <>
              Your nearest location is <strong>{status.name}</strong>. We will remember it for next time.
            </>
          ) : (
            <>
              {status.reason} <strong>{location.name}</strong>.
            </>
          )}
        </p>
      )}
    </div>
  );
}
