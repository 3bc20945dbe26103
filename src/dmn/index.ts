// Public API of the DMN importer.
export { importDmn, type ImportOptions, type ImportResult } from "./import.js";
