// Whether DMN elements' expressions mention a name, read from their text (before any mapping): for
// the decisions that read a name no requirement declares, as Camunda and dmn-scala allow.
import type { XmlElement } from "./xml.js";

/** Every `<text>` under an element, as one string. */
export function textsUnder(el: XmlElement): string {
  return [el.name === "text" ? el.text : "", ...el.children.map(textsUnder)].join("\n");
}

/** The name as a whole word in FEEL text (names may hold spaces; neighbours are not name characters). */
export function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_.])${escaped}(?![\\p{L}\\p{N}_])`, "u").test(text);
}
