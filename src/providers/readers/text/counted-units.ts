// What a count input counts, by its name and the word after "how many" in its question: units of
// time ("contract years", "How many months …"), a measure ("How many miles …"), or events and
// things one may have none of ("How many insurance claims …").

/** The word the input's question counts ("How many miles …" → "miles"), with its name. */
const asked = (input: { name: string; desc?: string }): { name: string; counted?: string } => ({
  name: input.name.toLowerCase(),
  counted: /\bhow many\s+(\w+)/i.exec(input.desc ?? "")?.[1]?.toLowerCase(),
});

const TIME = /^(?:years?|months?|weeks?|days?)$/;
/** Units a count may measure rather than count events in: time, distance. */
const MEASURES = /^(?:years?|months?|weeks?|days?|hours?|miles?|kilomet(?:er|re)s?|km)$/;

/** Whether an input counts units of time itself ("contract years", "How many months …"): a span's length may answer it. */
export function countsTime(input: { name: string; desc?: string }): boolean {
  const { name, counted } = asked(input);
  return name.split(/\s+/).some((w) => TIME.test(w)) || (counted !== undefined && TIME.test(counted));
}

/** Whether a count input counts events or things one may have none of ("How many insurance claims …"), not a measure. */
export function countsEvents(input: { name: string; desc?: string }): boolean {
  const { counted } = asked(input);
  return counted !== undefined && !MEASURES.test(counted);
}
