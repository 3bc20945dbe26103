// Slovak and Czech motor quotes. A scale letter after a figure ("30 k", "2 m") is one only where no
// letter follows it, of any script: "9 000 míľ" (Slovak miles) and "7 500 mílí" (Czech) are
// distances, never 9,000 million. "Za posledné 3 roky … žiadne škody" is no claims in three years,
// never three claims.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile } from "./helpers.js";

const motor = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/motor-quote.json", import.meta.url), "utf8")) as Record<string, unknown>,
).ir.inputs;

/** A figure grouped in thousands by a blank, as Slovak and Czech write it ("11 500"). */
const grouped = (n: number): string => `${Math.floor(n / 1000)} ${String(n % 1000).padStart(3, "0")}`;

describe("a scale letter before another letter", () => {
  it("is no scale: a Slavic word of miles after a figure gives the figure", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }).map((n) => n * 500),
        fc.constantFrom(
          (n: string) => `Hlavný vodič: 45 r. Nájazd: ${n} míľ ročne.`,
          (n: string) => `Mám 45 rokov, som hlavný vodič. Ročne najazdím ${n} míľ.`,
          (n: string) => `Řidič: 40 let. Ročně ujedu ${n} mílí.`,
        ),
        (n, write) => {
          const text = write(grouped(n));
          const read = readText(motor, text);
          expect(read["annual mileage"]?.value, text).toBe(n);
          for (const v of Object.values(read)) if (typeof v.value === "number") expect(v.value, text).toBeLessThan(1e6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a span of years counted back before a denial is no count of claims", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.constantFrom("žiadne škody", "žiadnu škodu", "žiadne poistné udalosti"),
        fc.constantFrom("nemal som", "som nemal", "nemali sme"),
        (years, none, had) => {
          const text = `Hlavný vodič: 41 r. Za posledné ${years} ${years < 5 ? "roky" : "rokov"} ${had} ${none}.`;
          const read = readText(motor, text)["prior claims"];
          expect(read?.value, text).toBe(0);
          expect(read!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });
});
