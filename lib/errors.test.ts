import { describe, expect, it } from "vitest";
import { DomainError, errorCatalogue, errorsOf } from "./errors";

describe("errorCatalogue", () => {
  it("gives each code its group's status and its message, and errors built from it carry both", () => {
    const catalogue = errorCatalogue({ 404: { ORDER_NOT_FOUND: "We couldn't find that order." }, 409: { ALREADY_PAID: "This order is paid." } });
    expect(catalogue).toEqual({ ORDER_NOT_FOUND: { status: 404, message: "We couldn't find that order." }, ALREADY_PAID: { status: 409, message: "This order is paid." } });
    const error = errorsOf(catalogue)("ALREADY_PAID");
    expect(error).toBeInstanceOf(DomainError);
    expect([error.code, error.status, error.message]).toEqual(["ALREADY_PAID", 409, "This order is paid."]);
  });

  it("refuses a code listed under two statuses", () => {
    expect(() => errorCatalogue({ 400: { TAKEN: "Taken." }, 409: { TAKEN: "Taken." } })).toThrow("error code TAKEN is listed under two statuses");
  });
});
