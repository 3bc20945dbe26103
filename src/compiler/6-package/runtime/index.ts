// Everything a package or `-o` module imports: the runtime its generated code calls, the public
// API around it (./api.ts) and the string formats of its state check (./formats.ts). A bundle
// names what it uses of it, one by one, and keeps only that; with `--runtime import` a module
// imports it from the shared package instead (`portable-decision-models/runtime`, docs/packages.md).
export * from "../../../runtime/generated-api.js";
export { packageApi, InvalidStateError } from "./api.js";
export { formats } from "./formats.js";
