// Public API of the TCK runner.
export { runTck, runTestFile, findTestFolders, type CaseResult, type Compile, type CompileOutcome, type RunnableModel, type Status } from "./runner.js";
export { toCsv, summary, totals, type Totals } from "./report.js";
export { readBaseline, raiseBaseline, type Baseline } from "./baseline.js";
export { compileLenient } from "./compile.js";
