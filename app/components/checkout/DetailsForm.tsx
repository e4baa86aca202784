import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { FIELD_MESSAGES } from "../../../modules/accounts/errors";
import { formatPostcode, isValidPostcode } from "../../../modules/accounts/postcodes";
import { AddressLookup } from "./AddressLookup";
import { CheckoutField } from "./CheckoutField";
import type { DeliveryDetails } from "./types";

type PreviousAddress = Pick<DeliveryDetails, "addressLine1" | "addressLine2" | "city" | "postcode">;

export type DetailsErrors = Partial<Record<keyof DeliveryDetails, string>>;

/** Spec §5 gate: names and a full address with a valid postcode (or Eircode) before paying. */
export function checkDetails(details: DeliveryDetails, irish: boolean): DetailsErrors {
  const errors: DetailsErrors = {};
  for (const key of ["firstName", "lastName", "addressLine1", "city", "postcode"] as const) {
    if (details[key].trim() === "") errors[key] = FIELD_MESSAGES.required;
  }
  if (!errors.postcode && !isValidPostcode(details.postcode, irish ? "IE" : "GB")) errors.postcode = FIELD_MESSAGES.postcode;
  return errors;
}

const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once React runs the page in the browser. */
const useScripted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Name and address for the order. The address comes from the postcode lookup ("Find address",
 * then pick one), is typed in ("Enter address manually", or after a failed lookup), is prefilled
 * from the account or chosen from earlier orders' addresses. The address fields stay hidden until
 * one of those happens; without JavaScript they are simply shown. The postcode is checked and
 * tidied as the shopper leaves it.
 */
export function DetailsForm({
  details,
  errors,
  irish,
  previous,
  onChange,
}: {
  details: DeliveryDetails;
  errors: DetailsErrors;
  irish: boolean;
  previous: readonly PreviousAddress[];
  onChange: (name: keyof DeliveryDetails, value: string) => void;
}) {
  const previousId = useId();
  const scripted = useScripted();
  const [revealed, setRevealed] = useState(false);
  const [postcodeProblem, setPostcodeProblem] = useState<string>();
  const [focusRequests, setFocusRequests] = useState(0);
  const addressFields = useRef<HTMLDivElement>(null);
  // An address from anywhere (account, earlier order, lookup) or an error on it shows the fields, for good.
  if (!revealed && (details.addressLine1 || details.addressLine2 || details.city || errors.addressLine1 || errors.city)) setRevealed(true);
  useEffect(() => {
    if (focusRequests > 0) addressFields.current?.querySelector("input")?.focus();
  }, [focusRequests]);
  const enterManually = () => {
    setRevealed(true);
    setFocusRequests((count) => count + 1);
  };
  const tidyPostcode = () => {
    const country = irish ? "IE" : "GB";
    if (isValidPostcode(details.postcode, country)) onChange("postcode", formatPostcode(details.postcode, country));
  };
  const field = (label: string, name: keyof DeliveryDetails, autoComplete: string, onBlur?: () => void) => (
    <CheckoutField
      label={label}
      value={details[name]}
      error={errors[name] ?? (name === "postcode" ? postcodeProblem : undefined)}
      autoComplete={autoComplete}
      onChange={(value) => {
        if (name === "postcode") setPostcodeProblem(undefined);
        onChange(name, value);
      }}
      onBlur={onBlur}
    />
  );
  return (
    <fieldset className="max-w-md">
      <legend className="mb-2 font-bold">Name and address</legend>
      {previous.length > 0 && (
        <div className="mb-3">
          <label htmlFor={previousId} className="mb-1 block font-bold">
            Use a previous address
          </label>
          <select
            id={previousId}
            defaultValue=""
            onChange={(event) => {
              const chosen = previous[Number(event.target.value)];
              if (!chosen) return;
              for (const key of ["addressLine1", "addressLine2", "city", "postcode"] as const) onChange(key, chosen[key]);
            }}
            className="w-full rounded border border-gray-500 bg-white px-3 py-2"
          >
            <option value="">Choose an address</option>
            {previous.map((address, index) => (
              <option key={index} value={index}>
                {[address.addressLine1, address.addressLine2, address.city, address.postcode].filter(Boolean).join(", ")}
              </option>
            ))}
          </select>
        </div>
      )}
      {field("First Name", "firstName", "given-name")}
      {field("Last Name", "lastName", "family-name")}
      {field(irish ? "Eircode" : "Postcode", "postcode", "postal-code", tidyPostcode)}
      {scripted && (
        <AddressLookup
          postcode={details.postcode}
          irish={irish}
          onInvalid={setPostcodeProblem}
          onFound={(postcode) => onChange("postcode", postcode)}
          onChoose={(address) => {
            onChange("addressLine1", address.line1);
            onChange("addressLine2", address.line2);
            onChange("city", address.city);
            onChange("postcode", address.postcode);
          }}
          onManual={enterManually}
        />
      )}
      {(!scripted || revealed) && (
        <div ref={addressFields}>
          {field("Address Line 1", "addressLine1", "address-line1")}
          {field("Address Line 2", "addressLine2", "address-line2")}
          {field("City", "city", "address-level2")}
        </div>
      )}
    </fieldset>
  );
}
