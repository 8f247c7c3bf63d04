import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { emptyGraphicsIndex, expandMolde, type GraphicsIndex } from "../content/graphics/index.ts";
import { AO20_HEAD_RANGES } from "../game/character-creation/index.ts";
import { Heading } from "../protocol/index.ts";
import { aoCharacterLayers, grhFrame } from "./ao-sprites.ts";
import { characterLook, figureOf, objectLook, raceOfHead, type CharacterAppearance } from "./procedural-art.ts";
import { createSpriteIndex } from "./sprite-index.ts";

const STANDING = { progress: 1, stepCount: 0 };
const MID_STEP = { progress: 0.5, stepCount: 1 };

function person(overrides: Partial<CharacterAppearance> = {}): CharacterAppearance {
  return { body: 1, head: 1, helmet: 2, weapon: 2, shield: 2, heading: Heading.South, kind: 0, npcNumber: 0, name: "Ana", ...overrides };
}

/** A small graphics index shaped like the imported one (content/graphics), written by hand. */
function graphicsIndex(): GraphicsIndex {
  const index = emptyGraphicsIndex();
  index.grhSource = "graficos.ini";
  index.grhs = [
    null,
    { file: 5, x: 0, y: 0, w: 25, h: 45 }, // 1: body frame A
    { file: 5, x: 25, y: 0, w: 25, h: 45 }, // 2: body frame B
    { frames: [1, 2], speed: 400 }, // 3: body walk animation
    { file: 9, x: 0, y: 0, w: 17, h: 17 }, // 4: head facing south
    { file: 9, x: 17, y: 0, w: 17, h: 17 }, // 5: head facing north
    { file: 12, x: 0, y: 0, w: 20, h: 20 }, // 6: helmet
  ];
  index.heads = [null, [5, 4, 4, 4]];
  index.helmets = [null, null, null, [6, 6, 6, 6]];
  index.moldes = [null, { x: 0, y: 0, w: 20, h: 40, rowFrames: [6, 6, 5, 5] }];
  const offsets = { headOffsetX: 0, headOffsetY: -34, bodyOffsetX: 0, bodyOffsetY: 0, shadowOffsetX: 0, shadowOffsetY: 0, idleBody: 0, animateOnIdle: false };
  index.bodies = [null, { sprites: { kind: "grhs", walk: [3, 3, 3, 3] }, ...offsets }, { sprites: { kind: "molde", molde: 1, file: 77, speed: 0 }, ...offsets }];
  return index;
}

describe("procedural sprite index", () => {
  test("is deterministic and tells bodies apart", () => {
    const index = createSpriteIndex(null);
    expect(index.source).toBe("procedural");
    const a = index.character(person({ body: 1 }), STANDING, 0);
    expect(index.character(person({ body: 1 }), STANDING, 5_000)).toEqual(a);
    const b = index.character(person({ body: 21 }), STANDING, 0);
    expect(a.kind === "procedural" && b.kind === "procedural" && a.look.tunic !== b.look.tunic).toBe(true);
  });

  test("skin follows the race of the head, by the AO20 head ranges", () => {
    expect(raceOfHead(AO20_HEAD_RANGES[1].male[0]!.first)).toBe(1);
    expect(raceOfHead(AO20_HEAD_RANGES[6].female[0]!.last)).toBe(6);
    expect(raceOfHead(90_000)).toBeUndefined();
    const human = characterLook(person({ head: 1 }), STANDING);
    const orc = characterLook(person({ head: 500 }), STANDING);
    expect(human.skin).not.toBe(orc.skin);
  });

  test("legs swing only while moving, alternating with each step", () => {
    expect(characterLook(person(), STANDING).stride).toBe(0);
    const step1 = characterLook(person(), { progress: 0.5, stepCount: 1 });
    const step2 = characterLook(person(), { progress: 0.5, stepCount: 2 });
    expect(step1.stride).toBeCloseTo(-step2.stride, 10);
    expect(Math.abs(step1.stride)).toBeCloseTo(1, 10);
    expect(step1.bob).toBeGreaterThan(0);
  });

  test("NPC figures come from their names; players are always people", () => {
    expect(figureOf(person({ kind: 1, head: 0, name: "Lobo Ceniciento" }))).toBe("wolf");
    expect(figureOf(person({ kind: 1, head: 0, name: "Jabalí de Monte" }))).toBe("boar");
    expect(figureOf(person({ kind: 1, head: 0, name: "Araña de Musgo" }))).toBe("spider");
    expect(figureOf(person({ kind: 1, head: 0, name: "Liebre Parda" }))).toBe("hare");
    expect(figureOf(person({ kind: 1, head: 12, name: "Guardia de Alba" }))).toBe("humanoid");
    expect(figureOf(person({ kind: 1, head: 0, name: "Hermana Irene" }))).toBe("humanoid");
    expect(figureOf(person({ kind: 0, name: "Lobo" }))).toBe("humanoid");
  });

  test("equipment 2 means none (NingunArma)", () => {
    expect(characterLook(person({ weapon: 2, shield: 2, helmet: 2 }), STANDING)).toMatchObject({ weapon: false, shield: false, helmet: false });
    expect(characterLook(person({ weapon: 8, shield: 10, helmet: 11 }), STANDING)).toMatchObject({ weapon: true, shield: true, helmet: true });
  });

  test("ground objects take their shape from the world's object types", () => {
    expect(objectLook(17, 5)).toEqual({ shape: "coins", colour: "#f2c94c" });
    expect(objectLook(1, 11).shape).toBe("potion");
    expect(objectLook(1, undefined).shape).toBe("item");
    const index = createSpriteIndex(null, new Map([[6, 1]]));
    expect(index.groundObject(6).shape).toBe("food");
  });
});

describe("AO graphics sprite index", () => {
  test("a body drawn from grhs sits bottom-centre on its tile, the head on the body's head offset", () => {
    const layers = aoCharacterLayers(graphicsIndex(), person({ body: 1, head: 1, heading: Heading.South }), STANDING, 0);
    expect(layers).toEqual([
      { file: 5, sx: 0, sy: 0, w: 25, h: 45, dx: 4, dy: -13 },
      { file: 9, sx: 0, sy: 0, w: 17, h: 17, dx: 8, dy: -19 },
    ]);
  });

  test("the head follows the heading and the helmet goes over it", () => {
    const layers = aoCharacterLayers(graphicsIndex(), person({ body: 1, head: 1, helmet: 3, heading: Heading.North }), STANDING, 0)!;
    expect(layers.map((l) => [l.file, l.sx])).toEqual([
      [5, 0],
      [9, 17],
      [12, 0],
    ]);
  });

  test("walk animations advance only while moving", () => {
    const index = graphicsIndex();
    expect(grhFrame(index, 3, 250, true)?.x).toBe(25);
    expect(grhFrame(index, 3, 250, false)?.x).toBe(0);
    expect(aoCharacterLayers(index, person(), MID_STEP, 250)![0]!.sx).toBe(25);
    expect(aoCharacterLayers(index, person(), STANDING, 250)![0]!.sx).toBe(0);
  });

  test("molde bodies use the row of the heading (rows are S, N, W, E) like expandMolde", () => {
    const index = graphicsIndex();
    const rows = expandMolde(index.moldes[1]!, 77);
    for (const [heading, row] of [
      [Heading.South, rows.south],
      [Heading.North, rows.north],
      [Heading.West, rows.west],
      [Heading.East, rows.east],
    ] as const) {
      const body = aoCharacterLayers(index, person({ body: 2, head: 0, heading }), STANDING, 0)![0]!;
      expect([body.file, body.sx, body.sy, body.w, body.h]).toEqual([77, row[0]!.x, row[0]!.y, row[0]!.w, row[0]!.h]);
    }
    // East row has 5 frames over 5 × (1 / 0.018) ms ≈ 278 ms: at 100 ms the second frame shows.
    const moving = aoCharacterLayers(index, person({ body: 2, head: 0, heading: Heading.East }), MID_STEP, 100)![0]!;
    expect(moving.sx).toBe(rows.east[1]!.x);
  });

  test("what the index lacks is drawn with our own art", () => {
    const index = createSpriteIndex(graphicsIndex());
    expect(index.source).toBe("ao-graphics");
    expect(index.character(person({ body: 1 }), STANDING, 0).kind).toBe("layers");
    expect(index.character(person({ body: 99 }), STANDING, 0).kind).toBe("procedural");
    expect(createSpriteIndex({ grhs: "nope" }).source).toBe("procedural");
  });

  test("a hostile index never throws, it only falls back", () => {
    const appearance = fc.record({
      body: fc.integer({ min: -5, max: 10 }),
      head: fc.integer({ min: -5, max: 10 }),
      helmet: fc.integer({ min: -5, max: 10 }),
      weapon: fc.integer({ min: -5, max: 10 }),
      shield: fc.integer({ min: -5, max: 10 }),
      heading: fc.constantFrom(Heading.North, Heading.East, Heading.South, Heading.West),
    });
    const junk = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 4 }), fc.dictionary(fc.string(), fc.integer()));
    const tables = fc.record({
      grhs: fc.array(junk, { maxLength: 8 }),
      heads: fc.array(junk, { maxLength: 8 }),
      helmets: fc.array(junk, { maxLength: 8 }),
      fxs: fc.constant([]),
      moldes: fc.array(junk, { maxLength: 4 }),
      bodies: fc.array(fc.oneof(junk, fc.record({ sprites: fc.oneof(junk, fc.record({ kind: fc.constantFrom("grhs", "molde"), walk: junk, molde: junk, file: junk, speed: junk })) })), { maxLength: 8 }),
      weapons: fc.array(junk, { maxLength: 4 }),
      shields: fc.array(junk, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(tables, appearance, fc.nat(10_000), (raw, look, time) => {
        const index = createSpriteIndex(raw);
        index.character({ ...person(), ...look }, MID_STEP, time);
      }),
      { numRuns: 500 },
    );
  });
});

describe("object and terrain pictures", () => {
  test("a ground object with a GrhIndex stands on its tile like AO draws it; without one, our own art", () => {
    const sprites = createSpriteIndex(graphicsIndex(), new Map([[12, 1]]), new Map([[12, 4]]));
    // Grh 4 is a 17 × 17 picture: centred (16 - 8 px), bottom on the tile's bottom (32 - 17 px).
    expect(sprites.objectPicture(12)).toEqual({ file: 9, sx: 0, sy: 0, w: 17, h: 17, dx: 8, dy: 15 });
    expect(sprites.objectPicture(13)).toBeNull();
    expect(sprites.groundObject(12)).toEqual(objectLook(12, 1));
    const procedural = createSpriteIndex(null, new Map(), new Map([[12, 4]]));
    expect([procedural.objectPicture(12), procedural.mapGrh(4, "stand")]).toEqual([null, null]);
  });

  test("a map grh is its first frame, filling the tile or standing on it", () => {
    const sprites = createSpriteIndex(graphicsIndex());
    expect(sprites.mapGrh(3, "fill-tile")).toEqual({ file: 5, sx: 0, sy: 0, w: 25, h: 45, dx: 0, dy: 0 });
    expect(sprites.mapGrh(3, "stand")).toEqual({ file: 5, sx: 0, sy: 0, w: 25, h: 45, dx: 4, dy: -13 });
    expect(sprites.mapGrh(999, "stand")).toBeNull();
  });
});
