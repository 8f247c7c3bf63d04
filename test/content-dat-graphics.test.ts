/**
 * The client graphics indexes against the real AO20 `init/` files in the shared folder (never
 * copied into the repo). Expected values were read by hand (od / grep on the raw files) or are
 * the counts measured in ao-data-formats §4.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  expandMolde,
  firstFrame,
  GraphicsIndexSchema,
  loadGraphicsIndex,
  parseGraficosInd,
  type StaticGrh,
} from "../src/content/graphics/index.ts";

const SHARED = resolve(import.meta.dir, "..", process.env.AO_SHARED_DATA ?? "../shared/data");
const INIT = join(SHARED, "ao20", "init");
const hasData = existsSync(join(INIT, "graficos.ind"));
if (!hasData) {
  if (process.env.CI === "true") throw new Error(`AO shared data missing at ${SHARED} (set AO_SHARED_DATA)`);
  console.warn(`skipping real-data graphics tests: no AO shared data at ${SHARED}`);
}
const describeData = hasData ? describe : describe.skip;
const loaded = hasData ? loadGraphicsIndex(INIT) : undefined;
const defined = <T>(list: readonly (T | null)[]) => list.filter((item): item is T => item !== null);

describeData("AO20 init/ graphics index", () => {
  test("loads every index with no errors; Graficos.ini is the grh source", () => {
    expect(loaded!.errors).toEqual([]);
    expect(loaded!.index.grhSource).toBe("graficos.ini");
    expect(loaded!.warnings.filter((w) => w.code === "missing-file")).toEqual([]);
  });

  test("Graficos.ini: NumGrh=70241, 66726 Grh lines of which one repeats grh 36008", () => {
    const { grhs } = loaded!.index;
    expect(grhs.length).toBe(70242);
    expect(defined(grhs).length).toBe(66725);
    expect(loaded!.warnings.some((w) => w.file === "graficos.ini" && w.line === 35138)).toBe(true);
    expect(grhs[5]).toEqual({ file: 5066, x: 224, y: 832, w: 96, h: 96 }); // Grh5=1-5066-224-832-96-96
    expect(grhs[91]).toEqual({ frames: [85, 86, 87, 88, 89, 90], speed: 333 }); // Grh91=6-85-…-90-333
    expect(firstFrame(grhs, 119)).toEqual(grhs[116] as StaticGrh);
  });

  test("graficos.ind: the counts measured in ao-data-formats §4.1", () => {
    const { value, errors } = parseGraficosInd(readFileSync(join(INIT, "graficos.ind")), "graficos.ind");
    expect(errors).toEqual([]);
    expect([value!.version, value!.declaredCount]).toEqual([6, 61947]);
    const grhs = defined(value!.grhs);
    const pictures = grhs.filter((g): g is StaticGrh => "file" in g);
    expect(grhs.length).toBe(55536);
    expect(pictures.length).toBe(52734);
    expect(grhs.length - pictures.length).toBe(2802);
    expect(new Set(pictures.map((p) => p.file)).size).toBe(2312);
    expect(pictures.filter((p) => p.w === 32 && p.h === 32).length).toBe(28450);
  });

  test("cabezas.ind, cascos.ind, fxs.ind", () => {
    const { heads, helmets, fxs } = loaded!.index;
    expect(heads.length - 1).toBe(757);
    expect(defined(heads).length).toBe(584);
    expect(heads[1]).toEqual([33270, 33272, 33269, 33271]); // bytes 265..280
    expect(heads[100]).toEqual([62210, 62212, 62209, 62211]);
    expect(helmets.length - 1).toBe(210);
    expect(helmets[1]).toEqual([4312, 4315, 4311, 4314]);
    expect(fxs.length - 1).toBe(121);
    expect(fxs[1]).toEqual({ grh: 115, offsetX: 0, offsetY: 10, isPng: false });
  });

  test("moldes.ini, cuerpos.dat, armas.dat, escudos.dat", () => {
    const { moldes, bodies, weapons, shields } = loaded!.index;
    expect([moldes.length, bodies.length, weapons.length, shields.length]).toEqual([121, 1401, 191, 98]);
    expect(moldes[1]).toEqual({ x: 0, y: 0, w: 27, h: 47, rowFrames: [6, 6, 5, 5] });
    expect(moldes[2]).toMatchObject({ x: 256, y: 0 });
    expect(bodies[1]).toMatchObject({ sprites: { kind: "molde", molde: 1, file: 1006 }, headOffsetX: 0, headOffsetY: -35 });
    expect(bodies[4]).toMatchObject({ sprites: { kind: "molde", molde: 5, file: 4051 }, headOffsetY: -26 });
    expect(weapons[1]).toEqual({ kind: "grhs", walk: [4719, 4721, 4718, 4720] });
    expect(weapons[2]).toEqual({ kind: "grhs", walk: [0, 0, 0, 0] });
    expect(shields[1]).toEqual({ kind: "molde", molde: 1, file: 2326, speed: 0 });
    const walk = expandMolde(moldes[1]!, 1006);
    expect([walk.south.length, walk.north.length, walk.west.length, walk.east.length]).toEqual([6, 6, 5, 5]);
  });

  test("the index is plain JSON and survives the schema", () => {
    const json = JSON.stringify(loaded!.index);
    expect(GraphicsIndexSchema.parse(JSON.parse(json))).toEqual(loaded!.index);
  });
});
