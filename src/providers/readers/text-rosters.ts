// A household's people listed in a text under a heading that names them ("Members:", "OCCUPANTS",
// "Household members", "Who lives here:"), one a line, bulleted ("- ", "* ", "• ") or numbered
// ("1.", "2)", "3 "), each line a name written with capitals and what follows it: read as a list of
// person records under the heading ({"Occupants": [{"name": "Ada Obi", "note": "(applicant)"}, …]}),
// for the JSON reader to count for a household's size (json-groups.ts), where a member whose note
// says they moved out or have not moved in yet is not counted (departed.ts). One pass over the lines.

/** A heading line naming a household's people, alone on its line. */
const HEADING =
  /^\s*(?:#+\s*)?(household members|members of (?:the|my|our|this) household|members|occupants|residents|people (?:in|living in|at) (?:the|my|our|this) (?:household|home|house|flat)|who lives here|who lives with (?:me|us))\s*:?\s*$/i;
/** A line of the list: its marker, a name of capitalised words, and the rest of the line. */
const ITEM = /^\s*(?:[-*•]|\d{1,2}[.)]?)\s+(\p{Lu}[\p{L}'’-]*(?:[ ]\p{Lu}[\p{L}'’-]*){0,3})(.*)$/u;

export type Roster = Record<string, { name: string; note: string }[]>;

/** The rosters a text lists its household's people in, each under its heading's words; two people or more. */
export function textRosters(text: string): Roster {
  const out: Roster = {};
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const heading = HEADING.exec(line);
    if (!heading) return;
    const people: { name: string; note: string }[] = [];
    for (let k = i + 1; k < lines.length; k++) {
      const m = ITEM.exec(lines[k]!);
      if (!m) break;
      people.push({ name: m[1]!, note: m[2]!.trim() });
    }
    if (people.length >= 2) out[heading[1]!] = people;
  });
  return out;
}
