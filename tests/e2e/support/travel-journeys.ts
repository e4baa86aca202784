import { type Locator, type Page, expect } from "@playwright/test";

export interface PassengerEntry {
  title: string;
  firstNames: string;
  lastName: string;
  born: { day: number; month: number; year: number };
  /** The lead passenger's contact phone. */
  phone?: string;
}

/** Fills the checkout's passenger groups (lead passenger first) and saves them. */
export async function enterPassengers(page: Page, passengers: PassengerEntry[]): Promise<Locator> {
  const region = page.getByRole("region", { name: "Passenger details" });
  for (const [index, person] of passengers.entries()) {
    const group = region.getByRole("group", index === 0 ? { name: "Passenger 1 (lead passenger)" } : { name: `Passenger ${index + 1}`, exact: true });
    await group.getByLabel("Title").selectOption(person.title);
    await group.getByLabel("First names").fill(person.firstNames);
    await group.getByLabel("Last name").fill(person.lastName);
    await group.getByLabel("Day").fill(String(person.born.day));
    await group.getByLabel("Month").fill(String(person.born.month));
    await group.getByLabel("Year").fill(String(person.born.year));
    if (person.phone) await group.getByLabel("Contact phone").fill(person.phone);
  }
  await region.getByRole("button", { name: "Save passenger details" }).click();
  await expect(region.getByRole("status")).toHaveText("Passenger details saved.");
  return region;
}
