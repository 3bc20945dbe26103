// A command's settings from four places, in this order of precedence: the command line, the
// environment (`PDM_<FLAG>` for every flag, e.g. PDM_RATE_LIMIT, plus any names the option lists,
// e.g. PORT), a JSON config file with the same keys as the flags (`--config FILE` or PDM_CONFIG),
// and the option's default. Each value says where it came from, so mistakes name their source.
import { readFileSync } from "node:fs";
import { envNames, type CommandSpec, type Parsed } from "./command.js";
import { EXIT, UserError } from "./io.js";

type Source = "flag" | "environment" | "config file" | "default";

export interface Setting {
  value: string | boolean | undefined;
  source: Source;
  /** the flag, variable or key it came from, for messages */
  from: string;
}

function readConfig(file: string, spec: CommandSpec): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new UserError(
      `pdm ${spec.name}: cannot read the config file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      EXIT.unreadable,
    );
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new UserError(`pdm ${spec.name}: the config file ${file} must hold a JSON object of option names to values`, EXIT.unreadable);
  const known = Object.keys(spec.options).filter((k) => k !== "config");
  const unknown = Object.keys(data).filter((k) => !known.includes(k));
  if (unknown.length > 0)
    throw new UserError(
      `pdm ${spec.name}: the config file ${file} has ${unknown.map((k) => `"${k}"`).join(", ")}, which ${unknown.length > 1 ? "are not options" : "is not an option"}; its keys are the flags without dashes: ${known.join(", ")}`,
      EXIT.unreadable,
    );
  return data as Record<string, unknown>;
}

const BOOLEAN_TEXT: Record<string, boolean> = { "1": true, true: true, yes: true, "0": false, false: false, no: false };

/** Every option's setting, flag first, then environment, then config file, then default. */
export function resolveSettings(spec: CommandSpec, parsed: Parsed, env: NodeJS.ProcessEnv = process.env): Record<string, Setting> {
  const configFile = (parsed.values.config as string | undefined) ?? (env.PDM_CONFIG || undefined);
  const file = configFile ? readConfig(configFile, spec) : {};
  const out: Record<string, Setting> = {};
  for (const [name, o] of Object.entries(spec.options)) {
    if (name === "config") continue;
    const flag = parsed.values[name];
    if (flag !== undefined) {
      out[name] = { value: flag as string | boolean, source: "flag", from: `--${name}` };
      continue;
    }
    const variable = envNames(name, o).find((v) => env[v] !== undefined && env[v] !== "");
    if (variable) {
      const text = env[variable]!;
      if (o.type === "boolean" && !Object.hasOwn(BOOLEAN_TEXT, text.toLowerCase()))
        throw new UserError(
          `pdm ${spec.name}: ${variable} must be true or false (or 1 or 0), got ${JSON.stringify(text)}`,
          EXIT.unreadable,
        );
      out[name] = { value: o.type === "boolean" ? BOOLEAN_TEXT[text.toLowerCase()]! : text, source: "environment", from: variable };
      continue;
    }
    if (Object.hasOwn(file, name)) {
      const v = file[name];
      const fits = o.type === "boolean" ? typeof v === "boolean" : typeof v === "string" || typeof v === "number";
      if (!fits)
        throw new UserError(
          `pdm ${spec.name}: "${name}" in ${configFile} must be ${o.type === "boolean" ? "true or false" : "a string or a number"}, got ${JSON.stringify(v)}`,
          EXIT.unreadable,
        );
      out[name] = { value: o.type === "boolean" ? (v as boolean) : String(v), source: "config file", from: `"${name}" in ${configFile}` };
      continue;
    }
    out[name] = { value: o.default, source: "default", from: `the default of --${name}` };
  }
  return out;
}
