// A kind of loss told by what happened, not by an option's words: an impact ("backed into my car",
// "slid into a ditch", "was hit by a van") is a collision, a taking ("the stereo was taken",
// "someone sawed the converter off", "nicked my van") a theft; both inferred, so never above 0.9.
// "taken to hospital" or "I have taken photos" takes nothing; a box left empty before options
// joined by slashes ticks none of them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readText } from "../../src/providers/readers/text-reader.js";
import { inputsOf } from "./helpers.js";

const claims = inputsOf({
  "claim amount": { type: "number >= 0", desc: "How many dollars does the policyholder claim?" },
  "claim type": {
    type: "collision|theft|glass|injury|weather",
    desc: "What kind of loss is claimed?",
    options: {
      collision: "damage to the vehicle from a collision",
      theft: "the vehicle or parts of it were stolen",
      glass: "windscreen or window damage only",
      injury: "bodily injury to a driver, passenger or third party",
      weather: "hail, flood or storm damage",
    },
  },
});

const WHO = ["Someone", "A delivery van", "The other driver", "My son", "I", "The insured"];
const IMPACTS = [
  "backed into",
  "reversed into",
  "slid into",
  "skidded into",
  "drove into",
  "ran into",
  "ploughed into",
  "went into the back of",
  "clipped",
  "hit",
];
const THINGS = ["my car", "a lamp post", "the garden wall", "a parked van", "the barrier", "a tree"];
const TAKINGS = [
  "The stereo and sat-nav were taken",
  "My van was nicked",
  "Someone sawed the catalytic converter off",
  "Thieves took the wheels",
  "Somebody broke into the car and took the laptop",
  "The car was swiped from the drive",
];
const WHEN = ["last night", "on Monday", "on 4 May", "yesterday"];

describe("a kind of loss told by what happened", () => {
  it("reads an impact as a collision, never above 0.9", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WHO),
        fc.constantFrom(...IMPACTS),
        fc.constantFrom(...THINGS),
        fc.constantFrom(...WHEN),
        fc.integer({ min: 3, max: 90 }),
        (who, impact, thing, when, hundreds) => {
          const kind = readText(claims, `${who} ${impact} ${thing} ${when}. The repair is quoted at $${hundreds}00.`)["claim type"];
          expect(kind?.value).toBe("collision");
          expect(kind!.confidence).toBeLessThanOrEqual(0.9);
        },
      ),
    );
  });

  it("reads a taking as a theft, never above 0.9", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TAKINGS), fc.constantFrom(...WHEN), fc.integer({ min: 3, max: 90 }), (taking, when, hundreds) => {
        const kind = readText(claims, `${taking} ${when}. I am claiming $${hundreds}00.`)["claim type"];
        expect(kind?.value).toBe("theft");
        expect(kind!.confidence).toBeLessThanOrEqual(0.9);
      }),
    );
  });

  it("reads no theft from what was taken somewhere or done by the writer", () => {
    for (const told of [
      "My passenger was taken to hospital with whiplash",
      "I have taken photos of the cracked windscreen",
      "We took the car to the garage after the hail",
    ])
      expect(readText(claims, `${told}. The bill is $800.`)["claim type"]?.value).not.toBe("theft");
  });

  it("ticks no option joined by a slash behind an empty box", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Hail/Flood/Storm", "Storm / Flood", "Theft/Attempted theft"),
        fc.constantFrom("Glass", "Collision", "Injury"),
        (unticked, ticked) => {
          const kind = readText(claims, `Type of loss: [ ] ${unticked}  [x] ${ticked}\nAmount: $500`)["claim type"];
          expect(kind?.value).toBe(ticked.toLowerCase());
        },
      ),
    );
  });
});
