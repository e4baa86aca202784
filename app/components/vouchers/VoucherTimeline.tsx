import { formatDateTime } from "./voucher-format";

export interface TimelineStepRow {
  status: string;
  text: string;
  at: string;
}

/** Spec §4 voucher status timeline: every status the voucher has been in, oldest first, with its date. */
export function VoucherTimeline({ steps, timeZone }: { steps: readonly TimelineStepRow[]; timeZone: string }) {
  return (
    <section aria-labelledby="voucher-timeline" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="voucher-timeline" className="mb-3 text-xl font-bold">
        Status
      </h2>
      <ol className="flex flex-col gap-3 border-l-2 border-brand pl-4" data-testid="voucher-timeline">
        {steps.map((step, index) => (
          <li key={index} aria-current={index === steps.length - 1 ? "step" : undefined}>
            <span className="font-bold">{step.text}</span>
            <span className="block text-sm text-gray-700">
              <time dateTime={step.at}>{formatDateTime(step.at, timeZone)}</time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
