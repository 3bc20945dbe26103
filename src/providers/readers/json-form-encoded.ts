// A web form's submission kept as it was posted: a JSON string holding the form's fields encoded
// as a URL query (`"applicant_age=29&rent_monthly=950&name=Kim%20Nguyen"`). Before any key is
// matched such a string is read as the object it encodes, each field a key, its value decoded
// ("%20" and "+" a space, "%2F" a slash). A string that is not wholly such fields, two at least,
// each named like a key, is left as it is. A key given more than once (`tag=a&tag=b`, `ids[]=1&ids[]=2`)
// holds the list of its values. Linear in the document.
import { isRecord } from "./json-walk.js";

/** A form's field: a key-like name, "=", a value with no space, "&" or "=" of its own. */
const FIELD = "[A-Za-z_][\\w.\\[\\]-]{0,60}=[^&=\\s]*";
/** Two fields at least, joined by "&", and nothing else. */
const FORM_ENCODED = new RegExp(`^${FIELD}(?:&${FIELD})+$`);

/** The fields a form-encoded string holds, as an object (a key given again: its values as a list); otherwise undefined. */
export function formFields(s: string): Record<string, string | string[]> | undefined {
  if (!FORM_ENCODED.test(s)) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const pair of s.split("&")) {
    const at = pair.indexOf("=");
    const decode = (x: string): string | undefined => {
      try {
        return decodeURIComponent(x.replace(/\+/g, " "));
      } catch {
        return undefined;
      }
    };
    const [key, value] = [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    if (key === undefined || value === undefined) return undefined;
    const held = out[key];
    out[key] = held === undefined ? value : [held, value].flat();
  }
  return out;
}

function rewrite(v: unknown): unknown {
  if (typeof v === "string") return formFields(v) ?? v;
  if (Array.isArray(v)) return v.map(rewrite);
  if (!isRecord(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]));
}

/** The document with its form-encoded strings as the objects they encode; a document with none as it is. */
export const withFormFields = (root: unknown): unknown => rewrite(root);
