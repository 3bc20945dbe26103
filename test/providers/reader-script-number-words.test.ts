// Numbers in words as Korean and Thai write them ("삼만 오천 달러", "สามหมื่นห้าพันดอลลาร์"), a range
// in them read as no one number, and the yuan, won and baht as currencies: a figure in one of them
// beside its value in dollars gives the dollars. All read through a translation: never above 0.9.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile } from "./helpers.js";

const loan = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/loan-application.json", import.meta.url), "utf8")) as Record<
    string,
    unknown
  >,
).ir.inputs;

const KOREAN_DIGITS = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
const THAI_DIGITS = ["", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า"];

/** Below ten thousand in Sino-Korean words, "일" left out before a unit ("천이백"). */
function koreanUnder10k(n: number): string {
  const units: [number, string][] = [
    [1000, "천"],
    [100, "백"],
    [10, "십"],
  ];
  let out = "";
  for (const [size, unit] of units) {
    const d = Math.floor(n / size) % 10;
    if (d > 0) out += `${d === 1 ? "" : KOREAN_DIGITS[d]}${unit}`;
  }
  return out + KOREAN_DIGITS[n % 10];
}
/** A number in Korean words, a blank after its ten thousands ("삼만 오천"). */
const korean = (n: number): string =>
  [Math.floor(n / 1e4) && `${Math.floor(n / 1e4) === 1 ? "" : koreanUnder10k(Math.floor(n / 1e4))}만`, koreanUnder10k(n % 1e4)]
    .filter(Boolean)
    .join(" ");

/** Below a million in Thai words: "ยี่" for two tens, "เอ็ด" for a one after tens, "สิบ" alone for ten. */
function thaiUnderMillion(n: number): string {
  const units: [number, string][] = [
    [1e5, "แสน"],
    [1e4, "หมื่น"],
    [1000, "พัน"],
    [100, "ร้อย"],
  ];
  let out = "";
  for (const [size, unit] of units) {
    const d = Math.floor(n / size) % 10;
    if (d > 0) out += `${THAI_DIGITS[d]}${unit}`;
  }
  const tens = Math.floor(n / 10) % 10;
  if (tens > 0) out += `${tens === 1 ? "" : tens === 2 ? "ยี่" : THAI_DIGITS[tens]}สิบ`;
  const ones = n % 10;
  return out + (ones === 1 && tens > 0 ? "เอ็ด" : THAI_DIGITS[ones]);
}
const thai = (n: number): string => `${n >= 1e6 ? `${thaiUnderMillion(Math.floor(n / 1e6))}ล้าน` : ""}${thaiUnderMillion(n % 1e6)}`;

describe("numbers in Korean and Thai words", () => {
  it("read as the number they say before a currency, and a range in them as no one number", () => {
    fc.assert(
      // from eleven up, a number in words holds a unit: a lone "삼" is no number
      fc.property(fc.integer({ min: 11, max: 9_999_999 }), fc.integer({ min: 2, max: 8 }), fc.boolean(), (n, low, inKorean) => {
        const text = inKorean ? `연봉은 ${korean(n)} 달러입니다.` : `รายได้ต่อปี ${thai(n)}ดอลลาร์`;
        const read = readText(loan, text)["annual income"];
        expect(read?.value, text).toBe(n);
        expect(read!.confidence).toBeLessThan(0.9);
        const range = inKorean
          ? `연봉은 ${korean(low * 1e4)}에서 ${korean((low + 1) * 1e4)} 달러 정도입니다.`
          : `รายได้ต่อปี ประมาณ${THAI_DIGITS[low]}ถึง${THAI_DIGITS[low + 1]}หมื่นดอลลาร์`;
        expect(readText(loan, range)["annual income"], range).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });
});

describe("the yuan, won and baht as currencies", () => {
  it("a figure in them beside its value in dollars gives the dollars", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }).map((n) => n * 1000),
        fc.integer({ min: 10, max: 99 }).map((n) => n * 1000),
        fc.constantFrom(
          (local: number, usd: number) => `年收入：${local}元（约${usd}美元）。`,
          (local: number, usd: number) => `연봉은 ${local}원(약 ${usd} 달러)입니다.`,
          (local: number, usd: number) => `연봉은 ₩${local.toLocaleString("en-US")} (약 ${usd} 달러)입니다.`,
          (local: number, usd: number) => `รายได้ต่อปี ${local.toLocaleString("en-US")} บาท (ประมาณ ${usd} ดอลลาร์)`,
          (local: number, usd: number) => `รายได้ต่อปี ฿${local} (ประมาณ ${usd} ดอลลาร์)`,
        ),
        (local, usd, write) => {
          const text = write(local, usd);
          const read = readText(loan, text)["annual income"];
          expect(read?.value, text).toBe(usd);
        },
      ),
      { numRuns: 100 },
    );
  });
});
