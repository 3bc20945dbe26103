// The PostgreSQL ledger's URL (DATABASE_URL): a scheme or sslmode the driver would read otherwise
// (mysql:// taken for PostgreSQL, sslmode=bogus taken as verify-full) is refused before any
// connection, and a failure to open the ledger says which server it was (the password hidden), what
// went wrong and, where the URL asked for TLS a server does not offer, what to change.

const SCHEMES = new Set(["postgres:", "postgresql:"]);
/** libpq's modes and the driver's own `no-verify` */
const SSL_MODES = new Set(["disable", "allow", "prefer", "require", "verify-ca", "verify-full", "no-verify"]);

/** `url` with its password replaced, as a message may show it. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(a DATABASE_URL that is not a URL)";
  }
}

/** Throws, naming DATABASE_URL, when the URL is not one the ledger can connect with. */
export function checkPostgresUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error("DATABASE_URL is not a URL: give postgres://user:password@host:port/database");
  }
  if (!SCHEMES.has(u.protocol))
    throw new Error(`DATABASE_URL must start postgres:// or postgresql://, not ${u.protocol}// (${shownUrl(url)})`);
  const mode = u.searchParams.get("sslmode");
  if (mode !== null && !SSL_MODES.has(mode))
    throw new Error(`DATABASE_URL's sslmode must be one of ${[...SSL_MODES].join(", ")}, not ${JSON.stringify(mode)}`);
}

/** Why the ledger at `url` did not open, as one line for the operator. */
export function openFailure(url: string, error: unknown): Error {
  const cause = error instanceof Error ? error.message : String(error);
  const tls = /does not support SSL/i.test(cause)
    ? ": the URL asks for TLS (sslmode) and the server does not offer it; use sslmode=disable, or turn on TLS at the server"
    : "";
  return new Error(`the PostgreSQL ledger at ${shownUrl(url)} (DATABASE_URL) did not open: ${cause}${tls}`, { cause: error });
}
