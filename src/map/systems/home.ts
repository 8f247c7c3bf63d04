/**
 * `/HOGAR` (client packet `Home`; VB6 `HandleHome`, `goHome`, `HomeArrival`): a ghost pays the
 * fare and, after the Balance `HomeTimer` seconds, is taken to its home city (`Ciudades.dat`),
 * on this map by a warp or on another through the gateway (`ctx.sendTo`). The rules are
 * `game/home`; this system keeps the one pending trip per player as a timer on the worker's queue.
 *
 * What the clients see, as VB6 sends it: on the request `UpdateGold` (the fare), then for the
 * area the rune particle for the wait and the home bar (`ParticleFX`, `BarFx`), and locale 1994
 * with the seconds; on arrival the warp and locale 1996. A step (`MoveUserChar`) cancels the trip
 * with the particle removed and the bar cancelled for the area; so does coming back to life here
 * (VB6 lets the pending action finish and would warp the living player; we do not), and leaving
 * the map (logout) forgets it. The fare is not given back.
 */
import { checkHomeRequest, homePlaceOf, homeWaitSeconds, type HomeCitySpot } from "../../game/home/index.ts";
import { spendGold } from "../../game/inventory/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { isDead, isJailed, type Departure, type Interruption, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** `e_GraphicEffects.Runa`: the particle VB6 shows over a ghost waiting to go home. */
export const HOME_PARTICLE = 167;
/** `ParticleFX` time of the wait: VB6 sends `TimerBarra * 100`. */
export const HOME_PARTICLE_TIME_PER_SECOND = 100;
/** `e_AccionBarra.Hogar` and `CancelarAccion`: the bar of a trip home, and the cancel. */
export const BAR_ACTION_HOME = 6;
export const BAR_ACTION_CANCEL = 99;
const MS_PER_SECOND = 1000;

/** `Home` (`/HOGAR`). */
export function homeCommand(ctx: MapContext, player: PlayerEntity): void {
  const outcome = checkHomeRequest({
    dead: isDead(player),
    map: ctx.definition.id,
    zone: ctx.definition.zone ?? "",
    trigger: ctx.terrain.triggers[ctx.store.tile(player.x, player.y)] ?? 0,
    travelling: player.homeTravel !== null,
    level: player.record.level,
    gold: player.inventory.gold,
    home: homePlaceOf(citiesOf(ctx), player.record.homeCity),
    jailed: isJailed(player),
  });
  switch (outcome.kind) {
    case "alive":
      ctx.tell(player, MESSAGES.homeOnlyDead());
      return;
    case "restricted_place":
      ctx.tell(player, MESSAGES.homeNotFromHere());
      return;
    case "jailed":
      ctx.tell(player, MESSAGES.homeNotInPrison());
      return;
    case "already_travelling":
      ctx.tell(player, MESSAGES.homeAlreadyTravelling());
      return;
    case "already_home":
      ctx.tell(player, MESSAGES.homeAlreadyThere());
      return;
    case "not_enough_gold":
      ctx.tell(player, MESSAGES.homeFare(outcome.fare));
      return;
    case "ok":
      break;
  }
  const paid = spendGold(player.inventory, outcome.fare);
  if (!paid.ok) return;
  player.inventory = paid.inventory;
  const { view, packets } = ctx;
  view.send(player, packets.updateGold(player.inventory.gold));
  const seconds = homeWaitSeconds(ctx.tables?.balance?.globals.homeTimer);
  const arrivesAt = ctx.clock.now() + seconds * MS_PER_SECOND;
  player.homeTravel = { arrivesAt, timer: ctx.timers.at(arrivesAt, onArrival, { ctx, player }) };
  view.around(player.x, player.y, packets.particleFx(player.charIndex, HOME_PARTICLE, seconds * HOME_PARTICLE_TIME_PER_SECOND, false, player.x, player.y));
  view.around(player.x, player.y, packets.barFx(player.charIndex, seconds, BAR_ACTION_HOME));
  ctx.tell(player, MESSAGES.homeIn(seconds));
}

/** A step or a resurrection: the trip is off, the area stops drawing the wait, the player is told. */
function cancelHomeTravel(ctx: MapContext, player: PlayerEntity): void {
  if (player.homeTravel === null) return;
  stopHomeTravel(ctx, player);
  const { view, packets } = ctx;
  view.around(player.x, player.y, packets.particleFx(player.charIndex, HOME_PARTICLE, 0, true));
  view.around(player.x, player.y, packets.barFx(player.charIndex, 0, BAR_ACTION_CANCEL));
  ctx.tell(player, MESSAGES.homeCancelled());
}

/** Forgets a trip without a word (the player is leaving the map anyway). */
function stopHomeTravel(ctx: MapContext, player: PlayerEntity): void {
  if (player.homeTravel === null) return;
  ctx.timers.cancel(player.homeTravel.timer);
  player.homeTravel = null;
}

interface ArrivalArg {
  ctx: MapContext;
  player: PlayerEntity;
}

/** `HomeArrival`: the warp to the home city (read again now), then locale 1996. */
function onArrival(_plannedMs: number, { ctx, player }: ArrivalArg): void {
  if (ctx.store.player(player.session) !== player || player.homeTravel === null) return;
  player.homeTravel = null;
  if (!isDead(player)) return;
  const place = homePlaceOf(citiesOf(ctx), player.record.homeCity);
  if (place === undefined) return;
  // On another map the player is handed over and its later frames come from there; the frames
  // written here still reach it first, so the line follows the warp either way.
  ctx.sendTo(player, place);
  ctx.tell(player, MESSAGES.homeArrived());
}

function citiesOf(ctx: MapContext): readonly HomeCitySpot[] {
  return ctx.tables?.cities?.cities ?? [];
}

export const home: MapSystem = {
  name: "home",
  packets: { Home: homeCommand },
  hooks: {
    // VB6 `MoveUserChar`: a step that is taken ends the trip.
    acted: (ctx: MapContext, player: PlayerEntity, cause: Interruption) => {
      if (cause === "step" && player.homeTravel !== null) cancelHomeTravel(ctx, player);
    },
    // Coming back to life here ends it (VB6 lets it finish and would warp the living player).
    revived: cancelHomeTravel,
    // Leaving the map (logout, an exit) forgets it; a warp on this map keeps it.
    leaving: (ctx: MapContext, player: PlayerEntity, departure: Departure) => {
      if (departure !== "warp") stopHomeTravel(ctx, player);
    },
  },
  playerState: () => ({ homeTravel: null }),
};
