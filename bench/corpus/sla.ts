// Support-ticket service levels: response and resolution deadlines by priority and tier, date
// and time subtraction, durations, weekdays and calendar days.
import { int, pick } from "./random.js";
import type { CorpusModel, State } from "./types.js";

const model = {
  content: {
    name: "Ticket service levels",
    inputs: {
      opened: { type: "date and time", desc: "When was the ticket opened (local time)?" },
      "first response": { type: "date and time", desc: "When did support first respond (local time)?" },
      resolved: { type: "date", desc: "On what day was the ticket resolved?" },
      priority: { type: "p1|p2|p3|p4", desc: "What priority was the ticket given?" },
      tier: { type: "standard|premium", desc: "Which support tier is the customer on?" },
    },
    decisions: {
      "response target": [
        ["priority", "tier", "=> days and time duration"],
        ["p1", "premium", 'duration("PT30M")'],
        ["p1", "standard", 'duration("PT1H")'],
        ["p2", "premium", 'duration("PT2H")'],
        ["p2", "standard", 'duration("PT4H")'],
        ["p3", "-", 'duration("PT8H")'],
        ["-", "-", 'duration("P1D")'],
      ],
      "response due": "opened + response target",
      "response late": "first response > response due",
      "response minutes": '(first response - opened) / duration("PT1M")',
      "resolution days": "(resolved - date(opened)).days",
      "opened on weekend": 'day of week(date(opened)) in ["Saturday", "Sunday"]',
      "resolution target days": 'if priority = "p1" then 1 else if priority = "p2" then 3 else if opened on weekend then 7 else 5',
      breached: "response late or resolution days > resolution target days",
      "credit percent": [
        ["breached", "tier", "resolution days - resolution target days", "=> number"],
        ["false", "-", "-", "0"],
        ["true", "premium", "> 5", "25"],
        ["true", "premium", "-", "10"],
        ["true", "standard", "> 5", "10"],
        ["-", "-", "-", "5"],
      ],
    },
  },
  questions: { "credit percent": { type: "number", instructions: "What service credit, in percent, is owed?" } },
};

const MINUTE = 60_000;
const DAY = 86_400_000;
const TARGET_MINUTES: Record<string, Record<string, number>> = {
  p1: { premium: 30, standard: 60 },
  p2: { premium: 120, standard: 240 },
  p3: { premium: 480, standard: 480 },
  p4: { premium: 1440, standard: 1440 },
};
const TARGET_ISO: Record<number, string> = { 30: "PT30M", 60: "PT1H", 120: "PT2H", 240: "PT4H", 480: "PT8H", 1440: "P1D" };

/** Milliseconds since the epoch of a local date-time or date read as UTC. */
const ms = (text: string): number => {
  const [d, t = "00:00:00"] = text.split("T");
  const [y, mo, da] = d!.split("-").map(Number);
  const [h, mi, se] = t.split(":").map(Number);
  return Date.UTC(y!, mo! - 1, da!, h!, mi!, se!);
};
const iso = (t: number): string => new Date(t).toISOString().slice(0, 19);

function handwritten(s: State) {
  const opened = ms(s.opened as string);
  const response = ms(s["first response"] as string);
  const priority = s.priority as string;
  const tier = s.tier as string;
  const target = TARGET_MINUTES[priority]![tier]!;
  const due = opened + target * MINUTE;
  const late = response > due;
  const openedDay = Math.floor(opened / DAY);
  const days = Math.floor(ms(s.resolved as string) / DAY) - openedDay;
  const weekday = (openedDay + 4) % 7; // 1970-01-01 was a Thursday
  const weekend = weekday === 0 || weekday === 6;
  const targetDays = priority === "p1" ? 1 : priority === "p2" ? 3 : weekend ? 7 : 5;
  const breached = late || days > targetDays;
  const over = days - targetDays;
  const credit = !breached ? 0 : tier === "premium" ? (over > 5 ? 25 : 10) : over > 5 ? 10 : 5;
  return {
    "response target": TARGET_ISO[target],
    "response due": iso(due),
    "response late": late,
    "response minutes": (response - opened) / MINUTE,
    "resolution days": days,
    "opened on weekend": weekend,
    "resolution target days": targetDays,
    breached,
    "credit percent": credit,
  };
}

const two = (n: number): string => String(n).padStart(2, "0");

export const sla: CorpusModel = {
  name: "sla",
  kind: "date-heavy",
  model,
  state: (rnd) => {
    const opened = Date.UTC(2024, 0, 1) + int(rnd, 0, 3 * 365) * DAY + int(rnd, 0, 24 * 60 - 1) * MINUTE;
    const response = opened + int(rnd, 1, 2 * 24 * 60) * MINUTE;
    const resolved = Math.floor(response / DAY) + int(rnd, 0, 20);
    const date = new Date(resolved * DAY);
    return {
      opened: iso(opened),
      "first response": iso(response),
      resolved: `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`,
      priority: pick(rnd, ["p1", "p2", "p3", "p4"]),
      tier: pick(rnd, ["standard", "premium"]),
    };
  },
  handwritten,
};
