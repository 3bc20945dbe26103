// Helpers for tests of JSON answers that must be fresh values: a form that shows every key in
// order (`__proto__` as an own key), and a careless caller who changes an answer in place.

/** The JSON text of a value with each object written as its entries, so a lost or moved key shows. */
export const jsonForm = (j: unknown): string =>
  JSON.stringify(j, (_k, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.entries(v) : v));

/** Changes every list and object of a JSON value in place: items pushed, keys overwritten, a key added. */
export function spoil(j: unknown): void {
  if (Array.isArray(j)) {
    j.forEach(spoil);
    j.push("spoiled");
  } else if (j && typeof j === "object") {
    Object.values(j).forEach(spoil);
    for (const key of Object.keys(j)) Object.defineProperty(j, key, { value: "spoiled", enumerable: true });
    Object.defineProperty(j, "spoiled", { value: true, enumerable: true });
  }
}
