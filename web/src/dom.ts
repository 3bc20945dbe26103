// A little DOM building: an element with attributes and children, in one expression. Text is
// only ever a text node (never parsed as HTML), and a model's text may still hold characters that
// reorder or hide what is around it (a bidi override turns the rest of a finding round): each is
// shown as `\uXXXX`, as the CLI prints it (visibleText).
import { visibleText } from "../../src/ir/visible-text.js";

type Child = Node | string | null | undefined | false;

type Handlers = Record<string, (e: Event) => unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: { [name: string]: string | boolean | number | undefined | Handlers; on?: Handlers } = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === "object") for (const [event, handler] of Object.entries(v)) el.addEventListener(event, handler);
    else if (v === true) el.setAttribute(k, "");
    else if (v !== false && v !== undefined) el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(typeof c === "string" ? visibleText(c) : c);
  return el;
}

/** A value as the page shows it: JSON, strings without quotes. */
export const show = (v: unknown): string => (v === undefined ? "(nothing)" : typeof v === "string" ? v : JSON.stringify(v));

/** Sets an element's text, shown as h() shows it. */
export const setText = (el: HTMLElement, text: string): void => void (el.textContent = visibleText(text));
