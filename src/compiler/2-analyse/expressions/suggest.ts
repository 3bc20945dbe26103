// The suggestion helper moved to 1-parse, which reports unknown names too; kept here so the
// analyser's imports stay as they are.
export { didYouMean } from "../../1-parse/suggest.js";
