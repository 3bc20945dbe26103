// Denials that Japanese and Korean write after what they deny ("請求はありません", "延滞なし",
// "경찰 신고는 없습니다"), beside a span of years counted back ("過去5年間", "지난 5년간"): read as
// none, false, never as the span's count of years, and never above 0.9 (read through a translation).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile } from "./helpers.js";

const model = (name: string) =>
  compile(JSON.parse(readFileSync(new URL(`../fixtures/evidence/models/${name}.json`, import.meta.url), "utf8")) as Record<string, unknown>)
    .ir.inputs;
const motor = model("motor-quote");
const loan = model("loan-application");
const claims = model("property-claims");

/** Each language's span of years, the noun denied with its particle, and the denial after it. */
const JAPANESE = {
  span: (n: number) => fc.constantFrom(`過去${n}年間、`, `過去${n}年の`, `最近${n}年間の`),
  particle: fc.constantFrom("は", "も", ""),
  denial: fc.constantFrom("ありません", "ありませんでした", "ございません", "なし", "一度もありません", "一切ありません"),
};
const KOREAN = {
  span: (n: number) => fc.constantFrom(`지난 ${n}년간 `, `최근 ${n}년 동안 `, `지난 ${n}년 `),
  particle: fc.constantFrom("는", "은", "도", ""),
  denial: fc.constantFrom(" 없습니다", " 없었습니다", " 없어요", " 없음", " 전혀 없습니다", "없습니다"),
};
/** The nouns of each input, by language: with a final consonant in Korean ("청구", "연체" take 는; none here takes 은). */
const NOUNS = {
  ja: { claims: ["保険請求", "事故歴", "請求"], default: ["延滞", "滞納"], police: ["警察"] },
  ko: { claims: ["보험금 청구", "청구"], default: ["연체"], police: ["경찰 신고"] },
};

const denied = (language: "ja" | "ko", noun: keyof (typeof NOUNS)["ja"]) => {
  const words = language === "ja" ? JAPANESE : KOREAN;
  return fc
    .integer({ min: 2, max: 9 })
    .chain((years) =>
      fc.tuple(fc.constant(years), words.span(years), fc.constantFrom(...NOUNS[language][noun]), words.particle, words.denial),
    )
    .map(([years, span, word, particle, denial]) => ({
      years,
      text: `${span}${word}${language === "ko" && particle === "은" ? "는" : particle}${denial}${language === "ja" ? "。" : "."}`,
    }));
};

describe("denials after the noun in Japanese and Korean", () => {
  it("read no claims as none, never the span's count of years", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("ja" as const, "ko" as const).chain((l) => denied(l, "claims")),
        ({ years, text }) => {
          const read = readText(motor, text)["prior claims"];
          expect(read?.value, text).toBe(0);
          expect(read!.confidence).toBeLessThan(0.9);
          expect(Object.values(readText(motor, text)).map((v) => v.value)).not.toContain(years);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("read no default as false", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("ja" as const, "ko" as const).chain((l) => denied(l, "default")),
        ({ text }) => {
          const read = readText(loan, text)["prior default"];
          expect(read?.value, text).toBe(false);
          expect(read!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("read no police report as false beside a peril", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("ja" as const, "ko" as const).chain((l) => denied(l, "police").map((d) => ({ ...d, l }))),
        ({ l, text }) => {
          const stated = `${l === "ja" ? "昨日、火災がありました。" : "어제 화재가 났습니다. "}${text}`;
          const read = readText(claims, stated)["police report"];
          expect(read?.value, stated).toBe(false);
          expect(read!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("read a peril denied after it as no peril of that kind", () => {
    fc.assert(
      fc.property(fc.constantFrom("盗難ではなく、水漏れです。", "도난이 아니라 누수입니다.", "도난이 아니고 누수입니다."), (text) => {
        expect(readText(claims, text).peril?.value, text).not.toBe("theft");
      }),
    );
  });
});
