// The server's ModelCompiler: compiles and checks in the compile pool, loads the compiled source on
// this thread, and keeps both results by model identity. A model that overran the time or memory
// limit is remembered as such, so sending it again is answered at once.
import { loadCompiled, type CacheLimits } from "../../compiler/index.js";
import { nextTurn } from "../../service/next-turn.js";
import { cachedCompiler, type ModelCompiler } from "../../service/model-compiler.js";
import { ProblemError } from "../../service/problems.js";
import { received } from "./ir-bytes.js";
import type { CompilePool } from "./pool.js";

const overran = (e: unknown): boolean =>
  e instanceof ProblemError && (e.problem.code === "compile_timeout" || e.problem.code === "compile_memory_exceeded");

export const pooledCompiler = (pool: CompilePool, limits: CacheLimits): ModelCompiler =>
  cachedCompiler(
    async (m, hash, client) => {
      const sent = await pool.run("compile", m, hash, client);
      // read from the worker in one turn, loaded in the next: a model of 5,000 inputs took 40-110 ms
      // of CPU to read and 50-90 more to load, in one stretch
      await nextTurn();
      return loadCompiled(received(sent));
    },
    (m, hash, client) => pool.run("check", m, hash, client),
    limits,
    overran,
    (client) => pool.shareFull(client),
  );
