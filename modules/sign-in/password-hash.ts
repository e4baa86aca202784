import { type Algorithm, hash, verify } from "@node-rs/argon2";

// The package declares its Algorithm enum as an ambient const enum, which isolated modules cannot
// read at run time; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** argon2id with the parameters fixed in DESIGN.md (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The one secret hash of sign-in: passwords of every kind of user, and second-factor recovery codes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so a login for an unknown email (or one with
 * no password) cannot be told apart by how long it takes.
 */
export async function verifyDecoyPassword(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy password that never matches");
  await verifyPassword(await decoyHash, password);
  return false;
}
