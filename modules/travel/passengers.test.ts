import { describe, expect, it } from "vitest";
import { checkPassengers, dateOfBirthOf, PASSENGER_MESSAGES, passengersValid } from "./passengers";

const booking = { guests: 2, today: "2026-11-21", travelDate: "2027-03-01" };
const lead = { title: "Mr", firstNames: "Alan Mathison", lastName: "Turing", dobDay: "23", dobMonth: "6", dobYear: "1972", contactPhone: "07700 900123" };
const second = { title: "Mrs", firstNames: "Grace", lastName: "Hopper", dobDay: "9", dobMonth: "12", dobYear: "1976" };

describe("the passenger step", () => {
  it("saves every passenger with a date of birth and the lead passenger's phone", () => {
    expect(checkPassengers([lead, second], booking)).toEqual({
      ok: true,
      passengers: [
        { title: "Mr", firstNames: "Alan Mathison", lastName: "Turing", dateOfBirth: "1972-06-23", contactPhone: "07700 900123" },
        { title: "Mrs", firstNames: "Grace", lastName: "Hopper", dateOfBirth: "1976-12-09" },
      ],
    });
  });

  it("says what is wrong with each field of each passenger", () => {
    const result = checkPassengers([{ ...lead, title: "Dr", contactPhone: "" }, { firstNames: "", lastName: "Hopper3", dobDay: "31", dobMonth: "2", dobYear: "1990" }], booking);
    expect(result).toEqual({
      ok: false,
      message: PASSENGER_MESSAGES.count,
      errors: [
        { title: PASSENGER_MESSAGES.title, contactPhone: PASSENGER_MESSAGES.contactPhone },
        { title: PASSENGER_MESSAGES.title, firstNames: PASSENGER_MESSAGES.firstNames, lastName: PASSENGER_MESSAGES.nameCharacters, dateOfBirth: PASSENGER_MESSAGES.dateOfBirth },
      ],
    });
  });

  it("asks for every passenger booked, an adult lead passenger, a past birthday and a real phone number", () => {
    expect(checkPassengers([lead], booking)).toMatchObject({ ok: false, errors: [{}, { title: PASSENGER_MESSAGES.title }] });
    expect(checkPassengers([{ ...lead, dobYear: "2010" }, second], booking)).toMatchObject({ ok: false, errors: [{ dateOfBirth: PASSENGER_MESSAGES.leadAdult }, {}] });
    expect(checkPassengers([lead, { ...second, dobYear: "2027" }], booking)).toMatchObject({ ok: false, errors: [{}, { dateOfBirth: PASSENGER_MESSAGES.dateOfBirthFuture }] });
    expect(checkPassengers([{ ...lead, contactPhone: "call me" }, second], booking)).toMatchObject({ ok: false, errors: [{ contactPhone: PASSENGER_MESSAGES.contactPhoneInvalid }, {}] });
    expect(checkPassengers([{ ...lead, lastName: "x".repeat(51) }, second], booking)).toMatchObject({ ok: false, errors: [{ lastName: PASSENGER_MESSAGES.nameTooLong }, {}] });
  });

  it("reads a date of birth only when it is a real day", () => {
    expect(dateOfBirthOf({ dobDay: "29", dobMonth: "2", dobYear: "2000" })).toBe("2000-02-29");
    expect(dateOfBirthOf({ dobDay: "29", dobMonth: "2", dobYear: "2001" })).toBeNull();
    expect(dateOfBirthOf({ dobDay: "1", dobMonth: "13", dobYear: "2001" })).toBeNull();
    expect(dateOfBirthOf({ dobDay: "1", dobMonth: "1", dobYear: "1899" })).toBeNull();
  });

  it("keeps the checkout gate shut until the stored passengers still fit the booking", () => {
    const saved = checkPassengers([lead, second], booking);
    if (!saved.ok) throw new Error("expected valid passengers");
    expect(passengersValid(saved.passengers, booking)).toBe(true);
    expect(passengersValid(saved.passengers, { ...booking, guests: 4 })).toBe(false);
    expect(passengersValid(null, booking)).toBe(false);
  });
});
