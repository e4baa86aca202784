import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { AccountFormMessage } from "./AccountField";
import { FIELD_INPUT_CLASS, LabelledField } from "./LabelledField";

/**
 * A From / To period of days (a merchant's statement, the back office's reports), sent as
 * ?from=&to=; a period the page refused is announced above it and takes the focus.
 */
export function PeriodForm({ period, error, submit }: { period: { from: string; to: string }; error: string | null; submit: string }) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) message.current?.focus();
  }, [error]);
  return (
    <>
      {error && (
        <div ref={message} tabIndex={-1} className="outline-none focus-visible:outline">
          <AccountFormMessage error={error} />
        </div>
      )}
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Period">
        <LabelledField label="From" className="">
          {(control) => <input {...control} name="from" type="date" defaultValue={period.from} className={FIELD_INPUT_CLASS} />}
        </LabelledField>
        <LabelledField label="To" className="">
          {(control) => <input {...control} name="to" type="date" defaultValue={period.to} className={FIELD_INPUT_CLASS} />}
        </LabelledField>
        <button type="submit" className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark">
          {submit}
        </button>
      </Form>
    </>
  );
}
