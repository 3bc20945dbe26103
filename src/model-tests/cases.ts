// A model's test cases, as people keep them beside a model: JSON files of {state, expect}, a
// folder of them, JSONL (one {state, expect} per line, or a flat row whose `expect.<decision>`
// fields are the expectations), or CSV with `expect.<decision>` columns. Expectations are partial:
// only the decisions and answers named are compared.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { parseCsv } from "../batch/csv.js";
import { csvStateReader } from "../batch/csv-state.js";
import { namedRecord } from "../runtime/json.js";
import { jsonErrorPlace } from "../runtime/json-position.js";

export interface Expectation {
  decisions?: Record<string, unknown>;
  answers?: Record<string, unknown>;
}

export interface TestCase {
  /** the file name, or the file and line / row for cases kept several to a file */
  name: string;
  state: unknown;
  expect: Expectation;
}

/** A file or folder that could not be read as cases: the sentence says which and why. */
export class CaseError extends Error {}

const EXPECT_PREFIX = "expect.";
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function expectationOf(value: unknown, where: string): Expectation {
  if (!isRecord(value) || (value.decisions === undefined && value.answers === undefined))
    throw new CaseError(`${where}: \`expect\` must be an object with \`decisions\` and/or \`answers\``);
  for (const part of ["decisions", "answers"] as const)
    if (value[part] !== undefined && !isRecord(value[part])) throw new CaseError(`${where}: \`expect.${part}\` must be an object`);
  const unknown = Object.keys(value).filter((k) => k !== "decisions" && k !== "answers");
  if (unknown.length)
    throw new CaseError(`${where}: \`expect\` has ${unknown.map((k) => `\`${k}\``).join(", ")}; it takes \`decisions\` and \`answers\``);
  return value as Expectation;
}

/** `{state, expect}`, or a flat row whose `expect.<decision>` keys are the expected decisions. */
function caseOf(value: unknown, name: string): TestCase {
  if (!isRecord(value)) throw new CaseError(`${name}: a case is a JSON object {state, expect}`);
  if ("state" in value || "expect" in value) {
    if (!("state" in value)) throw new CaseError(`${name}: the case has no \`state\``);
    return {
      name: typeof value.name === "string" ? `${name} (${value.name})` : name,
      state: value.state,
      expect: expectationOf(value.expect, name),
    };
  }
  const state = namedRecord<unknown>();
  const decisions = namedRecord<unknown>();
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith(EXPECT_PREFIX)) decisions[k.slice(EXPECT_PREFIX.length)] = v;
    else if (k !== "name" && k !== "id") state[k] = v;
  }
  if (Object.keys(decisions).length === 0)
    throw new CaseError(`${name}: the row has no \`expect.<decision>\` field and no {state, expect}`);
  const label =
    typeof value.name === "string"
      ? value.name
      : typeof value.id === "string" || typeof value.id === "number"
        ? String(value.id)
        : undefined;
  return { name: label !== undefined ? `${name} (${label})` : name, state, expect: { decisions } };
}

/** JSON text of a file (`line`: the file's line it starts on), an error naming the line and column where it is not JSON. */
function parseJson(text: string, file: string, line = 1): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CaseError(`${file}${jsonErrorPlace(text, line)}: not valid JSON (${(e as Error).message})`);
  }
}

/** A CSV cell of an expected column: JSON when it reads as JSON (numbers, booleans, null), else text. */
const expectedCell = (cell: string): unknown => {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
};

function csvCases(text: string, file: string, inputSchema: Record<string, unknown>): TestCase[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const inputs = header.map((h, i) => [h, i] as const).filter(([h]) => !h.startsWith(EXPECT_PREFIX) && h !== "name" && h !== "id");
  const expected = header.map((h, i) => [h, i] as const).filter(([h]) => h.startsWith(EXPECT_PREFIX));
  if (expected.length === 0) throw new CaseError(`${file}: no \`expect.<decision>\` column`);
  const toState = csvStateReader(
    inputs.map(([h]) => h),
    inputSchema,
  );
  const nameColumn = header.indexOf("name") >= 0 ? header.indexOf("name") : header.indexOf("id");
  return rows.map((cells, r) => {
    const decisions = namedRecord<unknown>();
    for (const [h, i] of expected) if ((cells[i] ?? "") !== "") decisions[h.slice(EXPECT_PREFIX.length)] = expectedCell(cells[i]!);
    const label = nameColumn >= 0 && cells[nameColumn] ? ` (${cells[nameColumn]})` : "";
    return { name: `${basename(file)} row ${r + 1}${label}`, state: toState(inputs.map(([, i]) => cells[i] ?? "")), expect: { decisions } };
  });
}

const READERS: Record<string, (text: string, file: string, schema: Record<string, unknown>) => TestCase[]> = {
  ".json": (text, file) => {
    const value = parseJson(text, file);
    return Array.isArray(value) ? value.map((v, i) => caseOf(v, `${basename(file)}[${i}]`)) : [caseOf(value, basename(file))];
  },
  ".jsonl": (text, file) =>
    text.split("\n").flatMap((line, i) => (line.trim() === "" ? [] : [caseOf(parseJson(line, file, i + 1), `${basename(file)}:${i + 1}`)])),
  ".csv": csvCases,
};

const CASE_EXTENSIONS = Object.keys(READERS);

/** Every case in the files and folders named (a folder: its case files, in name order). */
export function loadCases(paths: readonly string[], inputSchema: Record<string, unknown>): TestCase[] {
  return paths.flatMap((path) => {
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      throw new CaseError(`${path}: no such file or folder`);
    }
    const files = isFolder
      ? readdirSync(path)
          .filter((f) => CASE_EXTENSIONS.includes(extname(f)))
          .sort()
          .map((f) => join(path, f))
      : [path];
    return files.flatMap((file) => {
      const read = READERS[extname(file).toLowerCase()];
      if (!read) throw new CaseError(`${file}: a case file is .json, .jsonl or .csv`);
      return read(readFileSync(file, "utf8"), file, inputSchema);
    });
  });
}
