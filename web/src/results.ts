// What a run gave: each decision's value with the rule that fired and its steps, each answer as a
// distribution drawn as bars, and the receipt with its signature checked against the service's keys.
import type { Answer, ExecuteResponse } from "./api.js";
import { h, show } from "./dom.js";
import { verifyReceipt } from "./receipt.js";

/** An answer's distribution as (label, probability) pairs. */
function bars(a: Answer): [string, number][] {
  if (typeof a.probability === "number")
    return [
      ["true", a.probability],
      ["false", 1 - a.probability],
    ];
  if (Array.isArray(a.distribution)) return a.distribution.map((d) => [show(d.value), d.p]);
  if (a.distribution) return Object.entries(a.distribution);
  return [[show(a.value), 1]];
}

function answerView(id: string, a: Answer): HTMLElement {
  return h(
    "div",
    { class: "answer", "data-question": id },
    h("div", { class: "answer-head" }, h("strong", {}, id), " ", show(a.value)),
    ...bars(a).map(([label, p]) =>
      h(
        "div",
        { class: "bar-row" },
        h("span", { class: "bar-label" }, label),
        h("span", { class: "bar-track" }, h("span", { class: "bar", style: `width: ${(p * 100).toFixed(1)}%` })),
        h("span", { class: "bar-p" }, `${(p * 100).toFixed(p === 0 || p === 1 ? 0 : 1)}%`),
      ),
    ),
  );
}

function decisionsView(r: ExecuteResponse): HTMLElement {
  const explained = r.receipt.explanation?.decisions ?? {};
  return h(
    "table",
    { class: "decisions" },
    h("thead", {}, h("tr", {}, h("th", {}, "decision"), h("th", {}, "value"), h("th", {}, "how"))),
    h(
      "tbody",
      {},
      Object.entries(r.receipt.decisions).map(([name, d]) => {
        const e = explained[name];
        const how = [
          d.rule !== undefined ? `rule ${[d.rule].flat().join(", ")} fired` : "",
          ...(e?.steps ?? []).map((s) => {
            // a let entry by its name, a call by its function's address, an if by its branch
            const where = s.address === e!.address ? "" : ` ${s.address.replace(`${e!.address}.let.`, "")}`;
            return `${s.kind}${where}${s.branch ? ` → ${s.branch}` : ""} = ${show(s.value)}`;
          }),
          e?.nullCause ? `null: ${e.nullCause.reason} at ${e.nullCause.address}: ${e.nullCause.detail}` : "",
        ].filter(Boolean);
        return h(
          "tr",
          { "data-decision": name },
          h("td", {}, name),
          h("td", { class: "value" }, show(d.value)),
          h("td", { class: "how" }, how.join("; ")),
        );
      }),
    ),
  );
}

/** What a reader took from evidence: each input's value, how sure it was, and where it found it. */
function readView(r: ExecuteResponse): HTMLElement | null {
  const read = Object.entries(r.receipt.read ?? {});
  if (read.length === 0) return null;
  return h(
    "table",
    { class: "read" },
    h("thead", {}, h("tr", {}, h("th", {}, "input"), h("th", {}, "read"), h("th", {}, "confidence"), h("th", {}, "from"))),
    h(
      "tbody",
      {},
      read.map(([name, x]) =>
        h(
          "tr",
          { "data-input": name },
          h("td", {}, name),
          h("td", { class: "value" }, show(x.value)),
          h("td", {}, x.confidence.toFixed(2)),
          h("td", { class: "source" }, x.source?.text ?? x.source?.path ?? ""),
        ),
      ),
    ),
  );
}

export function resultView(r: ExecuteResponse): HTMLElement {
  const verdict = h("span", { class: "verdict pending" }, "checking the signature…");
  void verifyReceipt(r.receipt).then((v) => {
    verdict.className = `verdict ${v.ok ? "ok" : "bad"}`;
    verdict.textContent = v.ok ? `✓ signature verified with key ${v.kid} (GET /v1/keys)` : `✗ not verified: ${v.reason}`;
  });
  return h(
    "div",
    { class: "result" },
    h("h3", {}, "Answers"),
    h(
      "div",
      { class: "answers" },
      Object.entries(r.answers).map(([id, a]) => answerView(id, a)),
    ),
    ...(readView(r) ? [h("h3", {}, "Read from the evidence"), readView(r)] : []),
    h("h3", {}, "Decisions"),
    decisionsView(r),
    h("h3", {}, "Receipt ", verdict),
    h("details", { class: "receipt" }, h("summary", {}, "the signed receipt"), h("pre", {}, JSON.stringify(r.receipt, null, 2))),
  );
}
