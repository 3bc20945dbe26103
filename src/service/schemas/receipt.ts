// Answers and the receipt (spec 2.11): what a run read, decided and answered, and its signature.
import { mapOf, ref, type JsonSchema } from "./json-schema.js";

const offset: JsonSchema = { type: "integer", minimum: 0 };

export const Answer: JsonSchema = {
  type: "object",
  description:
    "noul: {value: boolean, probability: number (that the decision is true)}; choice and score: {value, distribution: {option: p}}; number and date: {value, distribution: [{value, p}]}. A deterministic run gives point masses (probability 1 or 0, p 1 on the decided value). See docs/answers.md.",
  properties: { value: {}, probability: { type: "number" }, distribution: {} },
  required: ["value"],
};

export const ReadRecord: JsonSchema = {
  type: "object",
  description: "an observation extracted by the reader (absent from deterministic runs)",
  properties: {
    value: { description: "the value read, JSON-ready in the input's type" },
    confidence: {
      type: "number",
      minimum: 0,
      maximum: 1,
      description: "how sure the reader is; below the input's threshold the input counts as missing",
    },
    alternatives: {
      type: "array",
      description: "other candidate values with their probabilities (thinking mode: the spread of the samples)",
      items: { type: "object", properties: { value: {}, p: { type: "number" } }, required: ["value", "p"] },
    },
    source: {
      type: "object",
      description: "where the value was found",
      properties: {
        path: { type: "string", description: "JSON Pointer (RFC 6901) into a JSON state" },
        span: {
          type: "object",
          description: "character offsets into a text state",
          properties: { start: offset, end: offset },
          required: ["start", "end"],
        },
        text: { type: "string", description: "the quoted evidence" },
      },
    },
  },
  required: ["value", "confidence"],
};

export const DecisionRecord: JsonSchema = {
  type: "object",
  properties: {
    value: { description: "the evaluated value" },
    rule: {
      description: "table decisions: the 1-based rule that fired (row 0 is the header)",
      oneOf: [
        { type: "integer", minimum: 1 },
        { type: "array", items: { type: "integer", minimum: 1 } },
      ],
    },
    let: mapOf({ description: "the decision's let values" }),
  },
  required: ["value"],
};

export const Receipt: JsonSchema = {
  type: "object",
  properties: {
    receipt: {
      type: "string",
      description:
        "`<leaf header>..<batch header>.<signature>.<proof>`: receipts are signed in batches over a Merkle tree (RFC 9162 hashing). The leaf is SHA-256(0x00 || leaf header \".\" base64url(RFC 8785 canonical JSON of every other receipt field)); the leaf header carries rid (receipt id) and model_hash. `<batch header>.<signature>` is a detached compact JWS (alg EdDSA, Ed25519, typ pdm-receipt+jws, crit pdm-merkle: sha256, n leaves, kid, iat) over the tree's root; the proof is base64url of the leaf's 4-byte index and its audit path (32 bytes per hash, bottom-up). Verify with the keys of GET /v1/keys (docs/service.md, The receipt).",
    },
    model: { type: "string", description: "content.name" },
    given: mapOf({ description: "input values taken directly from the JSON state" }),
    read: mapOf(ref("ReadRecord")),
    decisions: mapOf(ref("DecisionRecord")),
    answers: mapOf(ref("Answer")),
    state: {
      type: "object",
      properties: {
        kind: { type: "string", enum: ["json", "text"] },
        schema_matched: { type: "boolean", description: "true when the JSON state matched the input schema and nothing was read" },
        sha256: { type: "string", description: "SHA-256 of the canonical JSON of the state (a text state is a JSON string)" },
        inputs: mapOf({ type: "string", enum: ["given", "read", "absent"] }),
      },
      required: ["kind", "schema_matched", "sha256", "inputs"],
    },
    latency_ms: offset,
    explanation: {
      ...ref("Explanation"),
      description:
        "present when the request asked `explain: true`: what each decision did (for a reader run, on the values read), covered by the signature like every other field",
    },
    billing: ref("Billing"),
  },
  required: ["receipt", "model", "given", "read", "decisions", "answers", "state", "latency_ms", "billing"],
};
