import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importDmn } from "../../src/dmn/index.js";
import { MAX_ATTRIBUTES, MAX_VALUE_CHARS, MAX_XML_DEPTH } from "../../src/dmn/xml-limits.js";
import { decodeXmlBytes } from "../../src/dmn/xml-bytes.js";
import { decision, dmn, literal } from "./helpers.js";

const refusal = (r: ReturnType<typeof importDmn>) => {
  expect(r.content).toBeNull();
  return r.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n");
};

/** A document holding `value` at its third line's start, in each place a long value may be. */
const PLACES: Record<string, (value: string) => string> = {
  "an attribute value": (v) => dmn(`<decision id="d" name="d"\nlabel="${v}">${literal("1")}</decision>`),
  "a text": (v) => dmn(`<decision id="d" name="d">\n${literal(`"${v}"`)}</decision>`),
  "a CDATA section": (v) => dmn(`<decision id="d" name="d">\n${literal(`<![CDATA["${v}"]]>`)}</decision>`),
  "a comment": (v) => dmn(`<!--\n${v}-->${decision("d", literal("1"))}`),
  "a processing instruction": (v) => dmn(`<?pi\n${v}?>${decision("d", literal("1"))}`),
};

describe("DMN import: the limits of one value and of nesting", () => {
  for (const [what, doc] of Object.entries(PLACES)) {
    it(`refuses ${what} past the limit at its line and column, and reads one at it`, () => {
      expect(importDmn(doc("a".repeat(MAX_VALUE_CHARS - 10))).content).not.toBeNull();
      const message = refusal(importDmn(doc("a".repeat(MAX_VALUE_CHARS + 10)), { file: "big.dmn" }));
      expect(message).toMatch(new RegExp(`^dmn\\.xml big\\.dmn:\\d+:\\d+: ${what} of [\\d,]+ characters is longer than the 1,000,000`));
    });
  }

  it("refuses an element nested past the limit at its line and column", () => {
    const deep = (n: number) => dmn(`<decision id="d" name="d">\n${"<x>".repeat(n)}${"</x>".repeat(n)}${literal("1")}</decision>`);
    expect(importDmn(deep(MAX_XML_DEPTH - 10)).content).not.toBeNull();
    // the root and the decision hold the first two levels: the one past the limit is the <x> at column 3 * (limit - 2) + 1 of line 4
    expect(refusal(importDmn(deep(100_000), { file: "deep.dmn" }))).toBe(
      `dmn.xml deep.dmn:4:${3 * (MAX_XML_DEPTH - 2) + 1}: an element nested ${MAX_XML_DEPTH + 1} deep: a DMN file is read to a depth of ${MAX_XML_DEPTH}`,
    );
  });
});

describe("DMN import: the bytes of a file", () => {
  const doc = dmn(decision("d", literal(`"h\u00e9llo \u4e16\u754c \u{1f600}"`)));
  const expected = importDmn(doc).content;

  it("reads UTF-8 with or without a byte order mark, and UTF-16 of either order with one", () => {
    const utf16be = Buffer.from(doc, "utf16le").swap16();
    for (const bytes of [
      Buffer.from(doc),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc, "utf16le")]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]),
    ])
      expect(importDmn(bytes).content).toEqual(expected);
  });

  it("refuses a byte that is not UTF-8 at its line and column", () => {
    const bytes = Buffer.from(doc);
    const at = bytes.indexOf(Buffer.from("\u00e9"));
    bytes[at] = 0xff;
    const line = doc.slice(0, doc.indexOf("\u00e9")).split("\n").length;
    const column = doc.indexOf("\u00e9") - doc.lastIndexOf("\n", doc.indexOf("\u00e9"));
    expect(refusal(importDmn(bytes, { file: "bad.dmn" }))).toBe(
      `dmn.xml bad.dmn:${line}:${column}: the byte 0xFF is not UTF-8: save the file as UTF-8 (or UTF-16 with a byte order mark)`,
    );
  });

  it("refuses exactly the bytes a strict UTF-8 decoder refuses, and reads the others as it does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        fc.pre(
          !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) &&
            !(bytes[0] === 0xff && bytes[1] === 0xfe) &&
            !(bytes[0] === 0xfe && bytes[1] === 0xff),
        );
        let strict: string | undefined;
        try {
          strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
        } catch {
          strict = undefined;
        }
        const decoded = decodeXmlBytes(bytes);
        expect("text" in decoded ? decoded.text : undefined).toBe(strict);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("DMN import: the attributes of one start tag", () => {
  it("refuses a start tag of more attributes or namespace declarations than the limit at its line and column, and reads one at it", () => {
    const many = (n: number, attribute: (i: number) => string) =>
      dmn(`<decision id="d" name="d"\n${Array.from({ length: n - 2 }, (_, i) => attribute(i)).join(" ")}>${literal("1")}</decision>`);
    const kinds = { attributes: (i: number) => `a${i}="${i}"`, "namespace declarations": (i: number) => `xmlns:n${i}='urn:n${i}'` };
    for (const [what, attribute] of Object.entries(kinds)) {
      expect(importDmn(many(MAX_ATTRIBUTES, attribute)).content, what).not.toBeNull();
      const message = refusal(importDmn(many(200_000, attribute), { file: "flood.dmn" }));
      expect(message, what).toMatch(
        /^dmn\.xml flood\.dmn:\d+:\d+: a start tag with more than 256 attributes \(namespace declarations included\)/,
      );
      expect(message.split("\n")).toHaveLength(1);
    }
  });
});
