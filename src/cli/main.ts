// The `pdm` command line: one module per command, loaded on demand; `pdm help <command>` and
// `<command> --help` print the help the command declares (command.ts); an error is a sentence,
// never a stack trace (PDM_DEBUG=1 shows the stack of an unexpected one).
import { helpText, type CommandSpec } from "./command.js";
import { EXIT, packageVersion, print, UserError, type Io } from "./io.js";
import { DeclaredResultError } from "../runtime/declared.js";

interface CommandModule {
  spec: CommandSpec;
  run(args: string[], io: Io): Promise<number>;
}

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  check: () => import("./commands/check.js"),
  run: () => import("./commands/run.js"),
  test: () => import("./commands/test.js"),
  compile: () => import("./commands/compile.js"),
  score: () => import("./commands/score.js"),
  worker: () => import("./commands/worker.js"),
  demo: () => import("./commands/demo.js"),
  "import-dmn": () => import("./commands/import-dmn.js"),
  tck: () => import("./commands/tck.js"),
  serve: () => import("./commands/serve.js"),
  playground: () => import("./commands/playground.js"),
  accounts: () => import("./commands/accounts.js"),
  keys: () => import("./commands/keys.js"),
  balance: () => import("./commands/balance.js"),
  topup: () => import("./commands/topup.js"),
};

async function usage(): Promise<string> {
  const specs = await Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).spec));
  const width = Math.max(...specs.map((s) => s.name.length));
  return [
    "usage: pdm <command> [options]",
    "",
    "commands:",
    ...specs.flatMap((s) => {
      const options = Object.keys(s.options).map((o) => `--${o}`);
      return [`  ${s.name.padEnd(width)}  ${s.summary}`, ...(options.length ? [`  ${" ".repeat(width)}    ${options.join(" ")}`] : [])];
    }),
    "",
    "pdm help <command>   options, examples and exit codes of one command (also: pdm <command> --help)",
    "pdm --version        the version",
  ].join("\n");
}

function unknown(name: string): UserError {
  const names = Object.keys(COMMANDS);
  const close = names.filter((n) => n.startsWith(name.slice(0, 2)));
  return new UserError(
    `pdm: no command ${JSON.stringify(name)}${close.length ? ` (did you mean ${close.join(" or ")}?)` : ""}; run \`pdm --help\` for the list`,
    EXIT.unreadable,
  );
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    print(name === undefined ? io.stderr : io.stdout, await usage());
    return name === undefined ? EXIT.unreadable : EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    print(io.stdout, packageVersion());
    return EXIT.ok;
  }
  if (name === "help") {
    if (args[0] === undefined) {
      print(io.stdout, await usage());
      return EXIT.ok;
    }
    const load = COMMANDS[args[0]];
    if (!load) throw unknown(args[0]);
    io.stdout.write(helpText((await load()).spec));
    return EXIT.ok;
  }
  const load = COMMANDS[name];
  if (!load) throw unknown(name);
  return (await load()).run(args, io);
}

export async function main(
  argv: string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    if (e instanceof UserError) {
      print(io.stderr, e.message);
      return e.exitCode;
    }
    if (e instanceof DeclaredResultError) {
      print(io.stderr, `${e.address}: ${e.message} [${e.code}]`);
      return EXIT.invalid;
    }
    const err = e as Error;
    print(
      io.stderr,
      `pdm ${argv[0] ?? ""}: unexpected error: ${err.message}${process.env.PDM_DEBUG ? `\n${err.stack}` : " (PDM_DEBUG=1 shows where)"}`,
    );
    return 70;
  }
}
