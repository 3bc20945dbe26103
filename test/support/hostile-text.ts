// Model text that tries to act in whatever shows it: quotes and template syntax for code, comment
// and script ends, HTML that runs, characters a terminal obeys (ESC sequences, OSC titles and
// hyperlinks, BEL, CR), bidi overrides, line separators, NUL, spreadsheet
// formula prefixes, and Markdown that would make a link or close a code span. (A lone surrogate is
// refused where a model is read: the service's invalid_text, the CLI's file check.)

export const HOSTILE_TEXT: Record<string, string> = {
  quotes: `a"b'c\\d`,
  template: "a`b${x}c``d",
  "comment and script ends": "a*/b</script>c-->d",
  "HTML that runs": `<img src=x onerror="alert(1)"><script>alert(2)</script>`,
  "line separators": "a\u2028b\u2029c",
  NUL: "a\u0000b",
  "terminal escapes": "a\x1b[2Jb\x1b]0;title\x07c\x1b]8;;http://evil.example\x07link\x1b]8;;\x07d\x9b31m",
  "bidi override": "a\u202Eevil\u2066x\u2069",
  "line breaks": "a\nb\r\nc\rd",
  "formula prefixes": '=HYPERLINK("http://evil.example") +1 -1 @SUM(A1) \t=1',
  "Markdown markup": "[click](javascript:alert(1)) **b** _i_ | c # d & e ![x](y)",
};

/** Every payload in one string. */
export const ALL_HOSTILE = Object.values(HOSTILE_TEXT).join(" ");

/** Characters that must never reach a reader raw: C0 but tab and line feed, DEL, C1, bidi controls, line separators, BOM, lone surrogates. */
export const RAW_HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding exactly those characters is the point
  /[\0-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A model whose name, input and decision names, descriptions, option values and meanings, string
 * literals, table cells and `why`, and decision output strings all hold `text`. The input `n` and
 * decision `plus` are plain, to read a value through.
 */
export function hostileModel(text: string): { content: Record<string, unknown>; questions: Record<string, unknown> } {
  const first = `=${text}`;
  const second = `+${text}`;
  return {
    content: {
      name: `M ${text}`,
      inputs: {
        [`in ${text}`]: { type: "number", desc: `D ${text}` },
        n: { type: "number", desc: `N ${text}` },
        opt: { type: "a|b", desc: `Q ${text}`, options: { a: `mean a ${text}`, b: `mean b ${text}` } },
      },
      decisions: {
        [`dec ${text}`]: "n + 1",
        literal: JSON.stringify(text),
        t: {
          table: [
            ["opt", "=> string", "# why"],
            ['"a"', JSON.stringify(first), `why ${text}`],
            ["-", JSON.stringify(second), `why ${text}`],
          ],
        },
      },
    },
    questions: {
      [`dec ${text}`]: { type: "number", instructions: `I ${text}` },
      t: { type: "choice", instructions: `C ${text}`, options: { [first]: `means ${text}`, [second]: `means ${text}` } },
    },
  };
}
