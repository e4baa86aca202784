import type { Db } from "./client";

/**
 * A named prepared statement, prepared once per database handle. PostgreSQL then keeps the plan
 * for the connection (a generic plan after a few runs) instead of planning the query on every
 * request; for the deal page's one big query, planning took 2 ms and running it 0.4 ms.
 */
export function preparedStatement<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) byDatabase.set(db, (statement = prepare(db)));
    return statement;
  };
}
