import { ensureMigratedTemplate } from "./migrated-template";

/** Vitest's global setup: one migrated database copy for every test file to start from. */
export default async function setup(): Promise<void> {
  await ensureMigratedTemplate(process.env.DATABASE_URL);
}
