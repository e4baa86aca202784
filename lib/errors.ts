/**
 * The one domain error base. Each module declares its codes once, `{ CODE: { status, message } }`
 * (the message is the spec's shopper-facing text where it has one), and throws or returns
 * `DomainError`s built from that catalogue; the API and page actions map them the same way
 * (HTTP status, `{"error": {"code", "message"}}`), so one error has one status everywhere.
 */
export interface ErrorDefinition {
  status: number;
  message: string;
}

export type ErrorCatalog = Readonly<Record<string, ErrorDefinition>>;

/** A catalogue written grouped by HTTP status: `{ 404: { CODE: "message" } }`. */
type ErrorsByStatus = Readonly<Record<number, Readonly<Record<string, string>>>>;

type CodesOf<G extends ErrorsByStatus> = { [S in keyof G]: keyof G[S] & string }[keyof G];

/**
 * Builds a module's catalogue from its codes grouped by status, so each status is written once:
 * `errorCatalogue({ 404: { ORDER_NOT_FOUND: "We couldn't find that order." } })`. A code given
 * under two statuses is a mistake, refused when the module loads.
 */
export function errorCatalogue<const G extends ErrorsByStatus>(groups: G): Readonly<Record<CodesOf<G>, ErrorDefinition>> {
  const catalogue: Record<string, ErrorDefinition> = {};
  for (const [status, codes] of Object.entries(groups)) {
    for (const [code, message] of Object.entries(codes)) {
      if (code in catalogue) throw new Error(`error code ${code} is listed under two statuses`);
      catalogue[code] = { status: Number(status), message };
    }
  }
  return catalogue as Record<CodesOf<G>, ErrorDefinition>;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /** Extra facts a caller may show (e.g. the most a shopper can buy); never secrets. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Builds errors from a module's catalogue: `const orderError = errorsOf(ORDER_ERRORS); throw orderError("PRICE_CHANGED")`. */
export function errorsOf<C extends ErrorCatalog>(catalog: C) {
  return (code: keyof C & string, details?: Readonly<Record<string, unknown>>, message?: string): DomainError =>
    new DomainError(code, catalog[code].status, message ?? catalog[code].message, details);
}

/**
 * A module's error class from its catalogue, for modules whose callers tell their errors apart with
 * `instanceof`: `export class AccountError extends errorClassOf(ACCOUNT_ERRORS) {}`. The message
 * can be replaced (a rule's own reason); the status always comes from the catalogue.
 */
export function errorClassOf<C extends ErrorCatalog>(catalog: C) {
  return class extends DomainError {
    declare readonly code: keyof C & string;

    constructor(code: keyof C & string, message?: string) {
      super(code, catalog[code].status, message ?? catalog[code].message);
    }
  };
}
