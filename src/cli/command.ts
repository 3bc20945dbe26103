// One way to declare a `pdm` command: its options, positionals, examples and exit codes as data,
// from which come both the argument parsing (Node's parseArgs) and the help text, so the two
// cannot disagree. A command's body receives parsed values; a usage mistake is a sentence and
// the usage, exit 2, never a stack trace.
import { parseArgs } from "node:util";
import { EXIT, UserError, type Io } from "./io.js";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** the value's placeholder in help, e.g. FILE */
  value?: string;
  description: string;
  default?: string;
  /** may be given several times (string options only) */
  multiple?: boolean;
  /** environment variables read besides PDM_<FLAG>, for a command that resolves settings (settings.ts) */
  env?: string[];
}

export interface PositionalSpec {
  name: string;
  description: string;
  required?: boolean;
}

export interface CommandSpec {
  name: string;
  /** one line, for `pdm --help` */
  summary: string;
  positionals?: readonly PositionalSpec[];
  /** several positionals of the last kind allowed */
  variadic?: boolean;
  options: Record<string, OptionSpec>;
  /** paragraphs after the options */
  details?: string;
  examples: readonly string[];
  exits: Record<number, string>;
  /** the environment variables the command reads */
  environment?: Record<string, string>;
  /** its options also come from PDM_<FLAG> variables and a config file (settings.ts): defaults are applied there */
  settings?: boolean;
}

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export type CommandBody = (parsed: Parsed, io: Io) => Promise<number>;

/** A usage mistake: exit 2 with the sentence, the synopsis and where to read more. */
export class UsageError extends UserError {
  constructor(spec: CommandSpec, sentence: string) {
    super(`pdm ${spec.name}: ${sentence}\n${synopsis(spec)}\nRun \`pdm help ${spec.name}\` for the options and examples.`, EXIT.unreadable);
  }
}

/** The environment variables an option of a settings command is read from (settings.ts). */
export const envNames = (name: string, o: OptionSpec): string[] => [`PDM_${name.toUpperCase().replace(/-/g, "_")}`, ...(o.env ?? [])];

const HELP: OptionSpec = { type: "boolean", short: "h", description: "show this help" };

function optionLabel(name: string, o: OptionSpec): string {
  const flag = `${o.short ? `-${o.short}, ` : "    "}--${name}`;
  return o.type === "string" ? `${flag} ${o.value ?? "VALUE"}` : flag;
}

function synopsis(spec: CommandSpec): string {
  const pos = (spec.positionals ?? []).map((p) => (p.required ? `<${p.name}>` : `[${p.name}]`));
  if (spec.variadic && pos.length > 0) pos[pos.length - 1] += "...";
  return `usage: pdm ${spec.name}${pos.length ? ` ${pos.join(" ")}` : ""}${Object.keys(spec.options).length ? " [options]" : ""}`;
}

export function helpText(spec: CommandSpec): string {
  const lines = [`pdm ${spec.name}: ${spec.summary}`, "", synopsis(spec)];
  const table = (rows: [string, string][]) => {
    const width = Math.max(...rows.map(([l]) => l.length));
    return rows.map(([l, d]) => `  ${l.padEnd(width)}  ${d}`);
  };
  if (spec.positionals?.length) lines.push("", "arguments:", ...table(spec.positionals.map((p) => [p.name, p.description])));
  const options = Object.entries({ ...spec.options, help: HELP });
  const notes = (n: string, o: OptionSpec) => {
    const parts = [
      ...(o.default !== undefined ? [`default ${o.default}`] : []),
      ...(spec.settings && n !== "help" && n !== "config" ? [`env ${envNames(n, o).join(" or ")}`] : []),
    ];
    return parts.length ? ` (${parts.join("; ")})` : "";
  };
  lines.push("", "options:", ...table(options.map(([n, o]) => [optionLabel(n, o), `${o.description}${notes(n, o)}`])));
  if (spec.settings)
    lines.push(
      "",
      "Each option is taken from the command line, else its environment variable, else the config file (--config or PDM_CONFIG: a JSON object whose keys are the flags without dashes), else its default.",
    );
  if (spec.environment) lines.push("", "environment:", ...table(Object.entries(spec.environment)));
  if (spec.details) lines.push("", spec.details.trim());
  lines.push("", "examples:", ...spec.examples.map((e) => `  ${e}`));
  lines.push("", "exit codes:", ...table(Object.entries(spec.exits).map(([c, d]) => [c, d])));
  return `${lines.join("\n")}\n`;
}

/** Parses `args` against the spec; null when `--help` was asked for. */
export function parseCommand(spec: CommandSpec, args: string[]): Parsed | null {
  const options = Object.fromEntries(
    Object.entries({ ...spec.options, help: HELP }).map(([name, o]) => [
      name,
      {
        type: o.type,
        ...(o.short ? { short: o.short } : {}),
        ...(o.default !== undefined && !spec.settings ? { default: o.default } : {}),
        ...(o.multiple ? { multiple: true } : {}),
      },
    ]),
  );
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as Parsed;
  } catch (e) {
    // parseArgs says e.g. "Unknown option '--x'. To specify a positional argument starting with a '-' ..."
    const sentence = (e as Error).message.split(". ")[0]!;
    throw new UsageError(spec, sentence.charAt(0).toLowerCase() + sentence.slice(1));
  }
  if (parsed.values.help) return null;
  const declared = spec.positionals ?? [];
  const missing = declared.find((p, i) => p.required && parsed.positionals[i] === undefined);
  if (missing) throw new UsageError(spec, `<${missing.name}> is required`);
  if (!spec.variadic && parsed.positionals.length > declared.length) {
    throw new UsageError(spec, `unexpected argument ${JSON.stringify(parsed.positionals[declared.length])}`);
  }
  return parsed;
}

/** The command as `run(args, io)`: help, parsing and usage errors handled in one place. */
export function command(spec: CommandSpec, body: CommandBody): (args: string[], io: Io) => Promise<number> {
  return async (args, io) => {
    const parsed = parseCommand(spec, args);
    if (!parsed) {
      io.stdout.write(helpText(spec));
      return EXIT.ok;
    }
    return body(parsed, io);
  };
}

/** A string option's value when the spec declares it without `multiple`. */
export const str = (parsed: Parsed, name: string): string | undefined => parsed.values[name] as string | undefined;
export const flag = (parsed: Parsed, name: string): boolean => parsed.values[name] === true;
