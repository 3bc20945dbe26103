// A portable model as it travels (spec 2.1): the executable definition and the answer contract.

export interface PortableModel {
  content: Record<string, unknown>;
  questions: Record<string, unknown>;
}

/** What the compiler accepts: a portable model, one without questions, or bare content. */
export type ModelInput = { content: Record<string, unknown>; questions?: Record<string, unknown> } | Record<string, unknown>;
