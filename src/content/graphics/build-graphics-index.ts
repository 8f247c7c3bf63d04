/**
 * Assembles a {@link GraphicsIndex} from the client `init/` files. Pure: the caller supplies the
 * bytes by lower-case file name (see `loadGraphicsIndex` for the disk version). Every file is
 * optional: a missing one is a warning and leaves its table empty; a broken one is an error.
 */
import type { DatIssue, DatResult } from "../dat/index.ts";
import { emptyGraphicsIndex, type AnimationSet, type GraphicsIndex } from "./graphics-index.ts";
import { parseGraficosIni, parseGraficosInd } from "./grh-table.ts";
import { parseFxsInd, parseHeadsInd } from "./ind-indexes.ts";
import { parseArmasDat, parseCuerposDat, parseEscudosDat, parseMoldesIni } from "./ini-indexes.ts";

export interface GraphicsIndexResult {
  index: GraphicsIndex;
  errors: DatIssue[];
  warnings: DatIssue[];
}

/** Reads one file: bytes with the real name, undefined when absent, an Error when unreadable. */
export type InitFileReader = (lowerCaseName: string) => { name: string; bytes: Uint8Array } | Error | undefined;

/** Builds the index. `Graficos.ini` is preferred (what the AO20 client loads); `graficos.ind` is the fallback. */
export function buildGraphicsIndex(readFile: InitFileReader): GraphicsIndexResult {
  const index = emptyGraphicsIndex();
  const errors: DatIssue[] = [];
  const warnings: DatIssue[] = [];

  const use = <T>(name: string, parse: (bytes: Uint8Array, file: string) => DatResult<T>, apply: (value: T) => void): boolean => {
    const file = readFile(name);
    if (file === undefined) return false;
    if (file instanceof Error) {
      errors.push({ code: "unreadable-file", file: name, message: `${name}: ${file.message}` });
      return true;
    }
    const result = parse(file.bytes, file.name);
    errors.push(...result.errors);
    warnings.push(...result.warnings);
    if (result.value !== null) apply(result.value);
    return true;
  };
  const missing = (name: string, what: string) =>
    warnings.push({ code: "missing-file", file: name, message: `${name} not found; ${what} left empty` });

  const hadIni = use("graficos.ini", parseGraficosIni, (table) => {
    index.grhs = table.grhs;
    index.grhSource = "graficos.ini";
  });
  if (!hadIni || index.grhSource === "none") {
    const hadInd = use("graficos.ind", parseGraficosInd, (table) => {
      index.grhs = table.grhs;
      index.grhSource = "graficos.ind";
    });
    if (!hadIni && !hadInd) missing("graficos.ini", "the grh table is");
  }
  if (!use("cabezas.ind", parseHeadsInd, (heads) => (index.heads = heads))) missing("cabezas.ind", "heads are");
  if (!use("cascos.ind", parseHeadsInd, (helmets) => (index.helmets = helmets))) missing("cascos.ind", "helmets are");
  if (!use("fxs.ind", parseFxsInd, (fxs) => (index.fxs = fxs))) missing("fxs.ind", "effects are");
  if (!use("moldes.ini", parseMoldesIni, (moldes) => (index.moldes = moldes))) missing("moldes.ini", "moldes are");
  if (!use("cuerpos.dat", parseCuerposDat, (bodies) => (index.bodies = bodies))) missing("cuerpos.dat", "bodies are");
  if (!use("armas.dat", parseArmasDat, (weapons) => (index.weapons = weapons))) missing("armas.dat", "weapons are");
  if (!use("escudos.dat", parseEscudosDat, (shields) => (index.shields = shields))) missing("escudos.dat", "shields are");

  checkMoldeReferences(index, warnings);
  return { index, errors, warnings };
}

/** Bodies, weapons and shields that name a molde `moldes.ini` does not define (the client would fail on them). */
function checkMoldeReferences(index: GraphicsIndex, warnings: DatIssue[]): void {
  const check = (file: string, what: string, sets: readonly (AnimationSet | null)[]) => {
    const bad: number[] = [];
    sets.forEach((set, id) => {
      if (set?.kind === "molde" && !index.moldes[set.molde]) bad.push(id);
    });
    if (bad.length > 0) {
      warnings.push({
        code: "bad-value",
        file,
        message: `${file}: ${bad.length} ${what} use a molde that moldes.ini does not define (first: ${what} ${bad[0]})`,
      });
    }
  };
  check("cuerpos.dat", "body", index.bodies.map((body) => body?.sprites ?? null));
  check("armas.dat", "weapon", index.weapons);
  check("escudos.dat", "shield", index.shields);
}
