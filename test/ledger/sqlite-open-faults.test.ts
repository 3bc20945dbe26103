// A SQLite ledger that cannot be opened (its folder cannot be made, its file system is read-only)
// stops the start with an error naming the file and the setting, not SQLite's bare "unable to open
// database file" nor a stack trace.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openLedger } from "../../src/ledger/open.js";

const dir = mkdtempSync(join(tmpdir(), "pdm-open-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a SQLite ledger that does not open", () => {
  it("names the file and the setting, with or without the background checkpointer", async () => {
    // a folder that is a file: neither the folder nor the database can be made in it
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const file = join(blocker, "pdm.db");
    for (const backgroundCheckpoints of [false, true]) {
      const opening = openLedger({ dbFile: file }, { backgroundCheckpoints });
      await expect(opening).rejects.toThrow(`the SQLite ledger ${file} (--db, PDM_DB) did not open: `);
    }
  });
});
