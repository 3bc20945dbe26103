// Every named schema of the service: the request bodies the service validates, the answers it
// gives, and what they share. The OpenAPI document serves them as its components.
import { Balance, Billing, LineItem, Usage } from "./billing.js";
import { Check, Diagnostic, Draft, FileEntry, ModelsRequest } from "./models.js";
import {
  ContentDefinition,
  Decision,
  DecisionTable,
  FunctionDefinition,
  Input,
  PortableModel,
  Question,
  Questions,
  State,
  TableRule,
  TypeDefinition,
} from "./model.js";
import { DecisionExplanation, Explanation, NullCause, RuleExplanation, StepExplanation, TableExplanation } from "./explanation.js";
import { ErrorEntry, Problem, ProblemType } from "./problem.js";
import { Health, JWKS, Readiness } from "./public.js";
import { Answer, DecisionRecord, ReadRecord, Receipt } from "./receipt.js";
import { SystemOneRequest, SystemOneResponse } from "./systemone.js";
import { COMPONENTS_POINTER, type JsonSchema } from "./json-schema.js";

export type { JsonSchema };

export const COMPONENTS = {
  Usage,
  Balance,
  LineItem,
  Billing,
  ErrorEntry,
  Problem,
  ProblemType,
  TypeDefinition,
  Input,
  TableRule,
  DecisionTable,
  Decision,
  FunctionDefinition,
  ContentDefinition,
  Question,
  Questions,
  PortableModel,
  State,
  Answer,
  ReadRecord,
  DecisionRecord,
  RuleExplanation,
  TableExplanation,
  StepExplanation,
  NullCause,
  DecisionExplanation,
  Explanation,
  Receipt,
  SystemOneRequest,
  SystemOneResponse,
  FileEntry,
  ModelsRequest,
  Diagnostic,
  Check,
  Draft,
  JWKS,
  Health,
  Readiness,
} as const satisfies Record<string, JsonSchema>;

export type ComponentName = keyof typeof COMPONENTS;

const names = new Map<JsonSchema, ComponentName>(Object.entries(COMPONENTS).map(([n, s]) => [s, n as ComponentName]));

/** The component a schema object is, if it is one (by identity). */
export const componentName = (schema: unknown): ComponentName | undefined => names.get(schema as JsonSchema);

/** The component a `$ref` points to, for references written as `ref()` writes them. */
export function resolveRef(schema: JsonSchema): JsonSchema {
  const target = schema.$ref;
  if (typeof target !== "string" || !target.startsWith(COMPONENTS_POINTER)) return schema;
  return COMPONENTS[target.slice(COMPONENTS_POINTER.length) as ComponentName] ?? schema;
}
