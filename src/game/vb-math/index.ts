/** VB6 arithmetic the ported game rules depend on (rounding, integer division, Single, RandomNumber). */
export { randomNumber, vbIntDiv, vbRound, vbSingle, type RandomSource } from "./vb-math.ts";
