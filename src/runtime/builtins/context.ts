// Context built-ins (DMN 1.5 10.3.4.8).
import { problem } from "../problems.js";
import { FeelContext, type FeelValue } from "../values.js";
import { asList, bad, isCtx, isStr, scalars } from "./args.js";
import { madeGroup, ofKind, T, type BuiltinDef } from "./def.js";

const entry = (key: string, value: FeelValue) => FeelContext.of({ key, value });

function put(ctx: FeelContext, keys: string[], value: FeelValue): FeelContext | null {
  const [head, ...rest] = keys;
  const entries = new Map(ctx.entries);
  if (rest.length === 0) {
    entries.set(head!, value);
    return new FeelContext(entries);
  }
  const inner = ctx.get(head!);
  if (!isCtx(inner)) return problem(`context put(): "${head}" does not hold a context`);
  const updated = put(inner, rest, value);
  if (!updated) return null;
  entries.set(head!, updated);
  return new FeelContext(entries);
}

function contextPut(ctx: FeelValue, key: FeelValue, value: FeelValue): FeelValue {
  if (!isCtx(ctx)) return bad("context put", "context", ctx, "a context");
  if (isStr(key)) return put(ctx, [key], value);
  if (Array.isArray(key) && key.length > 0 && key.every(isStr)) return put(ctx, key as string[], value);
  return bad("context put", "key", key, "a string or a non-empty list of strings");
}

function contextPutKey(ctx: FeelValue, key: FeelValue, value: FeelValue): FeelValue {
  return isStr(key) ? contextPut(ctx, key, value) : bad("context put", "key", key, "a string");
}

function contextPutKeys(ctx: FeelValue, keys: FeelValue, value: FeelValue): FeelValue {
  return Array.isArray(keys) ? contextPut(ctx, keys, value) : bad("context put", "keys", keys, "a list of strings");
}

function contextMerge(contexts: FeelValue): FeelValue {
  const items = asList(contexts);
  if (!items || !items.every(isCtx)) return bad("context merge", "contexts", contexts, "a list of contexts");
  const entries = new Map<string, FeelValue>();
  for (const c of items as FeelContext[]) for (const [k, v] of c.entries) entries.set(k, v);
  return new FeelContext(entries);
}

const contextDef = ofKind("context");

// one maker a built-in (def.ts), so that a bundle keeps those its model names
export const builtinGetValue = (): BuiltinDef =>
  contextDef({
    name: "get value",
    result: T.any,
    description: "The value of an entry of the context m by key; null when there is none.",
    signatures: [
      {
        params: ["m", "key"],
        impl: scalars((m, key) =>
          !isCtx(m) ? bad("get value", "m", m, "a context") : !isStr(key) ? bad("get value", "key", key, "a string") : m.get(key),
        ),
      },
    ],
  });
export const builtinGetEntries = (): BuiltinDef =>
  contextDef({
    name: "get entries",
    result: T.listOf({
      kind: "struct",
      fields: [
        ["key", T.string],
        ["value", T.any],
      ],
    }),
    description: "The entries of the context m as a list of {key, value} contexts.",
    signatures: [
      {
        params: ["m"],
        impl: scalars((m) => (isCtx(m) ? [...m.entries].map(([k, v]) => entry(k, v)) : bad("get entries", "m", m, "a context"))),
      },
    ],
  });
export const builtinContextPut = (): BuiltinDef =>
  contextDef({
    name: "context put",
    result: T.context,
    description: "The context with an entry added or replaced, by key or by a path of keys into nested contexts.",
    signatures: [
      // positional calls dispatch on the key's type; named calls pick key or keys by name
      { params: ["context", "key", "value"], positionalOnly: true, impl: contextPut },
      { params: ["context", "key", "value"], impl: contextPutKey },
      { params: ["context", "keys", "value"], impl: contextPutKeys },
    ],
  });
export const builtinContextMerge = (): BuiltinDef =>
  contextDef({
    name: "context merge",
    result: T.context,
    description: "The entries of a list of contexts in one context; a later entry replaces an earlier one with its key.",
    signatures: [{ params: ["contexts"], impl: contextMerge }],
  });

export const contextBuiltins: BuiltinDef[] = /* @__PURE__ */ madeGroup([
  builtinGetValue,
  builtinGetEntries,
  builtinContextPut,
  builtinContextMerge,
]);
