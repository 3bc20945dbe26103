// A boolean decision's JSON output from its certified form (optimise/certify-condition.ts): the
// form answers 1, 2 or 3 for true, false or null, or undefined where the bounds do not decide.
// The statement that turns the local holding it into true or false, or undefined (null, too, is
// left to the decimals, which say why).
import { CONDITION_ANSWERS } from "../3-optimise/certify-condition.js";

export const conditionAnswer = (output: string): string =>
  ` ${output} = ${output} === ${CONDITION_ANSWERS.true} ? true : ${output} === ${CONDITION_ANSWERS.false} ? false : undefined;`;
