// What is wrong with the model text, each at its place: JSON syntax, the model format's schema,
// then the compiler's own check (run here, in the page: the analyser has no Node dependencies).
import { analyseModel } from "../../src/compiler/2-analyse/index.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";
import { decodeString, locateValues, rangeAt, rangeOfAddress, type Located, type Range } from "./json-text.js";
import type { SchemaError } from "./schema-check.js";

interface Finding extends Range {
  severity: "error" | "warning" | "info";
  message: string;
  /** the model address or JSON path the finding is about */
  where: string;
  source: "json" | "schema" | "check";
  /** the model address, for the compiler's findings; a schema finding's, from its path */
  address?: string;
}

export interface ModelCheck {
  findings: Finding[];
  /** the parsed model, when the text is JSON */
  model?: Record<string, unknown>;
  /** the derived input schema, when the check got that far */
  input?: Record<string, unknown>;
  located?: Located;
}

/** Where JSON.parse stopped, from its message ("... at position 12" or "(line 2 column 5)"). */
function syntaxError(text: string, e: Error): Finding {
  const position = /position (\d+)/.exec(e.message);
  const lineColumn = /line (\d+) column (\d+)/.exec(e.message);
  let from = position ? Number(position[1]) : text.length;
  if (!position && lineColumn) {
    from = 0;
    for (let l = 1; l < Number(lineColumn[1]); l++) from = text.indexOf("\n", from) + 1;
    from += Number(lineColumn[2]) - 1;
  }
  from = Math.min(from, text.length);
  return { from, to: Math.min(from + 1, text.length), severity: "error", message: e.message, where: "JSON", source: "json" };
}

const pathText = (path: readonly (string | number)[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${/^[\w$]+$/.test(p) ? p : JSON.stringify(p)}`)).join("") ||
  "(the model)";

/** The characters of a diagnostic's span, when the span points into a string of the text at its address. */
function spanRange(text: string, at: Range, d: Diagnostic): Range {
  if (!d.span || d.source === undefined) return at;
  // the address may name the string itself, or a rule or table holding it
  for (let i = at.from; i < at.to; i++) {
    if (text[i] !== '"') continue;
    const { value, offsets } = decodeString(text, i);
    if (value === d.source || (value.length > d.source.length && value.includes(d.source))) {
      const shift = value.indexOf(d.source);
      const from = offsets[shift + d.span.start];
      const to = offsets[shift + Math.max(d.span.end, d.span.start + 1)];
      if (from !== undefined && to !== undefined) return { from, to };
    }
    i = offsets[offsets.length - 1]!;
  }
  return at;
}

/** The property a schema message is about: `must have required property 'desc'` → desc. */
const propertyOf = (message: string) =>
  /'([^']+)'|`([^`]+)`/
    .exec(message)
    ?.slice(1)
    .find((p) => p !== undefined);

/**
 * Each mistake listed once: a schema finding the compiler also reports at the same place, about the
 * same property (a missing `desc`), gives way to the compiler's, which says more.
 */
function once(findings: Finding[]): Finding[] {
  const checks = findings.filter((f) => f.source === "check");
  return findings.filter((f) => {
    if (f.source !== "schema") return true;
    const property = propertyOf(f.message);
    return !checks.some(
      (c) => c.from <= f.from && f.to <= c.to + 1 && c.severity === f.severity && (property === undefined || c.message.includes(property)),
    );
  });
}

export function checkModelText(text: string, checkSchema: ((v: unknown) => SchemaError[]) | null): ModelCheck {
  let model: unknown;
  try {
    model = JSON.parse(text);
  } catch (e) {
    return { findings: [syntaxError(text, e as Error)] };
  }
  const located = locateValues(text)!;
  const findings: Finding[] = (checkSchema?.(model) ?? []).map((e) => ({
    ...(rangeAt(text, located, e.path) ?? { from: 0, to: 1 }),
    severity: "error",
    message: e.message,
    where: pathText(e.path),
    source: "schema",
  }));
  if (model === null || typeof model !== "object" || Array.isArray(model)) return { findings, located };
  const analysis = analyseModel(model as Record<string, unknown>, { strict: true });
  for (const d of analysis.diagnostics) {
    const at = d.address ? rangeOfAddress(text, located, d.address) : { from: 0, to: 1 };
    const finding: Finding = {
      ...spanRange(text, at, d),
      severity: d.severity,
      message: d.message,
      where: d.address ?? "(the model)",
      source: "check",
    };
    if (d.address) finding.address = d.address;
    findings.push(finding);
  }
  return { findings: once(findings), model: model as Record<string, unknown>, input: analysis.input, located };
}
