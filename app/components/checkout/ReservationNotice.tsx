import { formatCountdown } from "../../../modules/catalog/rules/countdown";
import { CsrfField } from "../CsrfField";
import type { ReservationPhase } from "./use-reservation";

/** The basket's reservation as the shopper sees it (spec §4 Basket reservation). */
export function ReservationNotice({
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
        <span role="timer" aria-label="Time left on your reservation" className="font-mono font-bold tabular-nums">
          {formatCountdown(remainingMs)}
        </span>
      </div>
    );
  }
  return (
    <div role="status" className={`${box} ${phase === "EXPIRED" ? "border-alert bg-red-50" : "border-gray-400 bg-gray-50"}`} data-testid="reservation">
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
