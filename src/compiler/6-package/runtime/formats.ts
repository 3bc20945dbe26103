// Runs inside generated packages: the string formats the bundled state check calls by name.
export { FEEL_FORMATS as formats } from "../../5-load/formats.js";
