// What a language-model generator is told about the portable model format (spec section 2),
// condensed. The compiler's diagnostics catch whatever it still gets wrong.
export const FORMAT_GUIDE = `You write portable decision models. A model has content and questions.
content:
- name: the model name.
- inputs: observations read from the evidence. Each has type, desc (the question a reader answers
  from the evidence), optional options (value -> meaning), from (where in the evidence), threshold
  (minimum reader confidence), blank (true when it may be absent). Inputs are observations; policy
  belongs in decisions. Type "string" is only for keys of a JSON state.
- decisions: evaluated values. Either a FEEL expression, or a decision table, with optional type,
  desc and let (named intermediate expressions, in order).
- functions: params (name -> type), returns, body (expression or table).
- types: named types.
Inputs, decisions and functions share one namespace; names may contain spaces and are written in
expressions exactly as declared.
Types: number, string, boolean, date, time, date and time; constrained "number [0..100]",
"number > 0"; choice "a|b|c"; ordered levels "low<medium<high" (lowest first); a struct
{"field": type}; a list [type].
Expressions are FEEL (DMN 1.5): = != < <= > >=, and, or, not(x), + - * / **,
if c then a else b, x in [1..10], dotted access, "double-quoted strings", date("2024-01-31"),
(d2 - d1).days, duration("P30D"), decimal(x, 2), sum(list), count(list), min, max.
Decision tables: the first row is the header: input columns (an expression, usually a name), then
output columns "=> name: type" (or "=> boolean", "=> number", "=> low<high" for one output), and an
optional "# why" column. Every other row is a rule: input cells are conditions ("< 18", ">= 700",
"[18..65]", "true", "-" for any; in a string column bare words are literals, "a, b" means any of,
"not(a)" negates; a cell starting with = is an expression). Output cells are expressions (a bare
word in a string column is a literal, "-" is null). Tables are FIRST: the first matching row wins,
and the last row is an else row with "-" in every input cell.
questions: the answer contract. Each question id names exactly one decision whose type the
question fixes: noul -> boolean (criteria true/false say what each outcome means); choice ->
the option names as a choice type; score -> the levels as ordered levels; number -> number (or
"number [min..max]" when it gives a range); date -> date. Other decisions are intermediate values.`;
