// The peer engines by bench case.
import { feelinLending, feelinTable200 } from "./feelin.js";
import { jsonRulesLending, jsonRulesTable200 } from "./json-rules-engine.js";
import type { Peer } from "./types.js";
import { zenLending, zenTable200 } from "./zen.js";

/** A factory returns null when its engine is not installed (see zen.ts). */
export const PEERS: Record<string, (() => Peer | null)[]> = {
  lending: [zenLending, feelinLending, jsonRulesLending],
  table200: [zenTable200, feelinTable200, jsonRulesTable200],
};
