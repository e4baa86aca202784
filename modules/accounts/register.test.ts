import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { systemClock } from "../../lib/clock";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import * as passwords from "./passwords";
import { registerCustomer } from "./register";

vi.mock("./passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords")>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const shopper = { brand: "wowcher" as const, email: "same.time@example.com", firstName: "Sam", lastName: "Time", password: "blue kettle", linkOrigin: "https://www.wowcher.co.uk" };

it("spends the argon2 hash on a taken email too, so both answers take the same time", async () => {
  await registerCustomer(database.db, systemClock, shopper);
  vi.mocked(passwords.hashPassword).mockClear();
  await expect(registerCustomer(database.db, systemClock, { ...shopper, email: "SAME.TIME@example.com" })).rejects.toMatchObject({ code: "ALREADY_REGISTERED" });
  expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
});
