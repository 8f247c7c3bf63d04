/**
 * The INI-based AO20 indexes (ao-data-formats §4.4): `moldes.ini`, `cuerpos.dat`, `armas.dat`,
 * `escudos.dat`, read with the same VB6 INI semantics as the server tables. The client loaders
 * (`CargarMoldes`, `CargarCuerpos`, `CargarAnimArmas`, `CargarAnimEscudos`) iterate 1..N from
 * `[INIT]` and look up `<PREFIX><n>`; a missing section gives an all-zero entry there, null here.
 */
import {
  getInteger,
  getNumber,
  getSection,
  readIni,
  type DatIssue,
  type DatResult,
  type IniDocument,
} from "../dat/index.ts";
import type { AnimationSet, Body, HeadingGrhs, Molde } from "./graphics-index.ts";

/** VB6 `Integer` counts; also keeps a hostile count from allocating a huge array. */
const MAX_ENTRIES = 32_767;

function binaryIssue(bytes: Uint8Array, fileName: string): DatIssue | undefined {
  const offset = bytes.indexOf(0);
  if (offset < 0) return undefined;
  return { code: "not-a-table", file: fileName, offset, message: `${fileName}: NUL byte at offset ${offset}; not a text index` };
}

/** Reads `[INIT] <countKey>` and walks `<prefix>1..N`, calling `read` for each existing section. */
function walkNumbered<T>(
  bytes: Uint8Array,
  fileName: string,
  countKey: string,
  prefix: string,
  read: (doc: IniDocument, section: string, id: number, warnings: DatIssue[]) => T,
): DatResult<(T | null)[]> {
  const binary = binaryIssue(bytes, fileName);
  if (binary) return { value: null, errors: [binary], warnings: [] };
  const doc = readIni(bytes, fileName);
  if (getSection(doc, "INIT") === undefined) {
    return { value: null, errors: [{ code: "not-a-table", file: fileName, message: `${fileName}: no [INIT] section` }], warnings: [] };
  }
  const warnings: DatIssue[] = [];
  const declared = Math.trunc(getNumber(doc, "INIT", countKey));
  const count = Math.max(0, Math.min(MAX_ENTRIES, declared));
  if (declared !== count) {
    warnings.push({
      code: "bad-value",
      file: fileName,
      section: "INIT",
      key: countKey.toUpperCase(),
      message: `${fileName}: [INIT] ${countKey}=${declared} is outside 0..${MAX_ENTRIES}; using ${count}`,
    });
  }
  const out: (T | null)[] = [null];
  let missing = 0;
  for (let id = 1; id <= count; id++) {
    const section = `${prefix}${id}`;
    if (getSection(doc, section) === undefined) {
      missing++;
      out.push(null);
      continue;
    }
    out.push(read(doc, section, id, warnings));
  }
  if (missing > 0) {
    warnings.push({
      code: "missing-value",
      file: fileName,
      message: `${fileName}: ${missing} of ${count} [${prefix}<n>] sections are missing (left empty)`,
    });
  }
  return { value: out, errors: [], warnings };
}

/** Parses `moldes.ini`: `[INIT] Moldes`, `[Molde<n>] X, Y, Width, Height, Dir1..Dir4`. */
export function parseMoldesIni(bytes: Uint8Array, fileName: string): DatResult<(Molde | null)[]> {
  return walkNumbered(bytes, fileName, "Moldes", "MOLDE", (doc, section) => ({
    x: getInteger(doc, section, "X"),
    y: getInteger(doc, section, "Y"),
    w: getInteger(doc, section, "Width"),
    h: getInteger(doc, section, "Height"),
    rowFrames: [
      getInteger(doc, section, "Dir1"),
      getInteger(doc, section, "Dir2"),
      getInteger(doc, section, "Dir3"),
      getInteger(doc, section, "Dir4"),
    ],
  }));
}

function animationSet(doc: IniDocument, section: string, walkKey: string, withSpeed: boolean): AnimationSet {
  const std = getInteger(doc, section, "Std");
  if (std === 0) {
    const walk: HeadingGrhs = [
      getInteger(doc, section, `${walkKey}1`),
      getInteger(doc, section, `${walkKey}2`),
      getInteger(doc, section, `${walkKey}3`),
      getInteger(doc, section, `${walkKey}4`),
    ];
    return { kind: "grhs", walk };
  }
  return {
    kind: "molde",
    molde: std,
    file: getInteger(doc, section, "FileNum"),
    speed: withSpeed ? getNumber(doc, section, "Speed") : 0,
  };
}

/** Parses `cuerpos.dat`: `[INIT] NumBodies`, `[BODY<n>]` with `Std=0` + `Walk1..4` or `Std=<molde>` + `FileNum` (+`Speed`). */
export function parseCuerposDat(bytes: Uint8Array, fileName: string): DatResult<(Body | null)[]> {
  return walkNumbered(bytes, fileName, "NumBodies", "BODY", (doc, section) => ({
    sprites: animationSet(doc, section, "Walk", true),
    headOffsetX: getInteger(doc, section, "HeadOffsetX"),
    headOffsetY: getInteger(doc, section, "HeadOffsetY"),
    bodyOffsetX: getInteger(doc, section, "BodyOffsetX"),
    bodyOffsetY: getInteger(doc, section, "BodyOffsetY"),
    shadowOffsetX: getInteger(doc, section, "ShadowOffsetX"),
    shadowOffsetY: getInteger(doc, section, "ShadowOffsetY"),
    idleBody: getInteger(doc, section, "IdleBody"),
    animateOnIdle: getNumber(doc, section, "AnimateOnIdle") !== 0,
  }));
}

/** Parses `armas.dat`: `[INIT] NumArmas`, `[Arma<n>]` with `Dir1..4` or `Std` + `FileNum`. */
export function parseArmasDat(bytes: Uint8Array, fileName: string): DatResult<(AnimationSet | null)[]> {
  return walkNumbered(bytes, fileName, "NumArmas", "ARMA", (doc, section) => animationSet(doc, section, "Dir", false));
}

/** Parses `escudos.dat`: `[INIT] NumEscudos`, `[ESC<n>]` with `Dir1..4` or `Std` + `FileNum`. */
export function parseEscudosDat(bytes: Uint8Array, fileName: string): DatResult<(AnimationSet | null)[]> {
  return walkNumbered(bytes, fileName, "NumEscudos", "ESC", (doc, section) => animationSet(doc, section, "Dir", false));
}
