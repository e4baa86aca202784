import { useRef } from "react";
import { Form } from "react-router";
import { loadVisitorSession, useVisitorSession } from "../visitor-session";
import { CSRF_FIELD } from "../../lib/csrf";
import { CsrfField } from "./CsrfField";

/**
 * Chooses the visitor's location: a plain form posting to /location (works without JavaScript),
 * submitted as soon as a location is picked when JavaScript runs.
 */
export function LocationPicker({ locations, current }: { locations: { name: string; shortName: string }[]; current: string }) {
  const form = useRef<HTMLFormElement>(null);
  // The header is the same for everyone (cacheable), so the visitor's CSRF token arrives after hydration.
  const session = useVisitorSession();
  return (
    <Form ref={form} method="post" action="/location" className="flex items-center gap-2 text-sm">
      <CsrfField token={session?.csrfToken ?? ""} />
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <label htmlFor="location-picker" className="sr-only">
        Choose your location
      </label>
      <select
        id="location-picker"
        name="location"
        defaultValue={current}
        onChange={() => {
          // A quick pick can come before the token has arrived: wait for it rather than post without.
          void loadVisitorSession()
            .then((info) => {
              const field = form.current?.elements.namedItem(CSRF_FIELD);
              if (field instanceof HTMLInputElement) field.value = info.csrfToken;
            })
            .catch(() => {})
            .finally(() => form.current?.requestSubmit());
        }}
        className="rounded bg-white/15 px-2 py-1 text-white [&>option]:text-black"
      >
        {locations.map((location) => (
          <option key={location.shortName} value={location.shortName}>
            {location.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-white px-2 py-1 font-bold text-brand-dark">
          Go
        </button>
      </noscript>
    </Form>
  );
}
