// Type names the parser always knows, so that type names containing keywords (`date and time`)
// are read as one name. Built-in function names come from the runtime's catalogue (names.ts).
import { FEEL_TYPE_NAMES, XSD_TYPE_ALIASES } from "../../../ir/type-expr.js";

/** Type names of FEEL (10.3.2.9), the XML Schema-style aliases older models use as typeRefs, and their `duration`. */
export const BUILTIN_TYPE_NAMES: readonly string[] = [...FEEL_TYPE_NAMES, ...XSD_TYPE_ALIASES, "duration"];
