// A log of changes kept beside the record it changes (`"revisions": [{"date": "2025-04-02",
// "field": "monthly_rent", "old": 1200, "new": 1275}]`): the record still holds the value the
// change replaced, and the change says the value now. Before any key is matched each change is
// applied to the place its field names (a key, or a path: `members[0].monthly_income`,
// `application.monthly_rent`, `/application/monthly_rent`), the latest change of a place last:
// latest by the ISO day each says when every change says one, else by list order. A change
// applies only where its field names exactly one place of the rest of the document; where it
// says the value it replaced and the place holds neither that value nor the new one, the two
// disagree and the place is left unread (a missing value is better than a guess). A log every
// change of which found its place is removed: its values are of another time. Linear in the
// document (a change's first key is looked up in an index of the keys, at most a few places each).
import { isRecord } from "./json-walk.js";
import { normaliseName } from "./words.js";

type Row = Record<string, unknown>;

/** Keys under which a change names the field it changes. */
const FIELD_KEY = /^(field|fld|field name|path|field path|attribute|attr|property|prop|key|column|campo|feld|champ)$/;
/** Keys of the value a change sets. */
const NEW_KEY = /^(new|new value|new val|to|after|changed to|value new|neu|nuevo|nouveau|nuovo)$/;
/** Keys of the value a change replaced. */
const OLD_KEY = /^(old|old value|old val|from|before|was|previous|prev|value old|alt|anterior|ancien|vecchio)$/;
/** Keys of the day a change was made. */
const DAY_KEY = /^(date|at|on|ts|timestamp|changed at|changed on|updated at|effective|effective date|effective from|when)$/;
/** An ISO day, with a time or not: such days compare as strings. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Places a change's first key may name before it is taken to name none in particular. */
const MAX_PLACES = 8;

const keyOf = (row: Row, test: RegExp): string | undefined => Object.keys(row).find((k) => test.test(normaliseName(k)));

interface Change {
  path: (string | number)[];
  value: unknown;
  old?: { value: unknown };
  day?: string;
  order: number;
}

/** The steps of a field's path: `members[0].monthly_income`, `/a/b`, `a.b`, a bare key. */
export function pathSteps(field: string): (string | number)[] | undefined {
  const steps: (string | number)[] = [];
  for (const part of field.trim().replace(/^\//, "").split(/[./]/)) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m || (m[1] === "" && m[2] === "")) return undefined;
    if (m[1] !== "") steps.push(/^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]!);
    for (const i of m[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(i[1]));
  }
  return steps.length > 0 && typeof steps[0] === "string" ? steps : undefined;
}

/** The changes a list records, if every item of it is one. */
function changesOf(list: readonly unknown[]): Change[] | undefined {
  if (list.length === 0 || !list.every(isRecord)) return undefined;
  const out: Change[] = [];
  for (const [order, r] of (list as Row[]).entries()) {
    const field = keyOf(r, FIELD_KEY);
    const to = keyOf(r, NEW_KEY);
    const path = field !== undefined && typeof r[field] === "string" ? pathSteps(r[field] as string) : undefined;
    if (path === undefined || to === undefined) return undefined;
    const from = keyOf(r, OLD_KEY);
    const day = keyOf(r, DAY_KEY);
    out.push({
      path,
      value: r[to],
      ...(from !== undefined ? { old: { value: r[from] } } : {}),
      ...(day !== undefined && typeof r[day] === "string" && ISO_MOMENT.test(r[day] as string) ? { day: r[day] as string } : {}),
      order,
    });
  }
  return out;
}

/** Two values the same as a record writes them: `1200`, `"1200"`, `"1,200"`. */
const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  const plain = (v: unknown) =>
    typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(/(?<=\d),(?=\d{3})/g, "") : v;
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
};

/** Keys under which a record wraps an amount with its unit. */
const WRAPPED_KEY = /^(value|amount|val|amt)$/;

/** The key of the figure a record wraps with its unit, if it is such a wrapping. */
function wrapping(v: unknown): string | undefined {
  if (!isRecord(v)) return undefined;
  const keys = Object.keys(v).filter((k) => WRAPPED_KEY.test(normaliseName(k)));
  return keys.length === 1 && (typeof v[keys[0]!] === "number" || typeof v[keys[0]!] === "string") ? keys[0] : undefined;
}

interface Place {
  holder: Row | unknown[];
  key: string | number;
}

/** Every object holding a key, by the key, outside the logs: where a change's path may start. */
function keyIndex(root: unknown, logs: Set<unknown>): Map<string, Row[]> {
  const index = new Map<string, Row[]>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (logs.has(v)) continue;
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v))
      for (const [k, x] of Object.entries(v)) {
        const held = index.get(k);
        if (held === undefined) index.set(k, [v]);
        else if (held.length <= MAX_PLACES) held.push(v);
        stack.push(x);
      }
  }
  return index;
}

/** The one place a path names, starting at any object holding its first key; undefined for none or several. */
function placeOf(path: (string | number)[], index: Map<string, Row[]>): Place | undefined {
  const starts = index.get(path[0] as string) ?? [];
  if (starts.length > MAX_PLACES) return undefined;
  let found: Place | undefined;
  for (const start of starts) {
    let holder: Row | unknown[] = start;
    let ok = true;
    for (const step of path.slice(0, -1)) {
      const next: unknown = Array.isArray(holder) ? (typeof step === "number" ? holder[step] : undefined) : holder[step];
      if (!isRecord(next) && !Array.isArray(next)) {
        ok = false;
        break;
      }
      holder = next;
    }
    const key = path[path.length - 1]!;
    if (!ok || !(Array.isArray(holder) ? typeof key === "number" && key < holder.length : Object.hasOwn(holder, key))) continue;
    if (found) return undefined;
    found = { holder, key };
  }
  return found;
}

/** The lists of a document that are logs of changes, with their changes. */
function logsIn(root: unknown): Map<unknown, Change[]> {
  const logs = new Map<unknown, Change[]>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      const changes = changesOf(v);
      if (changes) logs.set(v, changes);
      else stack.push(...v);
    } else if (isRecord(v)) stack.push(...Object.values(v));
  }
  return logs;
}

/** The document with each change of its logs applied; the document itself when it has none. */
export function withChangesApplied(state: unknown): unknown {
  if (!isRecord(state) && !Array.isArray(state)) return state;
  if (logsIn(state).size === 0) return state;
  const doc = structuredClone(state);
  const logs = logsIn(doc);
  const index = keyIndex(doc, new Set(logs.keys()));
  const applied = new Set<unknown>();
  for (const [log, changes] of logs) {
    const dated = changes.every((c) => c.day !== undefined);
    const inOrder = [...changes].sort((a, b) => (dated && a.day !== b.day ? (a.day! < b.day! ? -1 : 1) : a.order - b.order));
    const places = inOrder.map((c) => placeOf(c.path, index));
    if (places.some((p) => p === undefined)) continue;
    const [seen, broken] = [new Set<string>(), new Set<string>()];
    const last = new Map(inOrder.map((c) => [c.path.join("/"), c.value]));
    inOrder.forEach((c, i) => {
      const { holder, key } = places[i]!;
      const id = c.path.join("/");
      // a place a change disagreed with stays unread, whatever later changes say
      if (broken.has(id)) return;
      const place = holder as Record<string | number, unknown>;
      // an amount wrapped with its unit (`{"value": 2400, "unit": "seats"}`) is changed inside its wrapping
      const wrapped = wrapping(place[key]);
      const [at, inner] = wrapped ? [place[key] as Record<string, unknown>, wrapped] : [place, key];
      const now = at[inner];
      // the first change of a place says what it replaced: the record holds that, or already the latest value
      const agrees = seen.has(id) || c.old === undefined || same(c.old.value, now) || same(last.get(id), now);
      seen.add(id);
      if (agrees) {
        at[inner] = c.value;
        return;
      }
      broken.add(id);
      if (Array.isArray(holder)) holder[key as number] = null;
      else delete holder[key as string];
    });
    applied.add(log);
  }
  return applied.size === 0 ? state : withoutLogs(doc, applied);
}

/** The document without the logs applied. */
function withoutLogs(doc: unknown, applied: Set<unknown>): unknown {
  if (Array.isArray(doc)) return doc.filter((x) => !applied.has(x)).map((x) => withoutLogs(x, applied));
  if (!isRecord(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).flatMap(([k, x]) => (applied.has(x) ? [] : [[k, withoutLogs(x, applied)]])));
}
