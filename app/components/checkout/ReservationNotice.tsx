import { describeCountdown, formatCountdown } from "../../../modules/catalog/rules/countdown";
import { CsrfField } from "../CsrfField";
import type { ReservationPhase } from "./use-reservation";

const MINUTE_MS = 60_000;
/** Moments worth telling a screen-reader user about: five minutes left, then one. */
const WARN_AT_MINUTES = [1, 5] as const;

/**
 * What the one polite live region says: only meaningful moments (a threshold crossed, expired,
 * reserved again), never the ticking seconds. The text changes only at those moments, so each is
 * announced once.
 */
export function reservationAnnouncement(phase: ReservationPhase, remainingMs: number, allHeld: boolean): string {
  if (phase === "RESERVED") {
    const threshold = WARN_AT_MINUTES.find((minutes) => remainingMs > 0 && remainingMs <= minutes * MINUTE_MS);
    return threshold ? `Less than ${threshold === 1 ? "1 minute" : `${threshold} minutes`} left on your reservation.` : "";
  }
  if (phase === "EXPIRED") return "Your items are no longer reserved.";
  if (phase === "REFRESHED") return allHeld ? "Availability confirmed: your items are reserved again." : "Some items are no longer available.";
  return "";
}

/** The basket's reservation as the shopper sees it (spec §4 Basket reservation), with its announcements. */
export function ReservationNotice(props: {
  phase: ReservationPhase;
  remainingMs: number;
  allHeld: boolean;
  csrfToken: string;
  onRefresh: () => void;
}) {
  return (
    <>
      {/* Always in the page (a region added with its message is often not read), never inside another live region. */}
      <p role="status" className="sr-only" data-testid="reservation-announcement">
        {reservationAnnouncement(props.phase, props.remainingMs, props.allHeld)}
      </p>
      <ReservationBox {...props} />
    </>
  );
}

function ReservationBox({
  phase,
  remainingMs,
  allHeld,
  csrfToken,
  onRefresh,
}: {
  phase: ReservationPhase;
  remainingMs: number;
  allHeld: boolean;
  csrfToken: string;
  onRefresh: () => void;
}) {
  if (phase === "NONE") return null;
  const box = "flex flex-wrap items-center gap-2 rounded border px-4 py-3";
  if (phase === "RESERVED") {
    return (
      <div className={`${box} border-green-700 bg-green-50`} data-testid="reservation">
        <span>Reserved at price for</span>
        <span role="timer" aria-label={`Time left on your reservation: ${describeCountdown(remainingMs)}`} className="font-mono font-bold tabular-nums">
          {formatCountdown(remainingMs)}
        </span>
      </div>
    );
  }
  return (
    <div className={`${box} ${phase === "EXPIRED" ? "border-alert bg-red-50" : "border-gray-400 bg-gray-50"}`} data-testid="reservation">
      {phase === "EXPIRED" && (
        <>
          <span className="font-bold">Your items are no longer reserved.</span>
          {/* A plain form, so it works before (or without) JavaScript too. */}
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              onRefresh();
            }}
          >
            <CsrfField token={csrfToken} />
            <input type="hidden" name="intent" value="refresh" />
            <button type="submit" className="rounded bg-brand px-3 py-1 font-bold text-white hover:bg-brand-dark">
              Reserve again
            </button>
          </form>
        </>
      )}
      {phase === "REFRESHING" && <span>Refreshing your basket…</span>}
      {phase === "REFRESHED" && (
        <span className="font-bold">{allHeld ? "Availability confirmed: your items are reserved again." : "Some items are no longer available."}</span>
      )}
    </div>
  );
}
