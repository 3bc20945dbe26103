// How the languages of script-words.ts write what is not a word of the table: how each script
// bounds a word (what glues onto it), the names of its months, and the numerals and units Chinese,
// Japanese and Korean count with. Data only, read by text/glossed.ts.

/** The months of the year, January first, by language: glossed to English's names, which the date readers know. */
export const SCRIPT_MONTHS: Record<string, string[][]> = {
  th: [
    ["มกราคม", "ม.ค."],
    ["กุมภาพันธ์", "ก.พ."],
    ["มีนาคม", "มี.ค."],
    ["เมษายน", "เม.ย."],
    ["พฤษภาคม", "พ.ค."],
    ["มิถุนายน", "มิ.ย."],
    ["กรกฎาคม", "ก.ค."],
    ["สิงหาคม", "ส.ค."],
    ["กันยายน", "ก.ย."],
    ["ตุลาคม", "ต.ค."],
    ["พฤศจิกายน", "พ.ย."],
    ["ธันวาคม", "ธ.ค."],
  ],
  he: [
    ["ינואר"],
    ["פברואר"],
    ["מרץ", "מרס"],
    ["אפריל"],
    ["מאי"],
    ["יוני"],
    ["יולי"],
    ["אוגוסט"],
    ["ספטמבר"],
    ["אוקטובר"],
    ["נובמבר"],
    ["דצמבר"],
  ],
  ar: [
    ["يناير", "كانون الثاني"],
    ["فبراير", "شباط"],
    ["مارس", "آذار"],
    ["أبريل", "ابريل", "نيسان"],
    ["مايو", "أيار"],
    ["يونيو", "حزيران"],
    ["يوليو", "تموز"],
    ["أغسطس", "آب"],
    ["سبتمبر", "أيلول"],
    ["أكتوبر", "تشرين الأول"],
    ["نوفمبر", "تشرين الثاني"],
    ["ديسمبر", "كانون الأول"],
  ],
  hi: [
    ["जनवरी"],
    ["फ़रवरी", "फरवरी"],
    ["मार्च"],
    ["अप्रैल"],
    ["मई"],
    ["जून"],
    ["जुलाई"],
    ["अगस्त"],
    ["सितंबर", "सितम्बर"],
    ["अक्टूबर", "अक्तूबर"],
    ["नवंबर", "नवम्बर"],
    ["दिसंबर", "दिसम्बर"],
  ],
  gu: [["જાન્યુઆરી"], ["ફેબ્રુઆરી"], ["માર્ચ"], ["એપ્રિલ"], ["મે"], ["જૂન"], ["જુલાઈ"], ["ઓગસ્ટ"], ["સપ્ટેમ્બર"], ["ઓક્ટોબર"], ["નવેમ્બર"], ["ડિસેમ્બર"]],
  ur: [["جنوری"], ["فروری"], ["مارچ"], ["اپریل"], ["مئی"], ["جون"], ["جولائی"], ["اگست"], ["ستمبر"], ["اکتوبر"], ["نومبر"], ["دسمبر"]],
  // Persian's names of the Gregorian months; May ("مه") is also "fog", and left out
  fa: [
    ["ژانویه"],
    ["فوریه"],
    ["مارس"],
    ["آوریل"],
    [],
    ["ژوئن"],
    ["ژوئیه", "جولای"],
    ["اوت", "آگوست"],
    ["سپتامبر"],
    ["اکتبر"],
    ["نوامبر"],
    ["دسامبر"],
  ],
  bn: [
    ["জানুয়ারি"],
    ["ফেব্রুয়ারি"],
    ["মার্চ"],
    ["এপ্রিল"],
    ["মে"],
    ["জুন"],
    ["জুলাই"],
    ["আগস্ট"],
    ["সেপ্টেম্বর"],
    ["অক্টোবর"],
    ["নভেম্বর"],
    ["ডিসেম্বর"],
  ],
  // Georgian's months by their stems ("ოქტომბერს", on October's day)
  ka: [
    ["იანვარ"],
    ["თებერვალ"],
    ["მარტ"],
    ["აპრილ"],
    ["მაის"],
    ["ივნის"],
    ["ივლის"],
    ["აგვისტო"],
    ["სექტემბერ"],
    ["ოქტომბერ"],
    ["ნოემბერ"],
    ["დეკემბერ"],
  ],
  hy: [
    ["հունվար"],
    ["փետրվար"],
    ["մարտ"],
    ["ապրիլ"],
    ["մայիս"],
    ["հունիս"],
    ["հուլիս"],
    ["օգոստոս"],
    ["սեպտեմբեր"],
    ["հոկտեմբեր"],
    ["նոյեմբեր"],
    ["դեկտեմբեր"],
  ],
};

/**
 * How each script bounds a word. `glued`: no blank between words, a word is matched wherever it
 * stands (Japanese, Chinese, Thai); else a word stands after a blank or another script, with any
 * of `before` glued before it (Hebrew's and Arabic's prefixes, "ו", "ב", "ال", "وال") and any of
 * `after` glued after it (Korean's particles, "을", "는", "에서").
 */
export const SCRIPT_BOUNDS: Record<string, { glued?: true; before?: string[]; after?: string[] }> = {
  ja: { glued: true },
  zh: { glued: true },
  th: { glued: true },
  ko: {
    after: [
      "을",
      "를",
      "이",
      "가",
      "은",
      "는",
      "의",
      "에",
      "에서",
      "에게",
      "로",
      "으로",
      "와",
      "과",
      "도",
      "만",
      "까지",
      "부터",
      "이나",
      "랑",
      "이랑",
      "하고",
      "은요",
      "는요",
      "이요",
      "예요",
      "이에요",
      "입니다",
      "이며",
      "로는",
      "으로는",
      "에는",
      "했",
      "하",
      "어요",
      "아요",
      "었어요",
      "습니다",
      "고",
      "는데",
      "이면",
      "면",
      "이니",
    ],
  },
  he: { before: ["ו", "ה", "ב", "ל", "מ", "ש", "כ", "וב", "וה", "ול", "ומ", "וש", "שה", "מה", "בה", "לה", "שב"] },
  hi: { after: ["ों", "ें", "को", "का", "की", "के", "मा"] },
  gu: { after: ["માં", "નું", "ની", "નો", "ના", "નાં", "ને", "થી", "એ"] },
  km: { glued: true },
  ur: {},
  hy: { after: ["ը", "ն", "ի", "ից", "ով", "ում", "ներ", "ները"] },
  si: { after: ["ක්", "ට", "යි", "ේ", "ය", "ද"] },
  fa: { after: ["\u200cها", "\u200cهای", "\u200cی", "\u200cای", "ها", "های", "ای"] },
  bn: { after: ["ের", "র", "এর", "কে", "তে", "ে", "টি", "টা"] },
  ka: { after: ["ი", "ის", "ს", "მა", "ში", "ზე", "ით", "ად", "ები", "ებს", "ების", "აში"] },
  ar: { after: ["ا", "ة", "ات", "ها"], before: ["و", "ف", "ب", "ل", "ك", "ال", "وال", "بال", "فال", "لل", "كال", "ول", "وب"] },
};

/**
 * Denials that stand after what they deny, as Japanese and Korean write them: a word of the table,
 * any of `particles` glued after it, then one of `denials` ("請求はありません", "延滞なし",
 * "사고는 없습니다"): read as English's "no" before the word, so "no claims" is none and no count.
 */
export const SCRIPT_DENIALS: Record<string, { particles: string[]; denials: string[] }> = {
  ja: {
    particles: ["は", "が", "も", "の", "等は", "などは"],
    denials: [
      "一度もありません",
      "一切ありません",
      "ありませんでした",
      "ありません",
      "ございません",
      "ございませんでした",
      "一切なし",
      "なし",
      "無し",
      "ない",
      "ゼロ",
      "ではなく",
      "ではありません",
    ],
  },
  // Persian's verbs denied with their "ن": "معافیت مالیاتی ندارند", "نکول نکرده است"
  fa: {
    particles: ["را"],
    denials: ["ندارند", "ندارد", "ندارم", "نداریم", "نداشته", "نداشته‌اند", "نکرده‌اند", "نکرده", "نشده", "نیست"],
  },
  ko: {
    particles: ["은", "는", "이", "가", "도", "은요", "는요"],
    denials: [
      "없었습니다",
      "없습니다",
      "없었어요",
      "없어요",
      "없음",
      "없고",
      "없으며",
      "없다",
      "전혀 없습니다",
      "한 번도 없습니다",
      "한 번도 없었습니다",
      "아니라서",
      "아니라",
      "아니고",
      "아닙니다",
      "아니에요",
    ],
  },
};

/**
 * A span of years counted back from now, the figure between its words ("過去5年間", "지난 5년간",
 * "近5年"): read as English's "in the last 5 years", no count of years of its own.
 */
export const SCRIPT_PAST_YEARS: { before: string[]; after: string[] } = {
  before: ["過去", "最近", "最近の", "近", "지난", "최근"],
  after: ["年間", "年", "년간", "년 동안", "년동안", "년"],
};

/**
 * Scripts that write digits of their own, each by its zero: the nine after it follow in order, one
 * code point each, so each is read as the ASCII digit it stands for (full-width, Arabic-Indic,
 * Persian and Urdu, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada,
 * Malayalam, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian).
 */
export const SCRIPT_ZEROS = [
  "\uff10",
  "\u0660",
  "\u06f0",
  "\u0966",
  "\u09e6",
  "\u0a66",
  "\u0ae6",
  "\u0b66",
  "\u0be6",
  "\u0c66",
  "\u0ce6",
  "\u0d66",
  "\u0de6",
  "\u0e50",
  "\u0ed0",
  "\u0f20",
  "\u1040",
  "\u17e0",
  "\u1810",
];

/** Chinese and Japanese numerals: digits, and the units that multiply the digit before them. */
export const CJK_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
/** Units within a group of ten thousand ("十", "百", "千"; Korean "십", "백", "천"). */
export const SMALL_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 십: 10, 백: 100, 천: 1000 };
/** Units that close a group: ten thousand and a hundred million ("万", "億"; Korean "만", "억"). */
export const LARGE_UNITS: Record<string, number> = { 万: 1e4, 萬: 1e4, 億: 1e8, 亿: 1e8, 만: 1e4, 억: 1e8 };
/** What a number written in CJK numerals alone must stand before to be read as one, and what a Korean number may be glued to: a counter, a currency, a percent. */
export const CJK_COUNTERS = [
  "年",
  "ヶ月",
  "か月",
  "カ月",
  "个月",
  "個月",
  "人",
  "名",
  "席",
  "件",
  "円",
  "元",
  "ドル",
  "美元",
  "%",
  "パーセント",
  "歳",
  "岁",
  "位",
  "个",
  "個",
  "원",
  "석",
  "명",
  "개",
  "년",
  "달러",
];

/**
 * Numbers in words as Korean (Sino-Korean) and Thai write them, a digit word before each unit
 * ("삼만 오천", "สามหมื่นห้าพัน"): read only before what they count or a currency (`counters`), as
 * these syllables are also parts of other words, and never after a word of a range (`ranges`:
 * "หกถึงเจ็ดหมื่น", six to seventy thousand, is no one number). A unit of `closes` or more closes
 * a group, as 만 (ten thousand) does in Korean and ล้าน (a million) in Thai; smaller ones add up.
 */
export const SCRIPT_NUMERALS: Record<
  string,
  { digits: Record<string, number>; units: Record<string, number>; closes: number; counters: string[]; ranges: string[] }
> = {
  ko: {
    digits: { 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 칠: 7, 팔: 8, 구: 9 },
    units: { 십: 10, 백: 100, 천: 1000, 만: 1e4, 억: 1e8 },
    closes: 1e4,
    counters: ["달러", "원", "명", "석", "개", "년", "개월", "마일", "킬로미터", "세", "퍼센트"],
    ranges: ["에서", "내지", "~", "-", "–"],
  },
  th: {
    digits: { หนึ่ง: 1, เอ็ด: 1, สอง: 2, ยี่: 2, สาม: 3, สี่: 4, ห้า: 5, หก: 6, เจ็ด: 7, แปด: 8, เก้า: 9 },
    units: { สิบ: 10, ร้อย: 100, พัน: 1000, หมื่น: 1e4, แสน: 1e5, ล้าน: 1e6 },
    closes: 1e6,
    counters: ["ดอลลาร์", "บาท", "คน", "ปี", "เดือน", "ครั้ง", "ที่นั่ง", "ไมล์", "กิโลเมตร"],
    ranges: ["ถึง", "~", "-", "–"],
  },
};
