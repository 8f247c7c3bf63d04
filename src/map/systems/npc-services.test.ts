/**
 * Priests by command, pet orders, kept pets and trainers (issue 26), driven with real packet
 * bodies: `/CURAR` and `/RESUCITAR` (VB6 `HandleHeal`, `HandleResucitate`) on the default world's
 * priest and a newbies' priest of our own; `/QUIETO`, `/ACOMPAÑAR`, `/LIBERAR` and the "all"
 * forms on a pet that has lines to say; the tamed pets a record keeps coming back at login and
 * staying kept at logout; and the AO20 trainer (npcs.dat `NPC649`, "Entrenador", `NroCriaturas=5`)
 * from the shared data: its `TrainerCreatureList` and `Train`, with the limit of seven.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_NPCS, GameTablesSchema, loadDefaultWorld, NpcType, type GameTables, type NpcTemplate } from "../../content/index.ts";
import { parseNpcsDat } from "../../content/dat/index.ts";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../../game/character/index.ts";
import { itemCatalog, type ItemCatalog } from "../../game/items/index.ts";
import { readSharedData, requireSharedData } from "../../../test/support/shared-data.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { world, type Received, ScriptedMapRandom } from "../map-harness.test-support.ts";
import { drawFor } from "../../random/scripted-random.test-support.ts";

const NPCS_2024 = "ao20/Dat/npcs.dat";
const AO20_TRAINER = 649;
const AO20_CREATURES = [506, 500, 502, 509, 522];
const ready = requireSharedData(NPCS_2024);

/** Ours, next to the default world's: a newbies' priest and a pet with two lines to say. */
const NPC = { newbiePriest: 80, parrot: 81 } as const;

let tables: GameTables;
let items: ItemCatalog;

beforeAll(async () => {
  const loaded = await loadDefaultWorld();
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
  const base = loaded.pack.tables!;
  const ao20: NpcTemplate[] = ready ? parseNpcsDat(readSharedData(NPCS_2024), NPCS_2024).value!.npcs.filter((npc) => npc.id === AO20_TRAINER || AO20_CREATURES.includes(npc.id)) : [];
  tables = GameTablesSchema.parse({
    ...base,
    npcs: {
      declaredCount: AO20_TRAINER,
      npcs: [
        ...base.npcs!.npcs,
        { id: NPC.newbiePriest, name: "Sacerdote de Novatos", npcType: NpcType.NewbieReviver, movement: 1 },
        { id: NPC.parrot, name: "Loro", movement: 2, attackable: true, minHp: 20, maxHp: 20, expressions: ["¡Cuac!", "¡Hola!"], tameDifficulty: 1 },
        ...ao20,
      ],
    },
  });
  items = itemCatalog(tables.objects!);
});


const spawn = (npc: number, x: number, y: number): NpcDefinition => ({ npc, name: "", x, y, body: 10, head: 0, heading: 3 });
const named = (packets: Received[], session: number, name: string) => packets.filter((p) => p.session === session && p.name === name);
const locales = (packets: Received[], session: number) => named(packets, session, "LocaleMsg").map((p) => p.fields.messageId);
const GHOST = { hp: 0, maxHp: 40, mana: 0, maxMana: 0, stamina: 0, maxStamina: 40, food: 100, water: 100 };
const HURT = { hp: 10, maxHp: 40, mana: 0, maxMana: 0, stamina: 40, maxStamina: 40, food: 100, water: 100 };
const clothed = (more: Partial<CharacterRecord> = {}): Partial<CharacterRecord> => ({ equipment: { ...EMPTY_EQUIPMENT }, ...more });

function servicesWorld(npcs: NpcDefinition[], random = new ScriptedMapRandom(7)) {
  const w = world({ tables, items, npcs, random, safe: false });
  const click = (session: number, x: number, y: number) => w.server.act(session, "LeftClick", { x, y, counter: 1 });
  const npcAt = (x: number, y: number) => w.server.instance["ctx"].store.npc(w.occupant(x, y));
  /** A click on the creature's head (the tile above it): `LookatTile` takes the char below the tile first, so nothing standing below it is taken instead. */
  const clickNpc = (session: number, npc: { x: number; y: number }) => click(session, npc.x, npc.y - 1);
  return { ...w, click, npcAt, clickNpc };
}

describe("priests by command (`/CURAR` `Heal`, `/RESUCITAR` `Resucitate`)", () => {
  test("/CURAR: nothing targeted 757; within 10 tiles the priest clicked from afar (8) heals to full: UpdateHP, 496; again at full HP, 496", () => {
    const w = servicesWorld([spawn(DEFAULT_NPCS.healer, 20, 20)]);
    w.enter(1, "Herido", 20, 28, { with: clothed({ vitals: HURT }) });
    w.drain();
    w.server.act(1, "Heal", {});
    expect(w.drain().map((p) => [p.name, p.fields.messageId])).toEqual([["LocaleMsg", 757]]);
    // The click's priest reaches 5 tiles: 8 tiles away it only answers 8, and the priest is the target.
    w.click(1, 20, 20);
    expect(locales(w.drain(), 1)).toContain(8);
    w.server.act(1, "Heal", {});
    const healed = w.drain();
    expect(healed.map((p) => [p.name, p.fields.minHp ?? p.fields.messageId])).toEqual([
      ["UpdateHP", 40],
      ["LocaleMsg", 496],
    ]);
    w.server.act(1, "Heal", {});
    expect(w.drain().map((p) => [p.name, p.fields.minHp ?? p.fields.messageId])).toEqual([
      ["UpdateHP", 40],
      ["LocaleMsg", 496],
    ]);
  });

  test("/CURAR: farther than 10 tiles 8; a ghost, or an NPC that is no priest, nothing at all", () => {
    const w = servicesWorld([spawn(DEFAULT_NPCS.healer, 20, 20), spawn(DEFAULT_NPCS.merchant, 30, 20)]);
    w.enter(1, "Lejano", 20, 29, { with: clothed({ vitals: HURT }) });
    w.enter(2, "Fantasma", 21, 27, { with: clothed({ vitals: GHOST }) });
    w.click(1, 20, 20);
    w.click(2, 20, 20);
    w.drain();
    for (let step = 0; step < 2; step++) {
      w.server.walk(1, 3); // south: 10 tiles, then 11
      w.advance(400);
    }
    w.drain();
    w.server.act(1, "Heal", {});
    w.server.act(2, "Heal", {});
    expect(w.drain().map((p) => [p.session, p.name, p.fields.messageId])).toEqual([[1, "LocaleMsg", 8]]);
    const v = servicesWorld([spawn(DEFAULT_NPCS.merchant, 22, 20)]);
    v.enter(1, "Cliente", 20, 20, { with: clothed({ vitals: HURT }) });
    v.click(1, 22, 20);
    v.drain();
    v.server.act(1, "Heal", {});
    expect(v.drain()).toEqual([]);
  });

  test("/RESUCITAR: the priest 7 tiles away revives the ghost: its char for the area, hearts 23 for 100 ms, sound 104, 585; a living player, nothing", () => {
    const w = servicesWorld([spawn(DEFAULT_NPCS.healer, 20, 20)]);
    w.enter(1, "Fantasma", 20, 27, { with: clothed({ vitals: GHOST }) });
    w.enter(2, "Vivo", 22, 27, { with: clothed({ vitals: HURT }) });
    w.click(1, 20, 20);
    w.click(2, 20, 20);
    w.drain();
    w.server.act(2, "Resucitate", {});
    expect(named(w.drain(), 2, "LocaleMsg")).toEqual([]);
    w.server.act(1, "Resucitate", {});
    const out = w.drain().filter((p) => p.session === 1);
    // `RevivirUsuario` (its vitals and looks), then what `HandleResucitate` adds.
    expect(out.map((p) => p.name)).toEqual(["UpdateHP", "UpdateMana", "CharacterChange", "CharacterCreate", "ParticleFX", "PlayWave", "LocaleMsg"]);
    expect(named(out, 1, "ParticleFX").map((p) => [p.fields.particle, p.fields.time])).toEqual([[23, 100]]);
    expect(named(out, 1, "PlayWave").map((p) => p.fields.wave)).toEqual([104]);
    expect(locales(out, 1)).toEqual([585]);
    expect(w.server.instance["ctx"].store.player(1)!.record.vitals.hp).toBe(40);
  });

  test("the newbies' priest revives a newbie (level ≤ 12) and nobody older; it heals anyone", () => {
    const w = servicesWorld([spawn(NPC.newbiePriest, 20, 20)]);
    w.enter(1, "Novato", 20, 26, { with: clothed({ vitals: GHOST, level: 12 }) });
    w.enter(2, "Veterano", 22, 26, { with: clothed({ vitals: GHOST, level: 13 }) });
    w.enter(3, "Herida", 24, 26, { with: clothed({ vitals: HURT, level: 30 }) });
    for (const session of [1, 2, 3]) w.click(session, 20, 20);
    w.drain();
    for (const session of [1, 2]) w.server.act(session, "Resucitate", {});
    w.server.act(3, "Heal", {});
    const out = w.drain();
    expect(locales(out, 1)).toEqual([585]);
    expect(locales(out, 2)).toEqual([]);
    expect(locales(out, 3)).toEqual([496]);
  });
});

describe("pet orders (`/QUIETO`, `/ACOMPAÑAR`, `/LIBERAR`, `/ACOMPAÑARTODOS`, `/LIBERARTODOS`)", () => {
  test("a kept pet comes back at login next to its master; /QUIETO makes it stand and say a line (RandomNumber(1, 2)); /ACOMPAÑAR brings it along", () => {
    const random = new ScriptedMapRandom(7);
    const w = servicesWorld([], random);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot] }) });
    const ctx = w.server.instance["ctx"];
    const master = ctx.store.player(1)!;
    expect(master.pets.map((pet) => pet.npcNumber)).toEqual([NPC.parrot]);
    const parrot = master.pets[0]!;
    expect(Math.max(Math.abs(parrot.x - 20), Math.abs(parrot.y - 20))).toBe(1);
    w.drain();
    w.clickNpc(1, parrot);
    w.drain();
    random.script(drawFor(2, 1, 2));
    w.server.act(1, "PetStand", {});
    expect(random.left).toBe(0);
    expect(named(w.drain(), 1, "ChatOverHead").map((p) => [p.fields.text, p.fields.charIndex])).toEqual([["¡Hola!", parrot.charIndex]]);
    expect(parrot.movement).toBe(1);
    const [px, py] = [parrot.x, parrot.y];
    for (let step = 0; step < 4; step++) {
      w.server.walk(1, 1);
      w.advance(400);
    }
    w.advance(3_000);
    expect([parrot.x, parrot.y]).toEqual([px, py]);
    w.drain();
    random.script(drawFor(1, 1, 2));
    w.server.act(1, "PetFollow", {});
    expect(named(w.drain(), 1, "ChatOverHead").map((p) => p.fields.text)).toEqual(["¡Cuac!"]);
    expect(parrot.movement).toBe(8);
    w.advance(5_000);
    expect(Math.abs(parrot.x - master.x) + Math.abs(parrot.y - master.y)).toBeLessThanOrEqual(2);
  });

  test("the checks in VB6's order: a ghost 77; nothing targeted 757; too far 1163 / 1164; someone else's pet, nothing", () => {
    const w = servicesWorld([]);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot] }) });
    w.enter(2, "Otro", 24, 20, { with: clothed() });
    w.enter(3, "Fantasma", 26, 20, { with: clothed({ vitals: GHOST }) });
    const parrot = w.server.instance["ctx"].store.player(1)!.pets[0]!;
    w.drain();
    w.server.act(3, "PetStand", {});
    w.server.act(2, "PetStand", {});
    w.server.act(2, "PetFollowAll", {});
    w.server.act(2, "PetLeave", {});
    const refused = w.drain();
    expect(locales(refused, 3)).toEqual([77]);
    expect(locales(refused, 2)).toEqual([757, 757, 757]);
    w.clickNpc(2, parrot);
    w.drain();
    w.server.act(2, "PetStand", {});
    w.server.act(2, "PetFollow", {});
    w.server.act(2, "PetLeave", {});
    const out = w.drain();
    expect(out.filter((p) => p.session === 2)).toEqual([]);
    expect(parrot.alive).toBe(true);
    // 11 tiles from the master's own pet.
    w.clickNpc(1, parrot);
    parrot.movement = 1; // it stays behind (the order itself is the test above)
    for (let step = 0; step < 12; step++) {
      w.server.walk(1, 3);
      w.advance(400);
    }
    w.drain();
    const far = Math.abs(parrot.x - w.server.instance["ctx"].store.player(1)!.x) + Math.abs(parrot.y - w.server.instance["ctx"].store.player(1)!.y);
    expect(far).toBeGreaterThan(10);
    w.server.act(1, "PetStand", {});
    w.server.act(1, "PetFollow", {});
    w.server.act(1, "PetFollowAll", {});
    expect(locales(w.drain(), 1)).toEqual([1163, 1164, 1164]);
  });

  test("/LIBERAR lets the targeted pet go, silently, and it is no longer kept; /LIBERARTODOS: 1278 once, then nothing when none is left", () => {
    const w = servicesWorld([]);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot, DEFAULT_NPCS.brownHare, NPC.parrot] }) });
    const master = w.server.instance["ctx"].store.player(1)!;
    expect(master.pets.map((pet) => pet.npcNumber)).toEqual([NPC.parrot, DEFAULT_NPCS.brownHare, NPC.parrot]);
    const hare = master.pets[1]!;
    w.clickNpc(1, hare);
    w.drain();
    w.server.act(1, "PetLeave", {});
    const out = w.drain();
    expect(locales(out, 1)).toEqual([]);
    expect(named(out, 1, "CharacterRemove").map((p) => p.fields.charIndex)).toEqual([hare.charIndex]);
    expect(master.record.tamedPets).toEqual([NPC.parrot, NPC.parrot]);
    w.server.act(1, "PetLeaveAll", {});
    expect(locales(w.drain(), 1)).toEqual([1278]);
    expect(master.pets).toEqual([]);
    expect(master.record.tamedPets).toBeUndefined();
    w.server.act(1, "PetLeaveAll", {});
    expect(w.drain()).toEqual([]);
  });

  test("/ACOMPAÑARTODOS (quirk PETS-FOLLOW-ALL-TARGET, reproduced): with any NPC targeted near, every pet follows again and speaks", () => {
    const random = new ScriptedMapRandom(7);
    const w = servicesWorld([spawn(DEFAULT_NPCS.healer, 22, 22)], random);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot, NPC.parrot] }) });
    const master = w.server.instance["ctx"].store.player(1)!;
    for (const pet of master.pets) pet.movement = 1;
    w.click(1, 22, 22);
    w.drain();
    random.script(drawFor(1, 1, 2), drawFor(2, 1, 2));
    w.server.act(1, "PetFollowAll", {});
    expect(named(w.drain(), 1, "ChatOverHead").map((p) => p.fields.text)).toEqual(["¡Cuac!", "¡Hola!"]);
    expect(master.pets.map((pet) => pet.movement)).toEqual([8, 8]);
  });
});

describe("kept pets at logout and death", () => {
  test("logout takes the pets out of the world and keeps the tamed ones in the final state; summoned creatures and the dead are not kept", () => {
    const w = servicesWorld([]);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot, DEFAULT_NPCS.brownHare] }) });
    const ctx = w.server.instance["ctx"];
    const master = ctx.store.player(1)!;
    // The hare is killed: it is no longer kept.
    const hare = master.pets.find((pet) => pet.npcNumber === DEFAULT_NPCS.brownHare)!;
    w.server.instance.killNpc(hare.charIndex);
    expect(master.record.tamedPets).toEqual([NPC.parrot]);
    const parrot = master.pets[0]!;
    w.drain();
    w.server.leave(1, "quit");
    const left = w.events.find((event) => event.t === "left");
    expect(left?.t === "left" ? left.state?.tamedPets : null).toEqual([NPC.parrot]);
    expect(parrot.alive).toBe(false);
    expect(ctx.store.npcs().filter((npc) => npc.npcNumber === NPC.parrot)).toEqual([]);
  });

  test("a pet killed is no longer kept (`QuitarMascota`); stored ones (the Druid's `petsStored`) stay kept and do not come at login", () => {
    const w = servicesWorld([]);
    w.enter(1, "Ama", 20, 20, { with: clothed({ tamedPets: [NPC.parrot] }) });
    w.enter(2, "Druida", 30, 20, { with: clothed({ tamedPets: [NPC.parrot], petsStored: true }) });
    const ctx = w.server.instance["ctx"];
    expect(ctx.store.player(2)!.pets).toEqual([]);
    w.server.instance.killNpc(ctx.store.player(1)!.pets[0]!.charIndex);
    expect(ctx.store.player(1)!.record.tamedPets).toBeUndefined();
    w.server.leave(2, "quit");
    const left = w.events.filter((event) => event.t === "left").at(-1);
    expect(left?.t === "left" ? [left.state?.tamedPets, left.state?.petsStored] : null).toEqual([[NPC.parrot], true]);
  });
});

describe.skipIf(!ready)("the AO20 trainer (npcs.dat NPC649, `NroCriaturas=5`)", () => {
  test("/ENTRENAR opens the train window: the CN names joined with NUL; a ghost 77, nothing targeted 757, too far 8, not a trainer nothing", () => {
    const trainer = tables.npcs!.npcs.find((npc) => npc.id === AO20_TRAINER)!;
    expect(trainer).toMatchObject({ name: "Entrenador", npcType: NpcType.Trainer });
    expect(trainer.trainerCreatures).toEqual([
      { npcIndex: 506, name: "Murcielago" },
      { npcIndex: 500, name: "Lobo" },
      { npcIndex: 502, name: "Serpiente" },
      { npcIndex: 509, name: "Escorpion" },
      { npcIndex: 522, name: "Goblin" },
    ]);
    const w = servicesWorld([spawn(AO20_TRAINER, 20, 20), spawn(DEFAULT_NPCS.healer, 40, 40)]);
    w.enter(1, "Alumno", 22, 20, { with: clothed() });
    w.enter(2, "Fantasma", 20, 24, { with: clothed({ vitals: GHOST }) });
    w.enter(3, "Lejos", 31, 20, { with: clothed() });
    w.enter(4, "Otro", 38, 40, { with: clothed() });
    w.drain();
    w.server.act(1, "TrainList", {});
    expect(locales(w.drain(), 1)).toEqual([757]);
    for (const session of [1, 2, 3]) w.click(session, 20, 20);
    w.click(4, 40, 40);
    w.drain();
    for (const session of [1, 2, 3, 4]) w.server.act(session, "TrainList", {});
    const out = w.drain();
    expect(named(out, 1, "TrainerCreatureList").map((p) => p.fields.creatureNames)).toEqual(["Murcielago\u0000Lobo\u0000Serpiente\u0000Escorpion\u0000Goblin"]);
    expect(locales(out, 2)).toEqual([77]);
    expect(locales(out, 3)).toEqual([8]);
    expect(out.filter((p) => p.session === 4 && p.name !== "ChatOverHead")).toEqual([]);
  });

  test("Train(2) brings a Lobo (NPC500) next to the trainer with the warp sound 3 and FX 30; Train(0) and Train(6) nothing; the eighth: 2082 over the trainer's head", () => {
    const w = servicesWorld([spawn(AO20_TRAINER, 20, 20)]);
    w.enter(1, "Alumno", 24, 20, { with: clothed() });
    w.click(1, 20, 20);
    const trainer = w.npcAt(20, 20)!;
    w.drain();
    w.server.act(1, "Train", { creature: 2 });
    const out = w.drain();
    const ctx = w.server.instance["ctx"];
    const wolves = ctx.store.npcs().filter((npc) => npc.npcNumber === 500);
    expect(wolves.map((wolf) => [wolf.name, wolf.ai.respawns])).toEqual([["Lobo", false]]);
    const wolf = wolves[0]!;
    expect(Math.max(Math.abs(wolf.x - 20), Math.abs(wolf.y - 20))).toBe(1);
    expect(named(out, 1, "CharacterCreate").map((p) => p.fields.charIndex)).toEqual([wolf.charIndex]);
    expect(named(out, 1, "PlayWave").map((p) => [p.fields.wave, p.fields.x, p.fields.y])).toEqual([[3, wolf.x, wolf.y]]);
    expect(named(out, 1, "CreateFX").map((p) => [p.fields.charIndex, p.fields.fx, p.fields.fxLoops])).toEqual([[wolf.charIndex, 30, 0]]);
    w.server.act(1, "Train", { creature: 0 });
    w.server.act(1, "Train", { creature: 6 });
    expect(ctx.store.npcs().filter((npc) => AO20_CREATURES.includes(npc.npcNumber)).length).toBe(1);
    for (let i = 0; i < 6; i++) w.server.act(1, "Train", { creature: 1 + (i % 5) });
    expect(ctx.store.npcs().filter((npc) => AO20_CREATURES.includes(npc.npcNumber)).length).toBe(7);
    w.drain();
    w.server.act(1, "Train", { creature: 1 });
    expect(named(w.drain(), 1, "LocaleChatOverHead").map((p) => [p.fields.messageId, p.fields.charIndex])).toEqual([[2082, trainer.charIndex]]);
    expect(ctx.store.npcs().filter((npc) => AO20_CREATURES.includes(npc.npcNumber)).length).toBe(7);
    // One of them dies: its place is free again.
    w.server.instance.killNpc(wolf.charIndex);
    w.server.act(1, "Train", { creature: 5 });
    expect(ctx.store.npcs().filter((npc) => AO20_CREATURES.includes(npc.npcNumber)).length).toBe(7);
    expect(ctx.store.npcs().filter((npc) => npc.npcNumber === 522).length).toBe(2);
  });

  test("quirk TRAIN-CHECKS (fixed): a ghost or a player who walked away with the window open summons nothing (77, 8)", () => {
    const w = servicesWorld([spawn(AO20_TRAINER, 20, 20)]);
    w.enter(1, "Fantasma", 22, 20, { with: clothed({ vitals: GHOST }) });
    w.enter(2, "Lejos", 31, 20, { with: clothed() });
    w.click(1, 20, 20);
    w.click(2, 20, 20);
    w.drain();
    w.server.act(1, "Train", { creature: 1 });
    w.server.act(2, "Train", { creature: 1 });
    const out = w.drain();
    expect([locales(out, 1), locales(out, 2)]).toEqual([[77], [8]]);
    expect(w.server.instance["ctx"].store.npcs().filter((npc) => AO20_CREATURES.includes(npc.npcNumber))).toEqual([]);
  });
});
