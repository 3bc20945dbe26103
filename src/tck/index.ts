// Public API of the TCK runner.
export { runTck, runTestFile, type CaseResult, type Compile } from "./runner.js";
export { toCsv, summary, totals } from "./report.js";
export { readBaseline, raiseBaseline } from "./baseline.js";
export { compileLenient } from "./compile.js";
