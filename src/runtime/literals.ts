// Constructors generated code uses for literals: numbers, @"..." temporals, contexts.
import { Decimal } from "./decimal.js";
import { problem } from "./problems.js";
import { parseTemporal } from "./temporal/index.js";
import { FeelContext, type FeelValue } from "./values.js";

export const num = (text: string): Decimal => new Decimal(text);

export function temporalLiteral(text: string): FeelValue {
  return parseTemporal(text) ?? problem(`@"${text}" is not a valid date, time or duration`);
}

export const context = (entries: [string, FeelValue][]): FeelContext => new FeelContext(new Map(entries));
