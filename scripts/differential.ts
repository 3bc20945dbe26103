// `npm run differential -- --cases N --seed S [--only expressions|tables]`: the differential
// properties of test/differential on many more cases than `npm test` runs (a million by default).
// Runs in chunks; prints the cases per kind and, for each chunk that found a disagreement, the
// smallest reproduction fast-check shrank it to, then goes on with the next chunk.
import fc from "fast-check";
import { casesByKind, expressionProperty } from "../test/differential/expression-property.js";
import { tableProperty, tableCases } from "../test/differential/table-property.js";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const cases = arg("cases", 1_000_000);
const seed = arg("seed", Date.now() % 2 ** 31);
const CHUNK = 20;

const SUITES = {
  expressions: {
    // 60 expressions a model on 4 states: fewer compilations per case than npm test's batches
    property: expressionProperty(60, 4),
    count: () => [...casesByKind.values()].reduce((a, b) => a + b, 0),
  },
  tables: { property: tableProperty, count: () => tableCases.count },
};

console.log(`seed ${seed}, about ${cases} cases per suite`);
let failures = 0;
let lastReport = performance.now();
// stopped early (a time limit, ^C): say how far it got
const summary = () => {
  console.log("expressions by kind:", Object.fromEntries(casesByKind));
  console.log("tables by hit policy:", Object.fromEntries(tableCases.byHit));
  console.log(failures === 0 ? "all agree" : `${failures} chunks found disagreements`);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (summary(), process.exit(failures === 0 ? 130 : 1)));
for (const [name, suite] of Object.entries(SUITES)) {
  if (only !== undefined && only !== name) continue;
  const start = performance.now();
  for (let chunk = 0; suite.count() < cases; chunk++) {
    const result = fc.check(suite.property as fc.IProperty<unknown>, { numRuns: CHUNK, seed: seed + chunk, endOnFailure: false });
    if (result.failed) {
      failures++;
      console.log(`DISAGREEMENT in ${name} (seed ${seed + chunk}):\n${String(result.errorInstance)}\n`);
    }
    await new Promise(setImmediate); // let a signal in
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(`${name}: ${suite.count()} cases, ${((performance.now() - start) / 1000).toFixed(0)} s`);
    }
  }
  console.log(`${name}: ${suite.count()} cases in ${((performance.now() - start) / 1000).toFixed(0)} s`);
}
summary();
process.exitCode = failures === 0 ? 0 : 1;
