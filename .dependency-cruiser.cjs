// What each folder may import (docs/architecture.md), as the rules `npm run deps` checks.
// Data flows one way: src/ir holds data, src/runtime is what generated code calls, the compiler
// phases follow each other, and the service, server, batch, CLI… are built on the compiler.
const { readdirSync } = require("node:fs");

// The compiler's phase folders ("1-parse", "2-analyse", …), read from the tree so a new phase is
// covered without editing this file.
const phases = readdirSync("src/compiler", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^\d+-/.test(entry.name))
  .map((entry) => ({ name: entry.name, order: Number.parseInt(entry.name, 10) }));

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const anyOf = (names) => `(${names.map(escapeRegExp).join("|")})`;

// A phase may import itself and the phases before it, never a later phase, and never the compiler
// API (src/compiler/*.ts: index, identity, cache), which is built on the phases.
// 5-load imports no other phase: a batch worker loads compiled models without the compiler.
const selfContainedPhases = new Set(["5-load"]);

// Phases of one number are two backends side by side (4-codegen and 4-sql read the same optimised IR):
// neither imports the other.
const phaseRules = phases.map((phase) => {
  const allowed = selfContainedPhases.has(phase.name)
    ? [phase.name]
    : phases.filter((other) => other.order < phase.order || other.name === phase.name).map((other) => other.name);
  return {
    name: `phase-${phase.name}-imports-only-earlier-phases`,
    comment: `src/compiler/${phase.name} may import of src/compiler only ${allowed.join(", ")}.`,
    severity: "error",
    from: { path: `^src/compiler/${escapeRegExp(phase.name)}/` },
    to: { path: "^src/compiler/", pathNot: `^src/compiler/${anyOf(allowed)}/` },
  };
});

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle-across-folders",
      comment:
        "A cycle inside one folder (the recursive-descent parser) is fine; a cycle through files of different folders ties the folders into one.",
      severity: "error",
      from: { path: "^(.+)/[^/]+$" },
      // `via.pathNot`: the cycle passes through at least one module outside the folder of `from`.
      to: { circular: true, via: { pathNot: "^$1/[^/]+$" } },
    },
    {
      name: "ir-imports-only-ir",
      comment: "src/ir is data every phase shares: it imports nothing else of the project.",
      severity: "error",
      from: { path: "^src/ir/" },
      to: { path: "^(src|test|bench|scripts|bin)/", pathNot: "^src/ir/" },
    },
    {
      name: "runtime-imports-only-runtime",
      comment:
        "src/runtime is what generated code calls and is bundled alone: it imports nothing of the project but itself and the types of src/ir.",
      severity: "error",
      from: { path: "^src/runtime/" },
      to: { path: "^(src|test|bench|scripts|bin)/", pathNot: "^src/(runtime|ir)/" },
    },
    {
      name: "runtime-imports-ir-types-only",
      comment: "src/runtime may use the shapes of src/ir (`import type`), never its code.",
      severity: "error",
      from: { path: "^src/runtime/" },
      to: { path: "^src/ir/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "compiler-imports-only-compiler-ir-runtime",
      comment: "The compiler knows nothing of what is built on it (service, server, batch, providers, ledger, tck, dmn, cli).",
      severity: "error",
      from: { path: "^src/compiler/" },
      to: { path: "^(src|test|bench|scripts|bin)/", pathNot: "^src/(compiler|ir|runtime)/" },
    },
    ...phaseRules,
    {
      name: "only-cli-imports-cli",
      comment: "src/cli is an entry point: only itself (and bin/) import it.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/cli/" },
      to: { path: "^src/cli/" },
    },
    {
      name: "only-cli-imports-server",
      comment: "src/server is the HTTP layer: only the CLI starts it.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(cli|server)/" },
      to: { path: "^src/server/" },
    },
    {
      name: "web-imports-only-what-runs-in-a-browser",
      comment:
        "The playground page (web/) is a client of the HTTP API: of the project it bundles only what has no Node dependency (the data shapes, the runtime, the parser and analyser for the check as the user types, the model positions, the test-case comparison, the receipt proof's walk); of the rest it may use types.",
      severity: "error",
      from: { path: "^web/" },
      to: {
        path: "^(src|test|bench|scripts|bin)/",
        pathNot:
          "^src/(ir|runtime|compiler/(1-parse|2-analyse))/|^src/cli/model-positions\\.ts$|^src/model-tests/run-cases\\.ts$|^src/service/merkle-path\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing fails at run time.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-extraneous-packages",
      comment: "Every package imported is declared in package.json.",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "production-imports-no-dev-dependency",
      comment: "`npm install --omit=dev` leaves devDependencies out; src/ runs without them (types excepted).",
      severity: "error",
      from: { path: "^src/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // `import type` is kept as an edge (typed "type-only") instead of being compiled away first.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
