// The dmn codes of the diagnostic catalogue.
import { entry, variants, located, inStage, AT } from "./entries.js";

export const DMN = inStage("dmn", {
  "dmn.xml": entry({
    severity: "error",
    message: (p: { detail: string }) => p.detail,
    example: { detail: "model.dmn: root element is <model>, not <definitions>" },
    explain: "The file is not well-formed XML, or its root is not `<definitions>`; the message says which and where.",
  }),
  "dmn.import.type": entry({
    severity: "error",
    message: located(
      (p: { type: string }) =>
        `unsupported import type "${p.type}": only DMN models are imported; declare the types it gives as <itemDefinition>s, or remove the import`,
    ),
    example: { type: "http://www.w3.org/2001/XMLSchema", at: '<import name="types"> in model.dmn:12' },
    explain: "An `<import>` of something other than a DMN model.",
  }),
  "dmn.import.missing": entry({
    severity: "error",
    message: located(
      (p: { namespace: string }) =>
        `imported model with namespace "${p.namespace}" not found among the sibling files: put the .dmn file that declares this namespace in the same folder`,
    ),
    example: { namespace: "http://example.com/base", at: '<import name="base"> in model.dmn:12' },
    explain: "No sibling file defines the imported namespace: put the imported model beside the importing one.",
  }),
  "dmn.import.cycle": entry({
    severity: "error",
    message: located(
      (p: { namespace: string }) =>
        `import cycle through namespace "${p.namespace}": models may not import each other in a cycle; move the shared definitions to a model both import`,
    ),
    example: { namespace: "http://example.com/base", at: '<import name="base"> in base.dmn:3' },
    explain: "Models import each other in a cycle.",
  }),
  "dmn.import.collision": entry({
    severity: "error",
    message: located(
      (p: { names: string[]; model: string }) =>
        `${
          p.names.length === 1
            ? `the name "${p.names[0]}" is`
            : `${p.names.length} names (${p.names
                .slice(0, 5)
                .map((n) => `"${n}"`)
                .join(", ")}${p.names.length > 5 ? ", ..." : ""}) are`
        } declared by the imported model "${p.model}" and by another model: the other definition is kept; rename one of them`,
    ),
    example: { names: ["Applicant"], model: "base", at: "model.dmn" },
    explain:
      "An imported model declares a name that the importing model, or another imported model, declares too. The models are merged into one namespace, so only one definition can be kept: the importing model's own, else the first import's. Rename one of them.",
  }),
  "dmn.href.dangling": entry({
    severity: "error",
    message: located((p: { href: string }) => `reference "${p.href}" points to no element: correct the href or remove the requirement`),
    example: { href: "#d_missing", at: '<requiredDecision> in <decision id="d1" name="Risk"> in model.dmn:12' },
    explain: "An `href` names an element that does not exist.",
  }),
  "dmn.input.inferred": entry({
    severity: "warning",
    message: located(
      (p: { name: string; type: string }) =>
        `"${p.name}" is read here but declared by no <inputData>: imported as an input of type ${p.type} (Camunda reads process variables this way); declare an <inputData> to give it a name and type of its own`,
    ),
    example: { name: "season", type: "string", at: '<inputExpression id="e1"> in model.dmn:12' },
    explain:
      "Camunda and dmn-js tables read variables that the file never declares. The import declares each such name as an input, typed from the input expression's `typeRef` when the expression is the bare name, `any` otherwise.",
  }),
  "dmn.input.required-output": entry({
    severity: "warning",
    message: located(
      (p: { name: string; decision: string }) =>
        `"${p.name}" is the output of the required decision "${p.decision}": imported as a decision with that decision's value (Camunda reads a required decision's output by the output's name)`,
    ),
    example: { name: "season", decision: "Season decision", at: '<inputExpression id="e1"> in model.dmn:12' },
    explain:
      "A Camunda table that reads a required decision's output by the output column's name. The import adds a decision of that name whose value is the required decision's output.",
  }),
  "dmn.table.hit": entry({
    severity: "error",
    message: located(
      (p: { hit: string }) => `unknown hit policy "${p.hit}": use one of UNIQUE, FIRST, PRIORITY, ANY, COLLECT, RULE ORDER, OUTPUT ORDER`,
    ),
    example: { hit: "SOMETIMES", at: AT },
    explain: "A hit policy DMN does not define.",
  }),
  "dmn.table.aggregation": entry({
    severity: "error",
    message: located(
      (p: { aggregation: string; hit: string }) =>
        `aggregation "${p.aggregation}" with hit policy ${p.hit}: an aggregation (SUM, MIN, MAX, COUNT) needs hitPolicy="COLLECT"`,
    ),
    example: { aggregation: "SUM", hit: "UNIQUE", at: AT },
    explain: "An aggregation on a hit policy other than COLLECT, or an unknown aggregation.",
  }),
  "dmn.table.priorities": entry({
    severity: "error",
    message: located(
      variants({
        nested:
          "a nested table with this hit policy and several outputs has no priority order here: list each output's values, or use hit policy RULE ORDER or COLLECT",
        missing: (p: { hit: string }) =>
          `hit policy ${p.hit} ranks the matching rules by the order of the output values, and no <output> lists any: add <outputValues> (highest priority first), or use hit policy RULE ORDER or COLLECT`,
        values: (p: { values: string }) =>
          `the priority order ${p.values} is not a list of distinct literals: list the output values as distinct numbers, strings or booleans, highest priority first, or use hit policy RULE ORDER or COLLECT`,
      }),
    ),
    example: { variant: "values", values: "x, y + 1", at: '<output name="score"> in <decisionTable id="t1"> in model.dmn:12' },
    explain:
      "A PRIORITY or OUTPUT ORDER table whose output values do not give an order: for such a table the order of the output values is the priority (first highest), so they must be distinct literals (numbers, strings or booleans).",
  }),
  "dmn.table.outputs": entry({
    severity: "error",
    message: located("decision table without output: add an <output>"),
    example: { at: AT },
    explain: "A decision table with no `<output>`.",
  }),
  "dmn.table.orientation": entry({
    severity: "error",
    message: located((p: { orientation: string }) => `unknown orientation "${p.orientation}": use Rule-as-Row or Rule-as-Column`),
    example: { orientation: "Diagonal", at: AT },
    explain: "A `preferredOrientation` DMN does not define.",
  }),
  "dmn.table.crosstable": entry({
    severity: "error",
    message: located("cross-tab decision tables are not supported: save the table rule-as-row"),
    example: { at: AT },
    explain: "Cross-tab tables are not supported: rewrite the table rule-as-row.",
  }),
  "dmn.table.input": entry({
    severity: "error",
    message: located(
      variants({
        missing: "input column without an <inputExpression>: add one with the expression the column tests",
        "empty-tested":
          "input column whose expression is empty while a rule tests it: engines differ on what such a test sees (null, an error, or a variable the caller sets, such as Camunda 7's `cellInput`); write the expression the column tests",
      }),
    ),
    example: { variant: "missing", at: '<input id="i1"> in model.dmn:12' },
    explain:
      "An `<input>` column without an `<inputExpression>` element (DMN requires one), or whose expression is empty while a rule's entry in the column tests something. An empty expression in a column no rule tests is `dmn.table.input-empty`.",
  }),
  "dmn.table.input-empty": entry({
    severity: "warning",
    message: located(
      "input column whose expression is empty, and no rule tests it: imported as null, which no rule reads; write the expression the column is for, or remove the column",
    ),
    example: { at: '<inputExpression id="ie1"> in <input id="i1"> in model.dmn:12' },
    explain:
      "Camunda Modeler creates a column with an empty input expression. When every rule's entry in it is empty or `-`, its value cannot change the result, so it is imported as `null` and said so.",
  }),
  "dmn.table.output-name": entry({
    severity: "error",
    message: located(
      (p: { label?: string }) =>
        `output column of a multi-output table without a name: the decision's value has no name for it; give each <output> a name${p.label ? ` (this one's label is "${p.label}")` : ""}`,
    ),
    example: { label: "Discount", at: '<output id="o2" label="Discount"> in <decisionTable id="t1"> in model.dmn:12' },
    explain:
      "Each output of a multi-output table needs a `name`: it is the name of its value in the decision's result. The import makes none up: the decision is written `unmapped`, which the check rejects.",
  }),
  "dmn.table.rule": entry({
    severity: "error",
    message: located(
      (p: { inputs: number; outputs: number; tableInputs: number; tableOutputs: number }) =>
        `rule has ${p.inputs} input and ${p.outputs} output entries, table has ${p.tableInputs} and ${p.tableOutputs}: give the rule one entry per column (\`-\` for any)`,
    ),
    example: { inputs: 1, outputs: 1, tableInputs: 2, tableOutputs: 1, at: '<rule id="r3"> in model.dmn:12' },
    explain: "A rule's entries do not match the table's columns.",
  }),
  "dmn.expression.language": entry({
    severity: "error",
    message: located(
      (p: { language: string; declared: string; advice: string }) =>
        `the expression is in ${p.language}${p.declared === p.language ? "" : ` (expressionLanguage "${p.declared}")`}, not FEEL: ${p.advice}`,
    ),
    example: {
      language: "JUEL",
      declared: "juel",
      advice: "JUEL (Camunda 7's expression language) is not evaluated here; rewrite it in FEEL",
      at: '<inputEntry id="e1"> in <rule id="r1"> in model.dmn:14',
    },
    explain:
      "An expression whose `expressionLanguage` (its own, or the default on `<definitions>`) is not FEEL. Its text is never read as FEEL: the decision or function holding it is written as `unmapped` and fails the check until the expression is rewritten in FEEL.",
  }),
  "dmn.expression.juel": entry({
    severity: "error",
    message: located(
      (p: { text: string }) =>
        `\`${p.text.length > 60 ? `${p.text.slice(0, 57)}...` : p.text}\` is JUEL (a \${...} expression, Camunda 7's default language in older versions), not FEEL, though no expressionLanguage says so: rewrite it in FEEL`,
    ),
    example: { text: "${input1 > 10}", at: '<outputEntry id="o1"> in model.dmn:20' },
    explain:
      "Text of the form `${...}` or `#{...}` where no language is declared: Camunda 7 read such entries as JUEL. It is not read as FEEL; the decision holding it is written as `unmapped` and fails the check.",
  }),
  "dmn.expression.juel-mapped": entry({
    severity: "warning",
    message: located(
      (p: { text: string; feel: string }) =>
        `\`${p.text.length > 60 ? `${p.text.slice(0, 57)}...` : p.text}\` is JUEL that FEEL reads the same (a variable's name or a literal): imported as the FEEL \`${p.feel.length > 60 ? `${p.feel.slice(0, 57)}...` : p.feel}\`; write it in FEEL to keep the model in one language`,
    ),
    example: { text: "${amount}", feel: "amount", at: '<inputExpression id="ie1"> in model.dmn:12' },
    explain:
      'JUEL (a `${...}` expression, or text under `expressionLanguage="juel"`) that is only a variable\'s name, `true`, `false`, `null`, an integer or a string without escapes: FEEL reads it to the same value, so it is imported as FEEL. Any other JUEL is refused (`dmn.expression.language`, `dmn.expression.juel`), and so is every JUEL input entry, a condition on `cellInput` that no FEEL unary test reads the same.',
  }),
  "dmn.expression.juel-fragment": entry({
    severity: "error",
    message: located(
      (p: { text: string }) =>
        `\`${p.text.length > 60 ? `${p.text.slice(0, 57)}...` : p.text}\` is the end of a JUEL condition (Flowable and Activiti append a table entry to the input expression: \`\${input == 1}\`), not FEEL: write the entry as a FEEL unary test (\`1\`, \`"gold"\`, \`not(1)\`) or expression`,
    ),
    example: { text: "== 'gold'", at: '<inputEntry id="e1"> in <rule id="r1"> in model.dmn:14' },
    explain:
      "A table entry starting with `==`, `!=` or a method call (`.startsWith('a')`): Flowable's and Activiti's DMN engines read entries as JUEL appended to the input expression. FEEL has none of them as a test, and JUEL's comparisons coerce and treat null otherwise (`null != \"\"` is false), so the entry is not read as FEEL: the decision holding it is written as `unmapped` and fails the check.",
  }),
  "dmn.expression.single-quoted": entry({
    severity: "error",
    message: located(
      (p: { text: string }) =>
        `\`${p.text.length > 60 ? `${p.text.slice(0, 57)}...` : p.text}\` is in single quotes, which FEEL does not have (Camunda's FEEL engines before 7.13 read it as a string, jDMN as a name): write a string in double quotes, a name without quotes`,
    ),
    example: { text: "'gold'", at: '<inputEntry id="e1"> in <rule id="r1"> in model.dmn:14' },
    explain:
      "FEEL text with a `'`-quoted piece. FEEL quotes strings with `\"` only, and names are never quoted; older Camunda FEEL engines accepted `'gold'` as a string and jDMN writes names with spaces in single quotes. The text is not read as FEEL (it would not parse): the decision holding it is written as `unmapped` and fails the check until it is rewritten.",
  }),
  "dmn.expression.kind": entry({
    severity: "error",
    message: located((p: { element: string }) => `unsupported expression element <${p.element}>: write it as a FEEL literal expression`),
    example: { element: "conditional", at: '<conditional id="c1"> in model.dmn:12' },
    explain: "A boxed expression kind the importer does not map.",
  }),
  "dmn.expression.imported-values": entry({
    severity: "error",
    message: located("importedValues are not supported: write the value as a FEEL literal expression"),
    example: { at: '<literalExpression id="e1"> in model.dmn:12' },
    explain: "A literal expression with `importedValues`, which the importer does not map.",
  }),
  "dmn.context.result": entry({
    severity: "error",
    message: located("context with more than one result entry: name every entry but the last (the result)"),
    example: { at: '<contextEntry> in <context id="c1"> in model.dmn:12' },
    explain: "A boxed context with more than one entry without a variable (its result).",
  }),
  "dmn.context.duplicate": entry({
    severity: "error",
    message: located((p: { name: string }) => `duplicate context entry "${p.name}": rename one of the entries`),
    example: { name: "base", at: '<contextEntry> in <context id="c1"> in model.dmn:12' },
    explain: "A boxed context declares an entry name twice.",
  }),
  "dmn.invocation.callee": entry({
    severity: "error",
    message: located("invocation without a function name: name the business knowledge model to call in its literal expression"),
    example: { at: '<invocation id="inv1"> in model.dmn:12' },
    explain: "An `<invocation>` that does not name the function it calls.",
  }),
  "dmn.invocation.binding": entry({
    severity: "error",
    message: located("binding without a parameter name: name the parameter it binds"),
    example: { at: '<binding> in <invocation id="inv1"> in model.dmn:12' },
    explain: "An invocation `<binding>` without a parameter.",
  }),
  "dmn.function.unknown": entry({
    severity: "error",
    message: located(
      variants({
        engine: (p: { name: string }) =>
          `\`${p.name}\` is called here but is no FEEL built-in and no function of the model: an engine's own function (Camunda's custom FEEL functions, a vendor library) is not part of the file; define it as a <businessKnowledgeModel>, or rewrite the call in FEEL`,
        entry: (p: { name: string; bkm: string }) =>
          `\`${p.name}\` is called here, but it is an entry of the context that the business knowledge model \`${p.bkm}\` returns, and DMN puts only \`${p.bkm}\` itself in a decision's scope (dmn-scala adds its entries): call it through the function, \`${p.bkm}().${p.name}(...)\``,
      }),
    ),
    example: { variant: "engine", name: "myFunction", at: '<decision id="d1" name="Price"> in model.dmn:8' },
    explain:
      "A decision calls a name that neither FEEL nor the model defines. Engines let applications register functions of their own (Camunda's FEEL function providers, a vendor's library); the file does not carry them, so the call cannot be evaluated. When the name is an entry of the context a parameterless business knowledge model returns (dmn-scala reads such entries as the decision's own names), the message says so and how DMN calls it. The check rejects the model (`names.unknown`) until the function is defined in the model.",
  }),
  "dmn.function.kind": entry({
    severity: "error",
    message: located((p: { kind: string }) => `unsupported function kind "${p.kind}": write the function in FEEL`),
    example: { kind: "SQL", at: '<functionDefinition id="f1"> in model.dmn:30' },
    explain: "A function definition whose `kind` is not FEEL, Java or PMML (nor Drools' letters F, J, P).",
  }),
  "dmn.function.pmml": entry({
    severity: "error",
    message: located(
      () =>
        "a PMML model cannot be evaluated here: write its logic as a FEEL decision table or expression (or score the PMML model elsewhere and pass its result as an input)",
    ),
    example: { at: '<encapsulatedLogic kind="PMML"> in <businessKnowledgeModel id="b1" name="score"> in model.dmn:40' },
    explain: "A function of kind PMML: there is no PMML evaluator. The function is written as `unmapped` and fails the check.",
  }),
  "dmn.function.java": entry({
    severity: "error",
    message: located(
      (p: { reason: string }) =>
        `${p.reason} (the Java methods evaluated here are listed in docs/java-externals.md): write the function in FEEL`,
    ),
    example: {
      reason: "the Java class com.acme.Tax is not one of the mapped classes (java.lang.Math, java.lang.String)",
      at: '<encapsulatedLogic kind="Java"> in <businessKnowledgeModel id="b1" name="tax"> in model.dmn:40',
    },
    explain:
      "A function of kind Java that names a class or method the runtime does not map, or no class and method signature at all. There is no JVM: only the mapped java.lang methods run. The function is written as `unmapped` and fails the check.",
  }),
  "dmn.relation.row": entry({
    severity: "error",
    message: located(
      (p: { cells: number; columns: number }) => `row has ${p.cells} cells for ${p.columns} columns: give the row one cell per column`,
    ),
    example: { cells: 2, columns: 3, at: '<row> in <relation id="r1"> in model.dmn:12' },
    explain: "A relation row whose cells do not match the columns.",
  }),
  "dmn.iterator.variable": entry({
    severity: "error",
    message: located("iterator without iteratorVariable: name the variable each item is bound to"),
    example: { at: '<for id="f1"> in model.dmn:12' },
    explain: "A `for`, `some` or `every` boxed expression without `iteratorVariable`.",
  }),
  "dmn.decision.logic": entry({
    severity: "warning",
    message: located(
      variants({
        none: (p: { name: string }) => `decision "${p.name}" has no value expression; it evaluates to null`,
        "empty-table": (p: { name: string }) =>
          `decision "${p.name}" has a decision table with neither outputs nor rules, which decides nothing; it evaluates to null: add an <output> and rules to automate it`,
      }),
    ),
    example: { variant: "none", name: "Risk", at: '<decision id="d1" name="Risk"> in model.dmn:12' },
    explain:
      "A decision without decision logic, or whose decision table has neither outputs nor rules (a modeler's first draft): DMN allows documenting a decision that is not automated; it evaluates to null. A table without outputs that has rules is refused (`dmn.table.outputs`).",
  }),
  "dmn.bkm.logic": entry({
    severity: "error",
    message: located(
      (p: { name: string }) => `business knowledge model "${p.name}" has no encapsulated logic: add its <encapsulatedLogic>`,
    ),
    example: { name: "Fee", at: '<businessKnowledgeModel id="b1" name="Fee"> in model.dmn:12' },
    explain: "A business knowledge model without `encapsulatedLogic`.",
  }),
  "dmn.service.outputs": entry({
    severity: "error",
    message: located("decision service without output decisions: name them as <outputDecision>s"),
    example: { at: '<decisionService id="s1" name="Score"> in model.dmn:12' },
    explain: "A decision service without `outputDecision`s.",
  }),
  "dmn.service.outputs-inferred": entry({
    severity: "warning",
    message: located(
      (p: { outputs: string }) =>
        `decision service without output decisions: imported with the encapsulated decisions no other one requires as its outputs (${p.outputs}); name them as <outputDecision>s`,
    ),
    example: { outputs: "Remote Greeting", at: '<decisionService id="s1" name="Greeting Service"> in model.dmn:12' },
    explain:
      "DMN requires a decision service to name its output decisions; some modelers write only the encapsulated ones. The import takes those that no other encapsulated decision requires as the outputs.",
  }),
  "dmn.service.inputs-inferred": entry({
    severity: "warning",
    message: located(
      (p: { inputs: string }) =>
        `decision service without input data: imported with the input data its decisions require or read as its parameters (${p.inputs}); name them as <inputData> of the service`,
    ),
    example: { inputs: "Applicant", at: '<decisionService id="s1" name="Greeting Service"> in model.dmn:12' },
    explain:
      "A decision service that names no inputs while its decisions require input data, or read it by name without a requirement (dmn-scala and Camunda allow both): the import makes that input data (in the file's order) the service's parameters.",
  }),
  "dmn.name.missing": entry({
    severity: "error",
    message: located((p: { element: string }) => `<${p.element}> without a name: name it (expressions refer to it by name)`),
    example: { element: "decision", at: '<decision id="d1"> in model.dmn:12' },
    explain: "A DRG element without a `name` whose id cannot stand for one (no id, or one another element or an expression already uses).",
  }),
  "dmn.bkm.unused": entry({
    severity: "warning",
    message: located(
      "business knowledge model without logic that no expression calls: left out (Camunda Modeler draws such BKMs, and Camunda 7 runs none); give it an <encapsulatedLogic> to use it",
    ),
    example: { at: '<businessKnowledgeModel id="BusinessKnowledgeModel_1"> in model.dmn:40' },
    explain:
      "A BKM with no `<encapsulatedLogic>` whose name (or id) no expression of the file mentions: it can never run, so it is not imported. One that an expression calls is refused (`dmn.bkm.logic`), since the call would have nothing to run.",
  }),
  "dmn.dialect.juel-engine": entry({
    severity: "warning",
    message: located(
      (p: { namespace: string }) =>
        `the file comes from Flowable or Activiti (namespace "${p.namespace}"), whose engines read table entries as JUEL: it is read as FEEL, DMN's default, which gives the same values except where an input is null or of another type (\`< 10\` on a null input matches in JUEL, not in FEEL); entries only JUEL reads (\`== 1\`, \`'a'\`, \`.startsWith("a")\`) are refused; check the results on null inputs`,
    ),
    example: { namespace: "http://www.flowable.org/dmn", at: '<definitions id="d1" name="Risk"> in model.dmn:1' },
    explain:
      "A file whose namespace is Flowable's or Activiti's and that names no expression language. DMN makes FEEL the default, and the import reads it so; the warning says where the engine the file was written for would differ.",
  }),
  "dmn.name.from-id": entry({
    severity: "warning",
    message: located(
      (p: { element: string; id: string }) =>
        `<${p.element}> without a name: imported under its id "${p.id}" (Camunda identifies decisions by id, and its modeler leaves a new one unnamed); name it to give it a name of its own`,
    ),
    example: { element: "decision", id: "Decision_13nychf", at: '<decision id="Decision_13nychf"> in model.dmn:2' },
    explain:
      "A DRG element without a `name`: no expression can read it by name, so it is imported under its id, when no other element has that name and no expression of the file mentions it.",
  }),
  "dmn.name.duplicate": entry({
    severity: "error",
    message: located((p: { name: string }) => `the name "${p.name}" is declared twice; this one is left out: rename one of them`),
    example: { name: "Risk", at: '<decision id="d2" name="Risk"> in model.dmn:12' },
    explain:
      "Two DRG elements with the same name, where the second cannot be imported under its id (it has none, the id names something else, or an element requiring it reads the shared name, or a decision service is built from it).",
  }),
  "dmn.name.renamed": entry({
    severity: "warning",
    message: located(
      (p: { name: string; renamed: string }) =>
        `the name "${p.name}" is declared twice; this one is imported as "${p.renamed}", its id (nothing that requires it reads "${p.name}"), and "${p.name}" means the first one: rename one of them`,
    ),
    example: { name: "Risk", renamed: "d2", at: '<decision id="d2" name="Risk"> in model.dmn:12' },
    explain:
      "Two DRG elements with the same name, which Camunda and dmn-scala accept since they identify decisions by id. The second is imported under its id when that names nothing else and no element requiring it reads the shared name (so no expression could mean the other one); otherwise it is left out (`dmn.name.duplicate`).",
  }),
  "dmn.element.unknown": entry({
    severity: "error",
    message: located(
      (p: { element: string }) => `unsupported element <${p.element}>, left out: what depends on it is missing, and the check says which`,
    ),
    example: { element: "performanceIndicator", at: '<performanceIndicator id="p1"> in model.dmn:12' },
    explain: "A DRG element the importer does not map.",
  }),
  "dmn.type.unknown": entry({
    severity: "error",
    message: located(
      (p: { typeRef: string }) =>
        `unknown typeRef "${p.typeRef}": no FEEL type and no itemDefinition of the file is called so (a type an engine defines in code, such as Camunda's custom data types, is not in the file, and guessing it could change the result): name a FEEL type (string, number, date, ...) or an itemDefinition, or remove the typeRef if the value is to be taken as it comes (what Camunda 7 does with a type it has no converter for)`,
    ),
    example: { typeRef: "feelDate", at: '<inputExpression id="ie1"> in <decisionTable id="t1"> in model.dmn:12' },
    explain:
      "A `typeRef` that is neither a FEEL type nor an item definition. Nothing is guessed: a decision or function using it is written as `unmapped`, an input or type keeps the name as written, and the check rejects either until the typeRef names a type.",
  }),
  "dmn.type.constraint": entry({
    severity: "warning",
    message: located((p: { tests: string }) => `allowed values "${p.tests}" on a type without a base kept only as documentation`),
    example: { tests: ">= 0", at: '<itemDefinition id="t1" name="tAmount"> in model.dmn:12' },
    explain: "`allowedValues` on an item definition without a base type; they are not enforced.",
  }),
  "dmn.type.language": entry({
    severity: "error",
    message: located(
      (p: { language: string }) => `unsupported type language "${p.language}", read as any: define the type with FEEL types`,
    ),
    example: { language: "http://www.w3.org/2001/XMLSchema", at: '<itemDefinition id="t1" name="tAmount"> in model.dmn:12' },
    explain: "An item definition in a type language other than FEEL.",
  }),
});
