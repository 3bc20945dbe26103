// `npm run fuzz:models -- --models N --seed S`: the check-valid model fuzz of
// test/differential/check-valid-models.test.ts on many more models (a million by default). Prints
// the models generated, checked valid and runs made, and the smallest failing model if any.
import fc from "fast-check";
import { modelCounts, modelProperty } from "../test/differential/model-property.js";

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const models = arg("models", 1_000_000);
const seed = arg("seed", Date.now() % 2 ** 31);
const CHUNK = 100;

console.log(`seed ${seed}, ${models} models`);
const start = performance.now();
let failures = 0;
let lastReport = performance.now();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.log(
      `stopped: ${JSON.stringify(modelCounts)} in ${((performance.now() - start) / 1000).toFixed(0)} s; ${failures} failing chunks`,
    );
    process.exit(failures === 0 ? 130 : 1);
  });
}
for (let chunk = 0; modelCounts.generated < models; chunk++) {
  const result = fc.check(modelProperty, { numRuns: CHUNK, seed: seed + chunk });
  await new Promise(setImmediate); // let a signal in
  if (result.failed) {
    failures++;
    console.log(`FAILED (seed ${seed + chunk}): ${fc.stringify(result.counterexample)}\n  ${String(result.errorInstance)}\n`);
  }
  if (performance.now() - lastReport > 30_000) {
    lastReport = performance.now();
    console.log(`${JSON.stringify(modelCounts)}, ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
}
console.log(`${JSON.stringify(modelCounts)} in ${((performance.now() - start) / 1000).toFixed(0)} s; ${failures} failing chunks`);
process.exitCode = failures === 0 ? 0 : 1;
