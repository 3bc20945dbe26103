// Public API of the DMN importer.
export { importDmn, type ImportResult } from "./import.js";
