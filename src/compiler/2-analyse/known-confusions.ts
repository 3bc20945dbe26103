// Names people bring from spreadsheets and programming languages, with what FEEL and the model
// format call the same thing. An unknown name or type found here gets these as its suggestions
// ahead of the nearest spelling (`round` is closer to `count` than to `decimal`, but means
// `decimal`). A suggestion that does not exist where the name is used (a lenient-only type in a
// strict check) is left out; test/compiler/known-confusions.test.ts checks that each exists.
import type { Confusions } from "../1-parse/suggest.js";

/** Function names: what a call of the key probably meant. */
export const NAME_CONFUSIONS: Confusions = {
  round: ["decimal", "round half up", "round half down", "round up", "round down"],
  roundup: ["round up"],
  rounddown: ["round down"],
  int: ["floor", "decimal"],
  trunc: ["round down", "floor"],
  truncate: ["round down", "floor"],
  len: ["string length", "count"],
  length: ["string length", "count"],
  size: ["count"],
  avg: ["mean"],
  average: ["mean"],
  substr: ["substring"],
  lower: ["lower case"],
  lowercase: ["lower case"],
  upper: ["upper case"],
  uppercase: ["upper case"],
  concat: ["concatenate", "string join"],
  join: ["string join"],
  indexof: ["index of"],
  startswith: ["starts with"],
  endswith: ["ends with"],
  mod: ["modulo"],
  str: ["string"],
  tostring: ["string"],
  parseint: ["number"],
  parsefloat: ["number"],
  tonumber: ["number"],
};

/** Type names: the model type for the key (the rest of the type, a range say, is kept). */
export const TYPE_CONFUSIONS: Confusions = {
  integer: ["number"],
  int: ["number"],
  long: ["number"],
  float: ["number"],
  double: ["number"],
  decimal: ["number"],
  numeric: ["number"],
  money: ["number"],
  bool: ["boolean"],
  str: ["string"],
  text: ["string"],
  varchar: ["string"],
  datetime: ["date and time"],
  timestamp: ["date and time"],
  duration: ["days and time duration", "years and months duration"],
};
