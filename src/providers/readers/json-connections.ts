// A GraphQL API pages its lists as connections: the list is `edges`, each item wrapped as an
// edge's `node` beside its `cursor`, and the connection carries `pageInfo` and `totalCount` of its
// own (`{"edges": [{"node": {…}}, …], "totalCount": 2}`), or lists the items directly under
// `nodes`. Before any key is matched a connection is read as the list of its items, so that a
// list's records (versions of a quote, the incomes of an applicant) are seen as such; an empty
// connection is left as it is (its count still says there is none). Linear in the document; a document with none is returned as it is.
import { isRecord } from "./json-walk.js";

/** Keys a connection has beside its items: its paging, its count. */
const PAGING = new Set(["pageInfo", "totalCount", "count", "__typename"]);
/** Keys an edge has beside its node. */
const EDGE_KEYS = new Set(["node", "cursor", "__typename"]);

const isEdge = (e: unknown): e is { node: unknown } =>
  isRecord(e) && Object.hasOwn(e, "node") && Object.keys(e).every((k) => EDGE_KEYS.has(k));

/** The items of a connection, if `o` is one: `edges` of nodes, or `nodes`, beside paging keys only. */
function itemsOf(o: Record<string, unknown>): unknown[] | undefined {
  const keys = Object.keys(o);
  const list = keys.find((k) => k === "edges" || k === "nodes");
  if (!list || keys.some((k) => k !== list && !PAGING.has(k))) return undefined;
  const items = o[list];
  if (!Array.isArray(items) || items.length === 0) return undefined;
  if (list === "nodes") return items;
  return items.every(isEdge) ? items.map((e) => e.node) : undefined;
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(rewrite);
  if (!isRecord(v)) return v;
  const items = itemsOf(v);
  if (items) return items.map(rewrite);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
}

/** The document with its GraphQL connections as lists of their items; a document with none as it is. */
export const withConnectionsAsLists = (root: unknown): unknown => rewrite(root);
