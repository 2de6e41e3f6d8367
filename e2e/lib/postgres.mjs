// A fresh PostgreSQL database per test, on the throwaway server `make test-e2e` starts
// (scripts/with-postgres.sh sets PORTFOLIO_TEST_DATABASE_URL).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";

/** The test server's URL, or undefined when the suite runs without one. */
export const testDatabaseURL = process.env.PORTFOLIO_TEST_DATABASE_URL;

/** A fresh database on the server of `url`, dropped by the returned drop(). */
export async function createDatabase(url, prefix = "e2e") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const psql = (sql) => promisify(execFile)("psql", [url, "-v", "ON_ERROR_STOP=1", "-qc", sql]);
  await psql(`CREATE DATABASE ${name}`);
  const dbURL = new URL(url);
  dbURL.pathname = `/${name}`;
  return { url: dbURL.href, drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
