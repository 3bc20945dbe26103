// Public API of the DMN importer.
export { importDmn, type ImportResult } from "./import.js";
export type { FreeName } from "./implicit-inputs.js";
