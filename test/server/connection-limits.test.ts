// The server's bound on connections: what is asked for, lowered to leave the process its own
// descriptors under the open-file limit, and the limit as Linux reports it.
import fc from "fast-check";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DESCRIPTORS_KEPT, openFileLimit, serverConnections } from "../../src/server/connection-limits.js";

describe("the server's bound on connections", () => {
  it("is what is asked, never past the open-file limit less what the process keeps, and at least 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), fc.option(fc.integer({ min: 0, max: 1e7 })), (wanted, limit) => {
        const bound = serverConnections(wanted, limit);
        expect(bound).toBeGreaterThanOrEqual(1);
        expect(bound).toBeLessThanOrEqual(wanted);
        if (limit === null) expect(bound).toBe(wanted);
        else if (limit - DESCRIPTORS_KEPT >= 1) expect(bound).toBe(Math.min(wanted, limit - DESCRIPTORS_KEPT));
      }),
    );
  });

  it("reads the soft open-file limit, and none where it is unlimited or unreadable", () => {
    const dir = mkdtempSync(join(tmpdir(), "limits-"));
    const file = (soft: string) => {
      const path = join(dir, `limits-${soft}`);
      writeFileSync(
        path,
        "Limit                     Soft Limit           Hard Limit           Units\n" +
          "Max processes             63448                63448                processes\n" +
          `Max open files            ${soft.padEnd(21)}1048576              files\n`,
      );
      return path;
    };
    expect(openFileLimit(file("1024"))).toBe(1024);
    expect(openFileLimit(file("unlimited"))).toBeNull();
    expect(openFileLimit(join(dir, "absent"))).toBeNull();
  });
});
