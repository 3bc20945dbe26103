// What every CLI command receives and the helpers they share for reading files.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { visibleText } from "../ir/visible-text.js";
import { jsonErrorPlace } from "../runtime/json-position.js";
import { jsonFault } from "../service/json-limits.js";

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream;
}

/** What a command that only writes text needs (tests pass plain objects with `write`). */
export interface Output {
  write(text: string): unknown;
}
export interface TextIo {
  stdout: Output;
  stderr: Output;
}

/** Exit codes shared by the commands. */
export const EXIT = { ok: 0, invalid: 1, unreadable: 2 } as const;

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.unreadable,
  ) {
    super(message);
  }
}

export async function readStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a file (or stdin for "-") and parses JSON, with errors that name the file and position. */
export async function readJson(path: string, io?: Io, root?: string): Promise<unknown> {
  return (await readJsonText(path, io, root)).value;
}

/** Parsed JSON refused as the service refuses it (too deep, lone surrogates), naming the file and the path under `root`. */
export function checkedJson(value: unknown, path: string, root = "$"): unknown {
  const fault = jsonFault(value, root);
  if (fault) throw new UserError(`${path}: ${fault.message}`);
  return value;
}

/** The parsed JSON and the text it was parsed from. */
export async function readJsonText(path: string, io?: Io, root?: string): Promise<{ value: unknown; text: string }> {
  let text: string;
  try {
    text = path === "-" ? await readStdin(io?.stdin) : readFileSync(path, "utf8");
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return { value: checkedJson(JSON.parse(text), path, root), text };
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${path}${jsonErrorPlace(text)}: not valid JSON (${(e as Error).message})`);
  }
}

/** The repository (package) root: the nearest folder above this file holding package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("package root not found");
    dir = up;
  }
  return dir;
}

/** pdm's version, from its package.json. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;

/**
 * Writes a report, message or JSON answer as one or more lines. Model text in it may hold
 * characters a terminal obeys or hides (ESC, OSC 8 links, CR, bidi overrides): each is written as
 * `\uXXXX`, to a terminal or not, which inside a JSON string is the same value (visibleText).
 */
export const print = (stream: Output, text: string) => stream.write(visibleText(text.endsWith("\n") ? text : `${text}\n`));
