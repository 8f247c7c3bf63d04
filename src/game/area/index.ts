/**
 * Who sees whom on one map: the AO20 blocks of 12 tiles and the 3 × 3 block window around a
 * player. One definition for the map server's area of interest, the browser client's window and
 * the bots' crowd counts. Pure.
 */
export { AREA_BLOCK_TILES, blockOf, inView, windowAround, inWindow, type AreaWindow } from "./area.ts";
