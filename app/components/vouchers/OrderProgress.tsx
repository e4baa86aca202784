import type { OrderProgress as Progress } from "../../../modules/delivery/order-progress";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/**
 * A physical voucher's order progress (spec §4): Processing Order → Dispatched → Delivered with
 * dates, "Delivery on or before …" until it arrives, and the courier and tracking number only
 * when the deal shows them. Give it `findOrderProgress(db, customerId, voucherId)` from
 * modules/delivery/order-progress.ts (null means the voucher posts nothing: render nothing).
 */
export function OrderProgress({ progress, headingLevel = 2 }: { progress: Progress; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="order-progress-title" className="rounded border border-gray-300 p-4" data-testid="order-progress">
      <Heading id="order-progress-title" className="mb-2 text-lg font-bold">
        Order progress: {progress.label}
      </Heading>
      {progress.deliveryPromise && <p className="mb-3 font-bold">{progress.deliveryPromise}</p>}
      <ol className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {progress.steps.map((step) => (
          <li key={step.status} aria-current={step.current ? "step" : undefined} className={`flex items-center gap-2 ${step.done ? "" : "text-gray-600"}`}>
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${step.done ? "bg-brand" : "border border-gray-500"}`} />
            <span className={step.current ? "font-bold" : undefined}>
              {step.label}
              {step.at && (
                <>
                  {" "}
                  <time dateTime={step.at} className="text-sm">
                    ({dateFormat.format(new Date(step.at))})
                  </time>
                </>
              )}
              {!step.done && <span className="sr-only"> (not yet)</span>}
            </span>
          </li>
        ))}
      </ol>
      {progress.tracking && (
        <p className="mt-3">
          Courier: <strong>{progress.tracking.courier}</strong> · Tracking number: <span className="font-mono font-bold">{progress.tracking.trackingNumber}</span>
          {progress.tracking.url && (
            <>
              {" · "}
              <a href={progress.tracking.url} target="_blank" rel="noopener noreferrer" className="font-bold text-brand-dark underline">
                Track your parcel<span className="sr-only"> (opens in a new tab)</span>
              </a>
              <span className="block text-sm text-gray-700">Tracking can take up to 48 hours to become active.</span>
            </>
          )}
        </p>
      )}
    </section>
  );
}
