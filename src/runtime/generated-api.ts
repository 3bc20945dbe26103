// Everything generated code may reach through `rt`: the FEEL runtime plus table support.
export * from "./index.js";
export { anyTrue, branch, entryOr, hit, rankCompare, rankInRange } from "./tables.js";
export { entryPoints } from "./entry.js";
export { tableIndex } from "./table-index.js";
export { answersFor } from "../answers.js";
export { constNum } from "./constants.js";
