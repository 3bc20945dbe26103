// The PostgreSQL ledger's settings from the environment: PDM_PG_SYNCHRONOUS_COMMIT is on or off and
// PDM_PG_GROUPS_IN_FLIGHT a whole number from 1 to 16; any other value is refused when the ledger
// opens, before any connection, with the variable named, rather than guessed.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ledgerLocation, openLedger } from "../../src/ledger/open.js";
import { PG_URL } from "./backends.js";

/** a URL nothing listens on: a refusal must come before any attempt to connect */
const NOWHERE = "postgres://nobody@127.0.0.1:1/none";

describe("PostgreSQL ledger settings", () => {
  it("refuses a synchronous_commit other than on or off", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).filter((s) => s !== "on" && s !== "off"),
        async (value) => {
          const at = ledgerLocation(undefined, { DATABASE_URL: NOWHERE, PDM_PG_SYNCHRONOUS_COMMIT: value });
          await expect(openLedger(at)).rejects.toThrow(/^PDM_PG_SYNCHRONOUS_COMMIT must be on or off/);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("refuses groups in flight that are not a whole number from 1 to 16", async () => {
    const wrong = fc.oneof(
      fc
        .integer()
        .filter((n) => n < 1 || n > 16)
        .map(String),
      fc.double({ noInteger: true }).map(String),
      fc.string({ minLength: 1 }).filter((s) => !/^\d+$/.test(s)),
      fc.constantFrom(" 2", "2 ", "0x2", "1e1", "+3", "02.0"),
    );
    await fc.assert(
      fc.asyncProperty(wrong, async (value) => {
        const at = ledgerLocation(undefined, { DATABASE_URL: NOWHERE, PDM_PG_GROUPS_IN_FLIGHT: value });
        await expect(openLedger(at)).rejects.toThrow(/^PDM_PG_GROUPS_IN_FLIGHT must be a whole number from 1 to 16/);
      }),
      { numRuns: 50 },
    );
  });

  it("takes on, off and 1 to 16, and goes on to connect", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("on", "off"), fc.integer({ min: 1, max: 16 }), async (commit, groups) => {
        const at = ledgerLocation(undefined, {
          DATABASE_URL: NOWHERE,
          PDM_PG_SYNCHRONOUS_COMMIT: commit,
          PDM_PG_GROUPS_IN_FLIGHT: String(groups),
        });
        // past the settings, the failure is the connection's
        await expect(openLedger(at)).rejects.toThrow(/ECONNREFUSED|connect/);
      }),
      { numRuns: 6 },
    );
  });

  it("refuses a URL of another scheme or an sslmode the driver would read as another, before connecting", async () => {
    const wrong = [
      ["mysql://nobody@127.0.0.1:1/none", /^DATABASE_URL must start postgres:\/\/ or postgresql:\/\/, not mysql:/],
      ["not a url", /^DATABASE_URL is not a URL/],
      ["postgres://nobody@127.0.0.1:1/none?sslmode=bogus", /^DATABASE_URL's sslmode must be one of .*, not "bogus"/],
    ] as const;
    for (const [url, message] of wrong) await expect(openLedger(ledgerLocation(undefined, { DATABASE_URL: url }))).rejects.toThrow(message);
  });

  it("names the server, the password hidden, when it cannot be reached", async () => {
    const at = ledgerLocation(undefined, { DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    const failure = openLedger(at);
    await expect(failure).rejects.toThrow(
      /^the PostgreSQL ledger at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none \(DATABASE_URL\) did not open: .*ECONNREFUSED/,
    );
    await expect(failure).rejects.not.toThrow(/secret/);
  });

  describe.runIf(PG_URL)("against a server without TLS", () => {
    it("a URL asking for TLS (sslmode=require) is a clear start-up error saying what to change", async () => {
      for (const mode of ["require", "verify-full"]) {
        const url = new URL(PG_URL!);
        url.searchParams.set("sslmode", mode);
        const at = ledgerLocation(undefined, { DATABASE_URL: url.toString(), PDM_PG_SCHEMA: "pg_settings_tls" });
        await expect(openLedger(at)).rejects.toThrow(
          /did not open: .*does not support SSL.*use sslmode=disable, or turn on TLS at the server$/,
        );
      }
    });
  });
});
