// Evidence in languages written without blanks between words (Japanese, Chinese, Thai) or with
// words glued to particles and prefixes (Korean, Hebrew, Arabic): numbers in their numerals and
// units, dates with their months and eras, days counted back from a dated message, and the cue
// words of the inputs with what glues onto them. Every value so read is read through a
// translation: never above 0.9.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { compile, sample } from "./helpers.js";

const pricing = sample("pricing").ir.inputs;
const claims = compile(
  JSON.parse(readFileSync(new URL("../fixtures/evidence/models/property-claims.json", import.meta.url), "utf8")) as Record<string, unknown>,
).ir.inputs;

const KANJI = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const SMALL: [number, string][] = [
  [1000, "千"],
  [100, "百"],
  [10, "十"],
];

/** A number below ten thousand in numerals and units, "一" left out before a unit as it is written ("千二百"). */
function underTenThousand(n: number): string {
  let out = "";
  for (const [size, unit] of SMALL) {
    const d = Math.floor(n / size) % 10;
    if (d > 0) out += `${d === 1 ? "" : KANJI[d]}${unit}`;
  }
  return out + KANJI[n % 10];
}

/**
 * A number as Chinese, Japanese or Korean writes it, in groups of ten thousand: in numerals
 * ("三千二百"), in digits before the unit of ten thousand ("1250万8751", "3万2千"), or in Korean's
 * digits before each unit ("1만 3천 8백").
 */
function written(n: number, style: "kanji" | "digits" | "korean"): string {
  const high = Math.floor(n / 10000);
  const low = n % 10000;
  if (style === "kanji") return `${high ? `${underTenThousand(high) || "一"}万` : ""}${underTenThousand(low)}`;
  if (style === "korean") {
    const [thousands, hundreds, rest] = [Math.floor(low / 1000), Math.floor(low / 100) % 10, low % 100];
    return [high && `${high}만`, thousands && `${thousands}천`, hundreds && `${hundreds}백`, rest && `${rest}`].filter(Boolean).join(" ");
  }
  return `${high}万${low % 1000 === 0 && low ? `${low / 1000}千` : low || ""}`;
}

const SENTENCES: ((n: string) => string)[] = [
  (n) => `お客様の見積もりです。席数：${n}席、単価は年間120ドルです。`,
  (n) => `您好，我们需要${n}个账号，单价每年80美元。`,
  (n) => `안녕하세요. 좌석은 ${n}석으로 하겠습니다.`,
];

describe("numbers in CJK numerals and units", () => {
  it("read as the number they write, a count of seats in each language", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 9999 }),
        fc.constantFrom("kanji", "korean" as const),
        fc.integer({ min: 0, max: SENTENCES.length - 1 }),
        (n, style, which) => {
          // a bare count of a year's size is taken for a year and read as no count, in any language (read-numbers.ts)
          fc.pre(n < 1900 || n > 2100);
          const text = SENTENCES[style === "korean" ? 2 : which === 2 ? 0 : which]!(written(n, style));
          const read = readText(pricing, text);
          expect(read.quantity?.value).toBe(n);
          expect(read.quantity!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("read as claim amounts in ten thousands", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10000, max: 99_999_999 }), fc.constantFrom("digits", "korean" as const), (n, style) => {
        const text =
          style === "korean"
            ? `어제 집에 도둑이 들었어요. 피해액은 ${written(n, style)} 달러입니다.`
            : `昨天家里被盗了，损失大约${written(n, style)}美元，已经报警。`;
        const read = readText(claims, text, "2026-05-10");
        expect(read["claim amount"]?.value).toBe(n);
        expect(read["claim amount"]!.confidence).toBeLessThan(0.9);
      }),
      { numRuns: 100 },
    );
  });
});

const pad = (n: number) => String(n).padStart(2, "0");
const THAI_MONTHS = [
  "มกราคม",
  "กุมภาพันธ์",
  "มีนาคม",
  "เมษายน",
  "พฤษภาคม",
  "มิถุนายน",
  "กรกฎาคม",
  "สิงหาคม",
  "กันยายน",
  "ตุลาคม",
  "พฤศจิกายน",
  "ธันวาคม",
];
const HEBREW_MONTHS = ["ינואר", "פברואר", "מרץ", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר", "אוקטובר", "נובמבר", "דצמבר"];
const ARABIC_MONTHS = ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"];
/** Digits of another script: Thai, Arabic-Indic, full width. */
const inDigits = (s: string, zero: number) => s.replace(/\d/g, (d) => String.fromCharCode(zero + Number(d)));

/** A loss on a day, told in each language with its own way of writing the date. */
const LOSSES: ((y: number, m: number, d: number) => string)[] = [
  (y, m, d) => `${y}년 ${m}월 ${d}일에 부엌에서 화재가 났습니다.`,
  (y, m, d) => `出险日期：${y}年${m}月${d}号，厨房火灾。`,
  (y, m, d) => `เกิดไฟไหม้ที่บ้านเมื่อวันที่ ${d} ${THAI_MONTHS[m - 1]} ${y + 543}`,
  (y, m, d) => `เกิดไฟไหม้ที่บ้านเมื่อวันที่ ${inDigits(`${d}`, 0x0e50)} ${THAI_MONTHS[m - 1]} พ.ศ. ${inDigits(`${y + 543}`, 0x0e50)}`,
  (y, m, d) => `ב-${d} ב${HEBREW_MONTHS[m - 1]} ${y} הייתה שריפה במטבח.`,
  (y, m, d) => `وقع حريق في المطبخ يوم ${inDigits(`${d}`, 0x0660)} ${ARABIC_MONTHS[m - 1]} ${inDigits(`${y}`, 0x0660)}.`,
];

describe("dates as these languages write them", () => {
  it("read as their day, the Buddhist era's year as the common era's", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2015, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: LOSSES.length - 1 }),
        (y, m, d, way) => {
          const read = readText(claims, LOSSES[way]!(y, m, d), "2026-12-01");
          expect(read["loss date"]?.value).toBe(`${y}-${pad(m)}-${pad(d)}`);
          expect(read["loss date"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 120 },
    );
  });

  /** A message stamped with its day, telling of a loss the day before in its own word for yesterday. */
  const YESTERDAY: ((stamp: string) => string)[] = [
    (stamp) => `음성사서함\n수신: ${stamp}\n\n어제 밤에 태풍 때문에 창문이 깨졌어요.`,
    (stamp) => `受付メモ\n日付：${stamp}\n\n昨日、台風で窓が割れました。`,
    (stamp) => `Call note\nDate: ${stamp}\n\nเมื่อวานนี้ พายุทำให้หน้าต่างแตก`,
    (stamp) => `Call note\nDate: ${stamp}\n\nאתמול בלילה סערה שברה את החלון.`,
    (stamp) => `Call note\nDate: ${stamp}\n\nأمس كسرت عاصفة النافذة.`,
  ];

  it("count yesterday back from the message's own day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 28 }),
        fc.integer({ min: 0, max: YESTERDAY.length - 1 }),
        (y, m, d, way) => {
          const stamp = way === 0 ? `${y}년 ${m}월 ${d}일` : way === 1 ? `${y}年${m}月${d}日` : `${y}-${pad(m)}-${pad(d)}`;
          const read = readText(claims, YESTERDAY[way]!(stamp), "2026-12-01");
          expect(read["loss date"]?.value).toBe(`${y}-${pad(m)}-${pad(d - 1)}`);
          expect(read.peril?.value).toBe("storm");
          expect(read["loss date"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 80 },
    );
  });
});

/** A list price said with its cue glued to what each language glues onto it. */
const GLUED: { say: (n: number, glue: string) => string; glue: string[] }[] = [
  { say: (n, glue) => `안녕하세요. 정가${glue} 좌석당 ${n}달러입니다.`, glue: ["는", "은", "가", "이", "도", "의"] },
  { say: (n, glue) => `שלום, ${glue}מחיר למושב הוא ${n} דולר לשנה.`, glue: ["", "ה", "ו", "וה"] },
  { say: (n, glue) => `مرحبا، ${glue}سعر المقعد ${n} دولار سنويا.`, glue: ["", "ال", "و", "وال"] },
  { say: (n, glue) => `お見積もりの${glue}定価は1席あたり${n}ドルです。`, glue: ["", "年額", "年間"] },
  { say: (n, glue) => `您好，${glue}单价每个账号${n}美元。`, glue: ["", "我们的", "每年"] },
];

describe("cue words glued to particles and prefixes", () => {
  it("name their input as the bare word does", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GLUED).chain((g) => fc.tuple(fc.constant(g), fc.constantFrom(...g.glue))),
        fc.integer({ min: 20, max: 900 }),
        ([g, glue], n) => {
          const read = readText(pricing, g.say(n, glue));
          expect(read["list price"]?.value).toBe(n);
          expect(read["list price"]!.confidence).toBeLessThan(0.9);
        },
      ),
      { numRuns: 120 },
    );
  });
});
