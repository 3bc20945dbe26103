// How a payload travels shapes its JSON: a web form's fields posted as one URL-encoded string
// (`"seats=75&tier=gold&name=Kim%20Nguyen"`), a GraphQL API's lists paged as connections
// (`{"edges": [{"node": {…}}], "totalCount": 1}`). Both are read as what they carry before any key
// is matched; the key `form` is a form, not "former".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formFields, withFormFields } from "../../src/providers/readers/json-form-encoded.js";
import { withConnectionsAsLists } from "../../src/providers/readers/json-connections.js";
import { readJson } from "../../src/providers/readers/json-reader.js";
import { sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;
const lending = sample("lending").ir.inputs;
const REF = "2026-11-25";
const valuesOf = (read: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(read).map(([k, v]) => [k, v.value]));

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
const value = fc.string({ maxLength: 12 });

describe("a form's fields in a URL-encoded string", () => {
  it("decodes any object's fields back to the object", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, value), { minLength: 2, maxLength: 8, selector: ([k]) => k }), (pairs) => {
        const encoded = new URLSearchParams(pairs).toString();
        expect(formFields(encoded)).toEqual(Object.fromEntries(pairs));
      }),
      { numRuns: 100 },
    );
  });
  it("leaves prose, one field alone, and strings with spaces as they are", () => {
    for (const s of ["a=b", "price = 5 & tax = 2", "see https://x.test/?a=1&b=2", "AT&T", "x=1&&y=2"])
      expect(formFields(s)).toBeUndefined();
    expect(withFormFields({ note: "rent=950 & more" })).toEqual({ note: "rent=950 & more" });
  });
  it("reads a quote posted as a form under any carrier key", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("form", "payload", "body", "raw"),
        fc.integer({ min: 2, max: 900 }),
        fc.integer({ min: 1, max: 5 }),
        (carrier, seats, years) => {
          const state = {
            event: "checkout.submitted",
            data: { [carrier]: `seats=${seats}&list_price_usd=49.5&tier=gold&term_years=${years}` },
          };
          const got = valuesOf(readJson(pricing, state, REF));
          expect(got, JSON.stringify(state)).toMatchObject({
            quantity: seats,
            "list price": 49.5,
            "customer tier": "gold",
            "contract years": years,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("GraphQL connections", () => {
  it("reads edges of nodes, and nodes, as the list of their items", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), amount: fc.nat() }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (items, asEdges) => {
          const connection = asEdges
            ? { edges: items.map((node, i) => ({ node, cursor: `c${i}` })), pageInfo: { hasNextPage: false }, totalCount: items.length }
            : { nodes: items, totalCount: items.length };
          expect(withConnectionsAsLists({ data: { things: connection } })).toEqual({ data: { things: items } });
        },
      ),
      { numRuns: 60 },
    );
  });
  it("leaves an object with other keys beside its edges, and an empty connection, as they are", () => {
    const other = { edges: [{ node: { a: 1 } }], label: "x" };
    expect(withConnectionsAsLists(other)).toEqual(other);
    const empty = { totalCount: 0, edges: [] };
    expect(withConnectionsAsLists({ debts: empty })).toEqual({ debts: empty });
  });
  it("reads the accepted version of a quote listed as a connection", () => {
    const node = (version: number, status: string, seats: number, coupon: string) => ({
      node: { version, status, seats, listPrice: "12.00", couponPercent: coupon },
    });
    const state = {
      data: { deal: { versions: { edges: [node(1, "DRAFT", 40, "5"), node(2, "SIGNED", 35, "10"), node(3, "REJECTED", 60, "25")] } } },
    };
    expect(valuesOf(readJson(pricing, state, REF))).toMatchObject({ quantity: 35, "coupon percent": 10, "list price": 12 });
  });
  it("reads a score from a connection's one complete report", () => {
    const state = { data: { applicant: { reports: { edges: [{ node: { bureau: "TRANSUNION", score: 702, status: "COMPLETE" } }] } } } };
    expect(readJson(lending, state, REF)["credit score"]?.value).toBe(702);
  });
});
