import { describe, expect, it } from "vitest";
import { parseXml, type XmlElement } from "../../src/dmn/xml.js";
import { compareValue } from "../../src/tck/compare.js";
import { readValue } from "../../src/tck/xml-values.js";
import { Decimal } from "../../src/runtime/decimal.js";
import {
  DaysTimeDuration,
  FeelContext,
  FeelDate,
  FeelDateTime,
  FeelTime,
  YearsMonthsDuration,
  type FeelValue,
} from "../../src/runtime/values.js";

const NS = `xmlns="http://www.omg.org/spec/DMN/20160719/testcase" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"`;

function node(inner: string, attrs = ""): XmlElement {
  const r = parseXml(`<expected ${NS} ${attrs}>${inner}</expected>`);
  if ("error" in r) throw new Error(r.error);
  return r.root;
}

const read = (inner: string, declared?: unknown, types: Record<string, unknown> = {}) => readValue(node(inner), declared, { types });

describe("readValue", () => {
  it("reads typed scalars", () => {
    expect((read(`<value xsi:type="xsd:decimal">1.50</value>`) as Decimal).eq(new Decimal("1.5"))).toBe(true);
    expect((read(`<value xsi:type="xsd:double">2e3</value>`) as Decimal).eq(2000)).toBe(true);
    expect(read(`<value xsi:type="xsd:string">  a b </value>`)).toBe("  a b ");
    expect(read(`<value xsi:type="xsd:boolean">false</value>`)).toBe(false);
    expect(read(`<value xsi:type="xsd:date">2017-01-02</value>`)).toEqual(new FeelDate(2017, 1, 2));
    expect(read(`<value xsi:type="xsd:time">10:11:12Z</value>`)).toEqual(new FeelTime(10, 11, 12, 0, 0, null));
    const dt = read(`<value xsi:type="xsd:dateTime">2017-01-02T10:11:12</value>`) as FeelDateTime;
    expect([dt.kind, dt.year, dt.hour, dt.offset]).toEqual(["date and time", 2017, 10, null]);
    expect(read(`<value xsi:type="xsd:duration">P1Y2M</value>`)).toEqual(new YearsMonthsDuration(14));
    const d = read(`<value xsi:type="xsd:duration">P1DT1H</value>`) as DaysTimeDuration;
    expect(d.seconds.eq(90000)).toBe(true);
  });

  it("reads nil, lists and components", () => {
    expect(read(`<value xsi:nil="true"/>`)).toBeNull();
    expect(readValue(node("", `xsi:nil="true"`), undefined, { types: {} })).toBeNull();
    const list = read(`<list><item><value xsi:type="xsd:string">a</value></item><item><value xsi:nil="true"/></item></list>`);
    expect(list).toEqual(["a", null]);
    const ctx = read(
      `<component name="x y"><value xsi:type="xsd:boolean">true</value></component><component name="z"><list/></component>`,
    ) as FeelContext;
    expect(ctx).toBeInstanceOf(FeelContext);
    expect([...ctx.entries.entries()]).toEqual([
      ["x y", true],
      ["z", []],
    ]);
  });

  it("types untyped values by the declared type, through named types and structs", () => {
    expect((read(`<value>10</value>`, "number") as Decimal).eq(10)).toBe(true);
    expect(read(`<value>10</value>`)).toBe("10");
    expect(read(`<value>true</value>`, "tFlag", { tFlag: "boolean" })).toBe(true);
    const types = { tP: { age: "number", born: "date", tags: ["string"] } };
    const ctx = read(
      `<component name="age"><value>42</value></component><component name="born"><value>2000-01-01</value></component>
       <component name="tags"><list><item><value>7</value></item></list></component>`,
      "tP",
      types,
    ) as FeelContext;
    expect((ctx.get("age") as Decimal).eq(42)).toBe(true);
    expect(ctx.get("born")).toEqual(new FeelDate(2000, 1, 1));
    expect(ctx.get("tags")).toEqual(["7"]);
  });
});

describe("compareValue", () => {
  const cmp = (inner: string, actual: FeelValue | undefined) => compareValue(node(inner), actual);

  it("compares numbers by decimal equality", () => {
    expect(cmp(`<value xsi:type="xsd:decimal">1.0</value>`, new Decimal(1)).ok).toBe(true);
    expect(cmp(`<value xsi:type="xsd:decimal">1.1</value>`, new Decimal(1)).ok).toBe(false);
    expect(cmp(`<value xsi:type="xsd:decimal">1</value>`, "1").ok).toBe(false);
  });

  it("accepts rounded and double-computed expected numbers, with a note", () => {
    const rounded = cmp(`<value xsi:type="xsd:decimal">1.38629436</value>`, new Decimal("1.386294361119890618834464242916353"));
    expect(rounded).toMatchObject({ ok: true });
    expect(rounded.ok && rounded.note).toContain("rounded to 9 digits");
    const doubled = cmp(`<value xsi:type="xsd:decimal">662.707359373292</value>`, new Decimal("662.7073593732659271562143285576524"));
    expect(doubled.ok && doubled.note).toContain("relative");
    // few digits: no rounding tolerance
    expect(cmp(`<value xsi:type="xsd:decimal">2</value>`, new Decimal("2.4")).ok).toBe(false);
    expect(cmp(`<value xsi:type="xsd:decimal">1.38629437</value>`, new Decimal("1.386294361119890618834464242916353")).ok).toBe(false);
    expect(cmp(`<value xsi:type="xsd:double">0.1</value>`, new Decimal("0.1000000000000000000001")).ok).toBe(true);
  });

  it("compares null, lists and contexts structurally", () => {
    expect(cmp(`<value xsi:nil="true"/>`, null).ok).toBe(true);
    expect(cmp(`<value xsi:nil="true"/>`, undefined).ok).toBe(true);
    expect(cmp(`<value xsi:nil="true"/>`, false).ok).toBe(false);
    const list = `<list><item><value xsi:type="xsd:string">a</value></item><item><value xsi:type="xsd:decimal">2</value></item></list>`;
    expect(cmp(list, ["a", new Decimal(2)]).ok).toBe(true);
    expect(cmp(list, ["a"]).ok).toBe(false);
    expect(cmp(list, ["a", new Decimal(3)])).toEqual({ ok: false, reason: "result[2]: expected 2, got 3" });
    const ctx = `<component name="a"><value xsi:type="xsd:boolean">true</value></component>`;
    expect(cmp(ctx, FeelContext.of({ a: true })).ok).toBe(true);
    expect(cmp(ctx, FeelContext.of({ a: true, b: null })).ok).toBe(false);
    expect(cmp(ctx, FeelContext.of({ b: true })).ok).toBe(false);
  });

  it("reads untyped expected values as the kind of the actual value", () => {
    expect(cmp(`<value>10</value>`, new Decimal(10)).ok).toBe(true);
    expect(cmp(`<value>true</value>`, true).ok).toBe(true);
    expect(cmp(`<value>2017-01-01</value>`, new FeelDate(2017, 1, 1)).ok).toBe(true);
    expect(cmp(`<value>11</value>`, new Decimal(10)).ok).toBe(false);
  });

  it("compares temporal values by FEEL equality", () => {
    const utc = new FeelDateTime(2017, 1, 1, 10, 0, 0, 0, 0, null);
    expect(cmp(`<value xsi:type="xsd:dateTime">2017-01-01T11:00:00+01:00</value>`, utc).ok).toBe(true);
    expect(cmp(`<value xsi:type="xsd:dateTime">2017-01-01T11:00:00Z</value>`, utc).ok).toBe(false);
    expect(cmp(`<value xsi:type="xsd:duration">P1D</value>`, new DaysTimeDuration(new Decimal(86400))).ok).toBe(true);
    expect(cmp(`<value xsi:type="xsd:duration">P12M</value>`, new YearsMonthsDuration(12)).ok).toBe(true);
  });
});
