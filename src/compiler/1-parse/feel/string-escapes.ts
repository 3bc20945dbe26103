// Decoding the body of a FEEL string literal (DMN 1.5, rule 65 "string escape sequence").
// Unknown escapes keep their backslash: regular-expression arguments such as "\s" or "\p{L}"
// are written that way in real models.

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  "\\": "\\",
  n: "\n",
  r: "\r",
  t: "\t",
};

const HEX4 = /^[0-9a-fA-F]{4}$/;
const HEX6 = /^[0-9a-fA-F]{6}$/;

/** `body` is the text between the quotes. Surrogate pairs written as two `\u` escapes combine by themselves. */
export function decodeStringBody(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== "\\" || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const next = body[i + 1]!;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (next === "u" && HEX4.test(body.slice(i + 2, i + 6))) {
      out += String.fromCharCode(parseInt(body.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (next === "U" && HEX6.test(body.slice(i + 2, i + 8)) && parseInt(body.slice(i + 2, i + 8), 16) <= 0x10ffff) {
      out += String.fromCodePoint(parseInt(body.slice(i + 2, i + 8), 16));
      i += 7;
    } else {
      out += ch;
    }
  }
  return out;
}
