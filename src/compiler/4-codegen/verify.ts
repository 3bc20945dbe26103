// Generated source is parsed with acorn and checked against an allow-list before it is loaded:
// only the node kinds, identifiers and member names the emitter produces may appear, so no
// model text can ever act as code even if an escaping bug let it through.
import { parse } from "acorn";
import { diagnostic, type Diagnostic, type Place } from "../../ir/diagnostics.js";

const NODE_KINDS = new Set([
  "Program",
  "ExpressionStatement",
  "Literal",
  "Identifier",
  "VariableDeclaration",
  "VariableDeclarator",
  "FunctionDeclaration",
  "ArrowFunctionExpression",
  "BlockStatement",
  "TryStatement",
  "ReturnStatement",
  "IfStatement",
  "LabeledStatement",
  "BreakStatement",
  "ForOfStatement",
  "ForStatement",
  "CallExpression",
  "MemberExpression",
  "ArrayExpression",
  "ObjectExpression",
  "Property",
  "ConditionalExpression",
  "BinaryExpression",
  "LogicalExpression",
  "UnaryExpression",
  "AssignmentExpression",
  "UpdateExpression",
  // `(rt.tick(2), body)`: a step charged, then a value, with no function made for it
  "SequenceExpression",
  // `{ ...json }`: a copy of a context's JSON object (codegen/json-result.ts)
  "SpreadElement",
]);

/** Identifiers the emitter writes: `rt`, the run and explain parameters, and generated `<letters><digits>` names. */
const IDENTIFIER = /^(rt|run|explain|I|S|TR|J|X|r|u|h|c|undefined|[a-zA-Z]{1,4}[0-9]+)$/;

/** Property names read with `.name`: the runtime's surface and a few of our own objects' fields. */
const MEMBERS = new Set([
  "num",
  "constant",
  "temporalLiteral",
  "range",
  "context",
  "contextOf",
  "fn",
  "add",
  "sub",
  "mul",
  "div",
  "pow",
  "neg",
  "eq",
  "ne",
  "lt",
  "le",
  "gt",
  "ge",
  "and",
  "or",
  "not",
  "isTrue",
  "between",
  "inRange",
  "testValue",
  "member",
  "field",
  "countOf",
  "own",
  "filterItems",
  "filterNone",
  "filterOther",
  "iter",
  "iterRange",
  "iterPasses",
  "resultsSoFar",
  "rawArray",
  "plainArray",
  "itemConverter",
  "itemConverterPlain",
  "rawCount",
  "rawItemValue",
  "rawPosition",
  "rawDouble",
  "rawProject",
  "rawAggregate",
  "keptSum",
  "rawField",
  "unread",
  "projected",
  "problemsHeard",
  "call",
  "callNamed",
  "positional",
  "roundPlaces",
  "roundQuotient",
  "certifiedError",
  "certRead",
  "certReadEntry",
  "certAnd",
  "certOr",
  "certNot",
  "certDecide",
  "certMember",
  "certSqrt",
  "certRounded",
  "certAdd",
  "certSub",
  "certMul",
  "certDiv",
  "certPow",
  "certPowerMemo",
  "certCount",
  "certSum",
  "certItem",
  "certLength",
  "certPasses",
  "certNth",
  "certNone",
  "certRound",
  "certCompare",
  "certAbs",
  "certExtreme",
  "certWhole",
  "certModulo",
  "certTest",
  "certTruth",
  "certIf",
  "ddState",
  "scState",
  "scRead",
  "scAdd",
  "scSub",
  "scMul",
  "scAbs",
  "scExtreme",
  "scAnswer",
  "scDecimal",
  "scTest",
  "scRound",
  "scModulo",
  "scFlag",
  "ddRead",
  "ddReadInput",
  "ddAdd",
  "ddSub",
  "ddMul",
  "ddDiv",
  "ddAbs",
  "ddExtreme",
  "ddRounded",
  "ddModulo",
  "ddNearest",
  "ddOrder",
  "ddTest",
  "ddIf",
  "ddSqrt",
  "ddSameString",
  "ddTruth",
  "ddColumn",
  "ddColumnAnswer",
  "ddGiveBack",
  "ddAnswer",
  "ddSum",
  "ddCount",
  "ddExtremeOf",
  "ddPasses",
  "ddRawList",
  "ddReadItem",
  "ddReadField",
  "ddFieldAggregate",
  "certReadItem",
  "certReadField",
  "certItemOf",
  "sumOfPrefix",
  "runningTotals",
  "builtinOf",
  "aggregateBuiltins",
  "booleanBuiltins",
  "contextBuiltins",
  "conversionBuiltins",
  "listBuiltins",
  "numberBuiltins",
  "rangeBuiltins",
  "regexBuiltins",
  "stringBuiltins",
  "temporalBuiltins",
  "externalFunction",
  "conforms",
  "instanceOf",
  "coerce",
  "declared",
  "fromJson",
  "fromJsonPlain",
  "toJson",
  "toJsonAs",
  "jsonConverter",
  "listJson",
  "mirrorForJson",
  "fieldsForJson",
  "numberToJson",
  "isDecimal",
  "problem",
  "tick",
  "charge",
  "madeList",
  "enter",
  "leave",
  "hit",
  "aggregator",
  "uniqueHit",
  "anyHit",
  "bestRanked",
  "bestRankedRow",
  "rankOrder",
  "rankOrderRows",
  "atPositions",
  "outputRanks",
  "bestAt",
  "atBits",
  "bestBit",
  "bitsSum",
  "positionsSum",
  "bitsExtreme",
  "positionsExtreme",
  "bitsCount",
  "positionsCount",
  "length",
  "anyTrue",
  "entryOr",
  "hasEntry",
  "branch",
  "rankCompare",
  "rankInRange",
  "region",
  "columnDouble",
  "nearestDouble",
  "numberSet",
  "regions",
  "f64",
  "plannedColumn",
  "epochDay",
  "dateDay",
  "tableIndex",
  "firstRules",
  "firstOf",
  "firstRule",
  "everyRule",
  "explainRules",
  "explainAtRule",
  "ruleCells",
  "nums",
  "decimals",
  "ints",
  "ascending",
  "allOf",
  "bitPositions",
  "firstBit",
  "maskOf",
  "buckets",
  "bucketRegion",
  "denseCells",
  "cell2",
  "cell3",
  "jsonOutputs",
  "mergeRules",
  "get",
  "push",
  "rule",
  "rules",
  "lets",
  "traceEntry",
  "value",
  "matched",
  "run",
  "functions",
  "explain",
  "explainInput",
  "explainAt",
  "explainLet",
  "explainCall",
  "explainIf",
  "explainValue",
  "explainTable",
  "explainRule",
  "explainDefault",
  "explainDecision",
]);

// `in`: whether a raw JSON item has an entry that would shadow a name (codegen/raw-items.ts)
const OPERATORS = new Set(["===", "!==", "<", "<=", ">", ">=", "&&", "||", "??", "!", "-", "*", "&", "typeof", "in", "=", "++"]);

type Node = { type: string; [k: string]: unknown };

/**
 * A `for` statement as certified code writes it (codegen/certified-code.ts): a test and an update,
 * and a body whose first statement is `rt.tick()`, so that every pass is a budget step.
 */
function isTickingFor(node: Node): boolean {
  const body = node.body as Node;
  const first = body.type === "BlockStatement" ? ((body.body as Node[])[0] as Node | undefined) : undefined;
  const call = first?.type === "ExpressionStatement" ? (first.expression as Node) : undefined;
  const callee = call?.type === "CallExpression" ? (call.callee as Node) : undefined;
  const [object, property] = [callee?.object as Node | undefined, callee?.property as Node | undefined];
  const ticks = callee?.type === "MemberExpression" && object?.name === "rt" && property?.name === "tick";
  return node.test !== null && node.update !== null && ticks;
}

export function verifyGenerated(source: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (node: Node): Place => ({ span: { start: node.start as number, end: node.end as number } });
  let ast: Node;
  try {
    ast = parse(`(function (rt) {\n${source}\n})`, { ecmaVersion: 2022, sourceType: "script" }) as unknown as Node;
  } catch (e) {
    problems.push(diagnostic("codegen.disallowed", { variant: "parse", error: (e as Error).message }));
    return problems;
  }
  const visit = (node: Node, parent: Node | null, key: string) => {
    const kind = node.type;
    // The wrapper `(function (rt) {...})` is ours.
    if (kind === "FunctionExpression" && parent?.type === "ExpressionStatement" && key === "expression") {
      // fall through to children
    } else if (!NODE_KINDS.has(kind)) problems.push(diagnostic("codegen.disallowed", { variant: "node", kind }, at(node)));
    if (kind === "Identifier") {
      const name = node.name as string;
      const isLabel = parent?.type === "LabeledStatement" || parent?.type === "BreakStatement";
      const isPropertyName =
        (parent?.type === "MemberExpression" && key === "property" && !parent.computed) ||
        (parent?.type === "Property" && key === "key" && !parent.computed);
      if (isPropertyName ? !MEMBERS.has(name) : !isLabel && !IDENTIFIER.test(name))
        problems.push(diagnostic("codegen.disallowed", { variant: "identifier", name }, at(node)));
    }
    if (kind === "MemberExpression") {
      const property = node.property as Node;
      if (node.computed && property.type !== "Literal" && property.type !== "Identifier")
        problems.push(diagnostic("codegen.disallowed", { variant: "computed-member" }, at(node)));
    }
    if (kind === "ForStatement" && !isTickingFor(node))
      problems.push(diagnostic("codegen.disallowed", { variant: "node", kind }, at(node)));
    if (kind === "AssignmentExpression" || kind === "UpdateExpression") {
      const target = (node.left ?? node.argument) as Node;
      if (target.type === "MemberExpression" && (target.object as Node).name === "rt")
        problems.push(diagnostic("codegen.disallowed", { variant: "runtime-write" }, at(node)));
    }
    if (kind === "Literal" && "regex" in node) problems.push(diagnostic("codegen.disallowed", { variant: "regex" }, at(node)));
    if (kind === "Property" && (node.kind !== "init" || node.method))
      problems.push(diagnostic("codegen.disallowed", { variant: "property" }, at(node)));
    if (
      (kind === "BinaryExpression" ||
        kind === "LogicalExpression" ||
        kind === "UnaryExpression" ||
        kind === "AssignmentExpression" ||
        kind === "UpdateExpression") &&
      !OPERATORS.has(node.operator as string)
    ) {
      problems.push(diagnostic("codegen.disallowed", { variant: "operator", operator: String(node.operator) }, at(node)));
    }
    for (const k in node) {
      const v = node[k];
      if (k === "type" || v === null || typeof v !== "object") continue;
      if (!Array.isArray(v)) {
        if ("type" in v) visit(v as Node, node, k);
      } else for (const c of v) if (c && typeof c === "object" && "type" in c) visit(c as Node, node, k);
    }
  };
  visit(ast, null, "");
  return problems;
}
