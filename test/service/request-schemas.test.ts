// The request schemas are what the service enforces: generated bodies are refused with 400
// invalid_request exactly when an independent ajv instance rejects them against the schema, with
// one entry per bad field, and bodies the schema accepts are never refused for their shape.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { COMPONENTS } from "../../src/service/schemas/index.js";
import { unknownFields } from "../../src/service/schemas/validate.js";
import { systemOne } from "../../src/service/systemone.js";
import { systemTwoModels } from "../../src/service/systemtwo.js";
import type { ServiceDeps } from "../../src/service/deps.js";
import { serviceDeps } from "./harness.js";
import { mutatedBody, notAnObject, validBody, type Operation } from "./request-bodies.js";

// An oracle built apart from the service's validator: its own ajv, lax, no error mapping.
const oracle = new Ajv2020({ allErrors: true, strict: false });
oracle.addSchema({ $id: "urn:oracle:components", components: { schemas: COMPONENTS } });
const accepts = (op: Operation) => oracle.getSchema(`urn:oracle:components#/components/schemas/${op}`)!;

let deps: ServiceDeps;
let accountId: string;
beforeAll(async () => {
  ({ deps } = await serviceDeps());
  accountId = (await deps.ledger!.createAccount("acct", 1_000_000_000)).id;
});

const OPERATIONS = { SystemOneRequest: systemOne, ModelsRequest: systemTwoModels } as const;
const run = (op: Operation, body: unknown) => OPERATIONS[op]({ body, inputTokens: 50, accountId, startedAt: performance.now() }, deps);

describe.each(Object.keys(OPERATIONS) as Operation[])("%s", (op) => {
  it("accepts every body the schema accepts (the fields' kinds, unknown fields ignored)", async () => {
    await fc.assert(
      fc.asyncProperty(validBody(op), async (body) => {
        expect(accepts(op)(body)).toBe(true);
        const out = await run(op, body);
        expect(out.ok ? "ok" : out.problem.code).not.toBe("invalid_request");
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a body with bad fields exactly as the schema does, one entry per field", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedBody(op), async ({ body, expected }) => {
        expect(accepts(op)(body)).toBe(false);
        const out = await run(op, body);
        expect(out.ok).toBe(false);
        if (out.ok) return;
        expect(out.problem).toMatchObject({ status: 400, code: "invalid_request" });
        const byAddress = (a: { address: string }, b: { address: string }) => a.address.localeCompare(b.address);
        expect(out.problem.errors.map(({ address, code }) => ({ address, code })).sort(byAddress)).toEqual([...expected].sort(byAddress));
        expect(out.problem.detail).toBe(out.problem.errors.map((e) => e.message).join("; "));
      }),
      { numRuns: 150 },
    );
  });

  it("refuses a body that is not an object with one entry for the body", async () => {
    await fc.assert(
      fc.asyncProperty(notAnObject, async (body) => {
        expect(accepts(op)(body)).toBe(false);
        const out = await run(op, body);
        expect(!out.ok && out.problem.errors).toEqual([{ address: "body", code: "request.type", message: "body must be a JSON object" }]);
      }),
      { numRuns: 30 },
    );
  });
});

describe("a list past its schema's most items", () => {
  const most = (COMPONENTS.ModelsRequest.properties as Record<string, { maxItems: number }>).files.maxItems;
  it("is refused with one entry for the list, whatever its items, never one per item", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: most + 1, max: 5_000 }),
        fc.constantFrom<unknown>(0, null, "x", {}, { data: "a" }),
        async (n, item) => {
          const body = { content: {}, files: new Array(n).fill(item) };
          expect(accepts("ModelsRequest")(body)).toBe(false);
          const out = await run("ModelsRequest", body);
          expect(!out.ok && out.problem.errors).toEqual([
            {
              address: "body.files",
              code: "request.maxItems",
              message: `files has ${n.toLocaleString("en-US")} items; at most ${most} are read: send fewer`,
            },
          ]);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("entries", () => {
  const errorsOf = async (op: Operation, body: unknown) => {
    const out = await run(op, body);
    return out.ok ? [] : out.problem.errors;
  };

  it("name the field, the kinds it takes and the kind it got, in the schema's field order", async () => {
    expect(await errorsOf("SystemOneRequest", { mode: 5, model: true, questions: null })).toEqual([
      { address: "body.state", code: "request.missing", message: "state is required" },
      { address: "body.questions", code: "request.type", message: "questions must be object, got null" },
      { address: "body.model", code: "request.type", message: "model must be object or string, got boolean" },
      { address: "body.mode", code: "request.type", message: "mode must be string, got number" },
    ]);
    expect(await errorsOf("ModelsRequest", { files: [{ type: 1 }, "x"], dry_run: "yes" })).toEqual([
      { address: "body.dry_run", code: "request.type", message: "dry_run must be boolean, got string" },
      { address: "body.files[0].type", code: "request.type", message: "type must be string, got number" },
      { address: "body.files[0].data", code: "request.missing", message: "data is required" },
      { address: "body.files[1]", code: "request.type", message: "body.files[1] must be a JSON object" },
    ]);
    expect(await errorsOf("SystemOneRequest", { state: {}, model: "{}", mode: "slow" })).toEqual([
      { address: "body.mode", code: "request.enum", message: "mode must be one of fast, thinking" },
    ]);
  });
});

describe("unknown fields", () => {
  const SystemOneRequest = COMPONENTS.SystemOneRequest!;
  const suggested = (entries: { message: string }[]) => entries.filter((e) => e.message.includes("did you mean")).length;

  it("a field misspelt is told the field meant, whatever unknown fields stand before it, while their suggestions' cells last", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.constantFrom("stat", "modle", "questons", "explan"), (before, typo) => {
        const body = { ...Object.fromEntries(Array.from({ length: before }, (_, i) => [`f${i}`, 1])), [typo]: 1 };
        const entries = unknownFields(SystemOneRequest, body);
        expect(entries).toHaveLength(before + 1);
        expect(entries.at(-1)!.message).toMatch(/did you mean `(state|mode|questions|explain)`\?$/);
      }),
      { numRuns: 30 },
    );
  });

  it("the suggestions for all the fields of one body share one request's cells: past them, fields get none", () => {
    // fields each within reach of a field's name cost a few hundred cells: 20,000 of them spend more than the request's
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i.toString(36).padStart(4, "0")}`, 1]));
    const entries = unknownFields(SystemOneRequest, { ...many(20_000), stat: 1 });
    expect(entries).toHaveLength(20_001);
    expect(entries.at(-1)!.message).not.toMatch(/did you mean/);
    // behind a hundred such fields, the cells last
    expect(suggested(unknownFields(SystemOneRequest, { ...many(100), stat: 1 }))).toBe(1);
  });
});
