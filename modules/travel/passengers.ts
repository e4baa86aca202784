/**
 * The passenger step of a travel checkout (spec §3 Passenger, §5 checkout gates): title, first
 * names, last name and date of birth for every passenger, and a contact phone for the lead
 * passenger (the first). Checked when they are saved and again before the order is placed.
 */

export const PASSENGER_TITLES = ["Mr", "Mrs", "Ms", "Miss"] as const;
export type PassengerTitle = (typeof PASSENGER_TITLES)[number];

/** A passenger as stored on the basket and order lines. */
export interface Passenger {
  title: PassengerTitle;
  firstNames: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  contactPhone?: string;
}

/** A passenger as typed: the date of birth in three boxes (day, month, year). */
export interface PassengerInput {
  title?: string | null;
  firstNames?: string | null;
  lastName?: string | null;
  dobDay?: string | number | null;
  dobMonth?: string | number | null;
  dobYear?: string | number | null;
  contactPhone?: string | null;
}

export type PassengerField = "title" | "firstNames" | "lastName" | "dateOfBirth" | "contactPhone";

/** The messages a shopper reads beside the fields (docs/decisions/travel-booking.md). */
export const PASSENGER_MESSAGES = {
  title: "Please select a title",
  firstNames: "Please enter the passenger's first names",
  lastName: "Please enter the passenger's last name",
  nameCharacters: "Please use only letters, spaces, hyphens and apostrophes",
  nameTooLong: "Please use 50 characters or fewer",
  dateOfBirth: "Please enter a valid date of birth, for example 27 3 1985",
  dateOfBirthFuture: "The date of birth must be in the past",
  leadAdult: "The lead passenger must be 18 or over",
  contactPhone: "Please enter a contact phone number for the lead passenger",
  contactPhoneInvalid: "Please enter a valid phone number, for example 07700 900123",
  count: "Please enter the details of every passenger.",
} as const;

export const NAME_MAX_LENGTH = 50;
/** The lead passenger books and must be an adult (UK package travel practice). */
export const LEAD_PASSENGER_MIN_AGE = 18;
const NAME = /^[\p{L}][\p{L}\p{M} '’.-]*$/u;

export type PassengerErrors = Partial<Record<PassengerField, string>>;

export type PassengersCheck = { ok: true; passengers: Passenger[] } | { ok: false; errors: PassengerErrors[]; message: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "");

function nameProblem(value: string, missing: string): string | null {
  if (value === "") return missing;
  if (value.length > NAME_MAX_LENGTH) return PASSENGER_MESSAGES.nameTooLong;
  return NAME.test(value) ? null : PASSENGER_MESSAGES.nameCharacters;
}

/** A typed date of birth as YYYY-MM-DD, or null when it is not a real date. */
export function dateOfBirthOf(input: Pick<PassengerInput, "dobDay" | "dobMonth" | "dobYear">): string | null {
  const part = (value: unknown) => (typeof value === "number" ? String(value) : text(value));
  const [day, month, year] = [part(input.dobDay), part(input.dobMonth), part(input.dobYear)];
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso || Number(year) < 1900) return null;
  return iso;
}

/** Age in whole years on a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function phoneProblem(value: string): string | null {
  if (value === "") return PASSENGER_MESSAGES.contactPhone;
  const digits = value.replace(/[\s()-]/g, "");
  return /^\+?\d{7,15}$/.test(digits) ? null : PASSENGER_MESSAGES.contactPhoneInvalid;
}

/**
 * Checks every passenger of a booking for `guests` people: one form per passenger, each field
 * with its own message; the lead passenger (the first) gives a contact phone and is an adult on
 * the day of travel. `today` and `travelDate` are YYYY-MM-DD.
 */
export function checkPassengers(inputs: readonly PassengerInput[], booking: { guests: number; today: string; travelDate: string }): PassengersCheck {
  const errors: PassengerErrors[] = [];
  const passengers: Passenger[] = [];
  for (let index = 0; index < booking.guests; index++) {
    const input = inputs[index] ?? {};
    const problems: PassengerErrors = {};
    const title = PASSENGER_TITLES.find((known) => known === text(input.title));
    if (!title) problems.title = PASSENGER_MESSAGES.title;
    const firstNames = text(input.firstNames);
    const lastName = text(input.lastName);
    const firstProblem = nameProblem(firstNames, PASSENGER_MESSAGES.firstNames);
    if (firstProblem) problems.firstNames = firstProblem;
    const lastProblem = nameProblem(lastName, PASSENGER_MESSAGES.lastName);
    if (lastProblem) problems.lastName = lastProblem;
    const dateOfBirth = dateOfBirthOf(input);
    if (!dateOfBirth) problems.dateOfBirth = PASSENGER_MESSAGES.dateOfBirth;
    else if (dateOfBirth >= booking.today) problems.dateOfBirth = PASSENGER_MESSAGES.dateOfBirthFuture;
    else if (index === 0 && ageOn(dateOfBirth, booking.travelDate) < LEAD_PASSENGER_MIN_AGE) problems.dateOfBirth = PASSENGER_MESSAGES.leadAdult;
    const contactPhone = text(input.contactPhone);
    if (index === 0) {
      const problem = phoneProblem(contactPhone);
      if (problem) problems.contactPhone = problem;
    }
    errors.push(problems);
    if (Object.keys(problems).length === 0) {
      passengers.push({ title: title!, firstNames, lastName, dateOfBirth: dateOfBirth!, ...(index === 0 ? { contactPhone } : {}) });
    }
  }
  if (errors.some((problems) => Object.keys(problems).length > 0)) return { ok: false, errors, message: PASSENGER_MESSAGES.count };
  return { ok: true, passengers };
}

/** Stored passengers as the form's input again (to check them once more, or to fill the form). */
export function passengerInput(passenger: Passenger): PassengerInput {
  const [year, month, day] = passenger.dateOfBirth.split("-");
  return {
    title: passenger.title,
    firstNames: passenger.firstNames,
    lastName: passenger.lastName,
    dobDay: String(Number(day)),
    dobMonth: String(Number(month)),
    dobYear: year,
    contactPhone: passenger.contactPhone ?? null,
  };
}

/** Whether stored passengers are still complete and valid for the booking (the checkout gate). */
export function passengersValid(stored: readonly Passenger[] | null, booking: { guests: number; today: string; travelDate: string }): boolean {
  if (!stored || stored.length !== booking.guests) return false;
  return checkPassengers(stored.map(passengerInput), booking).ok;
}
