// `npx tsx scripts/decimal-fuzz.ts [runs per property] [seed]`: the properties of
// test/runtime/decimal-properties.ts (the runtime's decimals against decimal.js as FEEL's
// decimal128) on many more operands than `npm test` runs — a million each by default. Prints, per
// property, the operands checked, the time taken and the first counterexample if any; then how
// often the 120-digit referee was asked and found decimal.js's own 34-digit answer off.
import fc from "fast-check";
import { PROPERTIES, refereeCount } from "../test/runtime/decimal-properties.js";

const runs = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const only = process.env.DECIMAL_FUZZ_ONLY;

console.log(`seed ${seed}, ${runs} runs per property`);
let total = 0;
let failed = 0;
for (const [name, property] of Object.entries(PROPERTIES)) {
  if (only !== undefined && !name.includes(only)) continue;
  const start = performance.now();
  const asked = refereeCount.asked;
  const result = fc.check(property, { numRuns: runs, seed, endOnFailure: true });
  const seconds = ((performance.now() - start) / 1000).toFixed(0);
  const refereed = refereeCount.asked - asked;
  total += result.numRuns;
  if (result.failed) {
    failed++;
    console.log(
      `FAILED ${name} after ${result.numRuns} runs (${seconds} s): ${fc.stringify(result.counterexample)}\n  ${String(result.errorInstance)}`,
    );
  } else console.log(`ok     ${name}: ${result.numRuns} runs (${seconds} s), the referee asked ${refereed} times`);
}
console.log(
  `${total} operand sets checked, ${failed} properties failed; referee asked ${refereeCount.asked} times, decimal.js's 34-digit answer off ${refereeCount.oracleWrong} times`,
);
for (const example of refereeCount.examples) console.log(`  ${example}`);
process.exitCode = failed > 0 ? 1 : 0;
