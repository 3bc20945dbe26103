// Builds small DMN documents for importer tests.
const DMN15 = "https://www.omg.org/spec/DMN/20230324/MODEL/";
export const DMN11 = "http://www.omg.org/spec/DMN/20151101/dmn.xsd";

export function dmn(body: string, opts: { ns?: string; name?: string; namespace?: string; prefix?: string } = {}): string {
  const p = opts.prefix ? `${opts.prefix}:` : "";
  const xmlns = opts.prefix ? `xmlns:${opts.prefix}="${opts.ns ?? DMN15}"` : `xmlns="${opts.ns ?? DMN15}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${p}definitions ${xmlns} id="defs" name="${opts.name ?? "test model"}" namespace="${opts.namespace ?? "http://example.com/test"}">
${body}
</${p}definitions>`;
}

export const literal = (text: string): string => `<literalExpression><text>${text}</text></literalExpression>`;

export const decision = (name: string, expr: string, typeRef?: string, extra = ""): string =>
  `<decision id="d_${name.replace(/\W/g, "_")}" name="${name}"><variable name="${name}"${typeRef ? ` typeRef="${typeRef}"` : ""}/>${extra}${expr}</decision>`;

export const input = (name: string, typeRef?: string): string =>
  `<inputData id="i_${name.replace(/\W/g, "_")}" name="${name}"><variable name="${name}"${typeRef ? ` typeRef="${typeRef}"` : ""}/></inputData>`;
