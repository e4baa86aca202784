import { useEffect, useId, useRef, useState } from "react";
import { FIELD_MESSAGES } from "../../../modules/accounts/errors";
import { isValidPostcode } from "../../../modules/accounts/postcodes";
import { ADDRESS_ERRORS } from "../../../modules/address/errors";

export interface FoundAddress {
  id: number;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
}

type Lookup =
  | { kind: "found"; postcode: string; addresses: FoundAddress[] }
  | { kind: "invalid"; message: string }
  | { kind: "manual"; message: string };

/** GET /v1/address/postcode/{postcode}: addresses, a postcode the server refuses, or a reason to type the address in. */
async function lookUp(postcode: string): Promise<Lookup> {
  try {
    const response = await fetch(`/v1/address/postcode/${encodeURIComponent(postcode.trim())}`, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (response.ok) return { kind: "found", ...((await response.json()) as { postcode: string; addresses: FoundAddress[] }) };
    if (response.status === 400) return { kind: "invalid", message: ADDRESS_ERRORS.INVALID_POSTCODE.message };
    if (response.status === 404) return { kind: "manual", message: ADDRESS_ERRORS.POSTCODE_NOT_FOUND.message };
  } catch {
    // Offline or the server went away: the shopper types the address in.
  }
  return { kind: "manual", message: ADDRESS_ERRORS.ADDRESS_LOOKUP_FAILED.message };
}

/** "sw1a 1aa" and "SW1A1AA" are the same postcode. */
const sameKey = (a: string, b: string) => a.toUpperCase().replace(/\s+/g, "") === b.toUpperCase().replace(/\s+/g, "");

/**
 * "Find address" for the postcode typed above it: a list of the addresses there to pick from, or
 * the spec's message and manual entry when the postcode is unknown or the lookup fails. What it
 * shows belongs to the postcode it was found for, so editing the postcode clears it.
 */
export function AddressLookup({
  postcode,
  irish,
  onInvalid,
  onFound,
  onChoose,
  onManual,
}: {
  postcode: string;
  irish: boolean;
  /** The postcode cannot be one: show this as its error. */
  onInvalid: (message: string) => void;
  /** The lookup wrote the postcode the standard way. */
  onFound: (postcode: string) => void;
  onChoose: (address: FoundAddress) => void;
  /** Reveal the address fields and put the cursor in the first. */
  onManual: () => void;
}) {
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ postcode: string; addresses: FoundAddress[] } | { postcode: string; message: string } | null>(null);
  const current = result && sameKey(result.postcode, postcode) ? result : null;
  const found = current && "addresses" in current ? current.addresses : null;

  useEffect(() => {
    if (result && "addresses" in result) selectRef.current?.focus();
  }, [result]);

  const find = async () => {
    if (busy) return;
    if (!isValidPostcode(postcode, irish ? "IE" : "GB")) {
      setResult(null);
      onInvalid(FIELD_MESSAGES.postcode);
      return;
    }
    setBusy(true);
    const answer = await lookUp(postcode);
    setBusy(false);
    if (answer.kind === "invalid") {
      setResult(null);
      onInvalid(answer.message);
    } else if (answer.kind === "found") {
      setResult({ postcode: answer.postcode, addresses: answer.addresses });
      onFound(answer.postcode);
    } else {
      setResult({ postcode, message: answer.message });
      onManual();
    }
  };

  return (
    <div className="mb-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="button" onClick={() => void find()} aria-busy={busy || undefined} className="rounded bg-brand px-4 py-2 font-bold text-white hover:bg-brand-dark">
          Find address
        </button>
        <button type="button" onClick={onManual} className="font-bold text-brand-dark underline">
          Enter address manually
        </button>
      </div>
      <p role="status" className="sr-only">
        {busy ? "Looking up your postcode…" : found ? `${found.length} ${found.length === 1 ? "address" : "addresses"} found` : ""}
      </p>
      {current && "message" in current && (
        <p role="alert" className="mt-2 font-bold text-alert">
          {current.message}
        </p>
      )}
      {found && (
        <div className="mt-3">
          <label htmlFor={selectId} className="mb-1 block font-bold">
            Select your address
          </label>
          <select
            id={selectId}
            ref={selectRef}
            key={current?.postcode}
            defaultValue=""
            onChange={(event) => {
              const chosen = found.find((address) => String(address.id) === event.target.value);
              if (chosen) onChoose(chosen);
            }}
            className="w-full rounded border border-gray-500 bg-white px-3 py-2"
          >
            <option value="">{`${found.length} ${found.length === 1 ? "address" : "addresses"} at ${current?.postcode}: choose yours`}</option>
            {found.map((address) => (
              <option key={address.id} value={address.id}>
                {[address.line1, address.line2, address.city].filter(Boolean).join(", ")}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
