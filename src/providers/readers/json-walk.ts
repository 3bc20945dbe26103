// A JSON state as a list of addressed nodes: every value with its JSON Pointer and the keys that
// lead to it. Arrays of name/value records ([{"field": "income", "value": 52000}]) are read as the
// objects they stand for (a name set again replacing its earlier values), and of a list of versions the one in force is read as the record it
// stands for, the others as of another time (json-versions.ts).
import { versionInForce } from "./json-versions.js";
import { latestReading } from "./json-readings.js";
import { latestRevision } from "./json-revisions.js";
import { partsOfOne } from "./json-pages.js";

export interface JsonNode {
  /** JSON Pointer, e.g. "/applicant/income" */
  pointer: string;
  /**
   * the last two object keys on the way from the root to this node (array indices left out;
   * fewer near the root): the last one names it, its parent's qualifies it ("loan" › "amount")
   */
  keys: string[];
  value: unknown;
  /** the object key before `keys`, when the path is deeper (`income` of `income` › `gross` › `monthly`) */
  above?: string;
  /** under a branch of another time (`previous`, `history`): set by `walkJson`'s `marksPast` on an ancestor's key */
  past?: boolean;
  /** under a branch of another party (`coApplicant`, `additionalDrivers`): set by `walkJson`'s `marksOther` on an ancestor's key */
  other?: boolean;
  /** an item of an array (its pointer ends with an index) */
  item?: boolean;
  /** inside one of several records of a list (`/members/1/income`): one record's field, not the list's */
  listed?: boolean;
}

const NAME_KEYS = ["name", "key", "field", "label", "attribute", "question", "fact", "k"];
const VALUE_KEYS = ["value", "answer", "val", "amount", "v"];

const escape = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** A JSON object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `[{"name": "income", "value": 1}]` → the name key and value key it uses, when every item has them. */
function nameValueKeys(list: unknown[]): { name: string; value: string } | undefined {
  if (list.length === 0 || !list.every(isRecord)) return undefined;
  const first = list[0] as Record<string, unknown>;
  const name = NAME_KEYS.find((k) => typeof first[k] === "string");
  const value = VALUE_KEYS.find((k) => Object.hasOwn(first, k));
  if (!name || !value) return undefined;
  return list.every((item) => typeof (item as Record<string, unknown>)[name] === "string" && Object.hasOwn(item as object, value))
    ? { name, value }
    : undefined;
}

/** Keys of the moment a name/value record was written (`at`, `ts`, `updated_at`). */
const MOMENT_KEYS = ["at", "ts", "time", "timestamp", "date", "updated_at", "updatedAt", "changed_at", "changedAt", "recorded_at", "when"];
/** An ISO day, with a time or not: such moments compare as strings. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Of a name/value list that sets one name more than once (a change log:
 * `[{"field": "loss_date", "value": "2026-05-19"}, …, {"field": "loss_date", "value": "2026-05-18",
 * "note": "corrected"}]`), the items a later one of the same name replaces: later by the moment
 * each says it was written when every item says one as an ISO day, else by their order. Linear in
 * the list.
 */
function replacedItems(list: unknown[], name: string): Set<number> {
  const records = list as Record<string, unknown>[];
  const moment = MOMENT_KEYS.find((k) => records.every((r) => typeof r[k] === "string" && ISO_MOMENT.test(r[k] as string)));
  const latest = new Map<string, number>();
  records.forEach((r, i) => {
    const key = String(r[name]);
    const held = latest.get(key);
    if (held === undefined || moment === undefined || (records[held]![moment] as string) <= (r[moment] as string)) latest.set(key, i);
  });
  const out = new Set<number>();
  records.forEach((r, i) => {
    if (latest.get(String(r[name])) !== i) out.add(i);
  });
  return out;
}

/**
 * Every node, parents before children in document order. Iterative and copying no more than two
 * keys per node, so that deep nesting costs neither the stack nor time quadratic in the depth.
 */
export function walkJson(
  root: unknown,
  marksPast: (key: string) => boolean = () => false,
  marksOther: (key: string) => boolean = () => false,
): JsonNode[] {
  const out: JsonNode[] = [];
  const stack: JsonNode[] = [{ pointer: "", keys: [], value: root }];
  const under = (keys: string[], key: string): string[] => (keys.length === 0 ? [key] : [keys[keys.length - 1]!, key]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    const { value, pointer, keys } = node;
    const children: JsonNode[] = [];
    // the node's own key marks what lies under it (its key is the last of `keys`, unless it is an item)
    const ownKey = node.item ? undefined : keys[keys.length - 1];
    const past = node.past === true || (ownKey !== undefined && pointer !== "" && marksPast(ownKey));
    const other = node.other === true || (ownKey !== undefined && pointer !== "" && marksOther(ownKey));
    const listed = node.listed === true;
    const mark = (n: JsonNode): JsonNode =>
      past || other || listed ? { ...n, ...(past ? { past } : {}), ...(other ? { other } : {}), ...(listed ? { listed } : {}) } : n;
    if (Array.isArray(value)) {
      const nv = nameValueKeys(value);
      const replaced = nv ? replacedItems(value, nv.name) : undefined;
      const inForce = nv || !value.every(isRecord) ? undefined : (versionInForce(value) ?? latestReading(value) ?? latestRevision(value));
      // the pages of one document are parts of one record, not several records (json-pages.ts)
      const ofItsKind = partsOfOne(value) ? () => false : kindsOf(value);
      value.forEach((item, i) => {
        if (nv) {
          const rec = item as Record<string, unknown>;
          children.push(
            mark({
              pointer: `${pointer}/${i}/${escape(nv.value)}`,
              keys: under(keys, String(rec[nv.name])),
              value: rec[nv.value],
              ...(replaced!.has(i) ? { past: true } : {}),
            }),
          );
        } else
          children.push(
            mark({
              pointer: `${pointer}/${i}`,
              keys,
              value: item,
              item: true,
              ...(node.above ? { above: node.above } : {}),
              ...(value.length > 1 && isRecord(item) && inForce === undefined && ofItsKind(item) ? { listed: true } : {}),
              ...(inForce !== undefined && i !== inForce ? { past: true } : {}),
            }),
          );
      });
    } else if (isRecord(value)) {
      // the key that drops out of the last two is kept as the one above them
      const above = keys.length === 2 ? keys[0] : undefined;
      for (const [k, v] of Object.entries(value))
        children.push(mark({ pointer: `${pointer}/${escape(k)}`, keys: under(keys, k), value: v, ...(above ? { above } : {}) }));
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/**
 * Whether a record of a list is one of several of its kind: it shares with the others more than
 * the one key that may say what each record is (`type`). A record of its own kind among others (a
 * tenancy exported beside a household's people) is no item of a list but a record of its own.
 * Counted once per list, in its keys.
 */
function kindsOf(list: unknown[]): (item: Record<string, unknown>) => boolean {
  const count = new Map<string, number>();
  for (const item of list) if (isRecord(item)) for (const k of Object.keys(item)) count.set(k, (count.get(k) ?? 0) + 1);
  return (item) => {
    const keys = Object.keys(item);
    return keys.length < 3 || keys.filter((k) => count.get(k)! > 1).length > 1;
  };
}

/** Resolves a `from` hint: a JSON Pointer (`/a/b`) or a dotted path (`a.b`, `a.items[0].b`), keys compared exactly, then ignoring case and separators. */
export function resolveHint(
  root: unknown,
  hint: string,
  normalise: (k: string) => string,
): { pointer: string; value: unknown } | undefined {
  const segments = hint.startsWith("/")
    ? hint
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    : hint
        .replace(/\[(\d+)\]/g, ".$1")
        .split(".")
        .filter((s) => s !== "");
  if (segments.length === 0) return undefined;
  let node: unknown = root;
  let pointer = "";
  for (const seg of segments) {
    if (Array.isArray(node) && /^\d+$/.test(seg) && Number(seg) < node.length) {
      node = node[Number(seg)];
      pointer += `/${seg}`;
    } else if (isRecord(node)) {
      const key = Object.hasOwn(node, seg) ? seg : Object.keys(node).find((k) => normalise(k) === normalise(seg));
      if (key === undefined) return undefined;
      node = node[key];
      pointer += `/${escape(key)}`;
    } else return undefined;
  }
  return { pointer, value: node };
}
