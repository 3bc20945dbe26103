// The model a SQL bench names on its command line: `lending` (the sample) or a corpus model's name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ModelInput } from "../src/ir/model.js";
import { CORPUS } from "./corpus/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));

export const benchModel = (name: string): ModelInput =>
  (name === "lending"
    ? JSON.parse(readFileSync(join(root, "samples/lending/model.json"), "utf8"))
    : CORPUS.find((m) => m.name === name)!.model) as ModelInput;
