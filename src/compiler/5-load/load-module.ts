// Loads verified module source in-process against the runtime.
import * as runtime from "../../runtime/generated-api.js";
import type { GeneratedModule } from "../../runtime/entry.js";

export function loadModule(source: string): GeneratedModule {
  // The source passed verifyGenerated: it can reach nothing but `rt`.
  // eslint-disable-next-line no-new-func -- the one place code is made from text
  const factory = new Function("rt", source) as (rt: typeof runtime) => GeneratedModule;
  return factory(runtime);
}
