import { Form } from "react-router";

/**
 * Chooses the visitor's location: choose in the list, then "Go" (WCAG 3.2.2: choosing an option
 * never navigates by itself, so arrow keys only move through the list). A plain GET form to
 * /location, which remembers the choice and shows that location's deals: no token needed, so it
 * works the same before, after and without JavaScript.
 */
export function LocationPicker({ locations, current }: { locations: { name: string; shortName: string }[]; current: string }) {
  return (
    <Form method="get" action="/location" className="flex items-center gap-2 text-sm" data-testid="location-picker">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <label htmlFor="location-picker" className="sr-only">
        Choose your location
      </label>
      {/* Uncontrolled, keyed by the current location: a choice made before hydration is what is sent. */}
      <select key={current} id="location-picker" name="location" defaultValue={current} className="rounded bg-white/15 px-2 py-1 text-white [&>option]:text-black">
        {locations.map((location) => (
          <option key={location.shortName} value={location.shortName}>
            {location.name}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded bg-white px-2 py-1 font-bold text-brand-dark hover:bg-gray-100">
        Go<span className="sr-only"> to this location's deals</span>
      </button>
    </Form>
  );
}
