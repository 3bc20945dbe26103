// `npm run lint`: ESLint's and typescript-eslint's recommended rules (syntax only: `tsc` checks
// the types), plus the rules below that guard what this codebase relies on.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// Names from models, states and settings are looked up as own keys: `name in table` is also true
// for "constructor", "toString" or "valueOf", which every object inherits.
const OWN_KEYS_ONLY = {
  selector: "BinaryExpression[operator='in'][left.type!='Literal']",
  message: "Use Object.hasOwn(table, key): `in` also finds inherited keys such as 'constructor'.",
};

export default defineConfig(
  { ignores: ["dist/", "data/", ".tck-out/", "coverage/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a parameter or binding kept for its position; a rest sibling
      // drops a property from a copy.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // A coercing `==` would quietly equate a number with its text.
      eqeqeq: ["error", "always", { null: "ignore" }],
      // Diagnostics are data and errors are Errors, never thrown strings.
      "no-throw-literal": "error",
      // Type-only imports say so: the dependency rules let src/runtime import src/ir for types only.
      "@typescript-eslint/consistent-type-imports": ["error", { disallowTypeAnnotations: false, fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: {
      // Code is made from text in one place only, 5-load, after the allow-list verifier passed it.
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      // The CLI writes through its Io, the server through its logger.
      "no-console": "error",
      "no-restricted-syntax": ["error", OWN_KEYS_ONLY],
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Compiling and evaluating are deterministic; identifiers and keys come from node:crypto.",
        },
      ],
    },
  },
  {
    files: ["src/runtime/**/*.ts"],
    rules: {
      // The runtime is bundled for any JavaScript platform and inlined into standalone packages.
      "no-restricted-globals": [
        "error",
        ...["process", "Buffer", "require", "module", "__dirname", "__filename", "setImmediate"].map((name) => ({
          name,
          message: "src/runtime runs outside Node too (dist/runtime.mjs is built for a neutral platform).",
        })),
      ],
      // Evaluation is reproducible: the time comes from one clock tests can set.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='Date'][callee.property.name='now'], NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the time through src/runtime/temporal/clock.ts.",
        },
        OWN_KEYS_ONLY,
      ],
    },
  },
  {
    files: ["test/**/*.ts"],
    rules: {
      // Tests read JSON bodies whose shape is what they assert; typing each would change nothing they check.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
