/**
 * Public face of the ground rules (items-and-economy §6): the reach rule
 * (`CanTransferWorldItemAt`) over a small grid interface built on `game/movement`'s
 * `WalkableGrid` and `checkStep`, picking up and dropping (items and gold) as outcome values,
 * the scatter placement `Tilelibre`, pile arithmetic (`MakeObj`, `EraseObj`) and the lifetime
 * constants. Pure: the map applies the outcomes and tells the area.
 */
export {
  WINDOW_TILES_X,
  WINDOW_TILES_Y,
  ITEM_REACH_STEPS,
  itemBorders,
  insideBorders,
  canEnter,
  canReachItemAt,
  type GroundPile,
  type GroundGrid,
  type Walker,
  type ItemBorders,
  type ReachOutcome,
} from "./grid.ts";
export {
  SCATTER_MAX_RADIUS,
  GROUND_ITEM_LIFETIME_MS,
  GROUND_CLEANUP_INTERVAL_MS,
  pileAfterPut,
  pileAfterTake,
  scatterTile,
  throwAtFeet,
  type PlacedPile,
  type ScatterOptions,
} from "./piles.ts";
export {
  DROP_INTERVAL_MS,
  JAIL_AREA,
  pickUp,
  drop,
  type Privilege,
  type GroundActor,
  type DropActor,
  type DropTiming,
  type PickUpOutcome,
  type DropOutcome,
} from "./pick-up-drop.ts";
