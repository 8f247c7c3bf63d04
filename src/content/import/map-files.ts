/**
 * Finding map files in a folder the way a Windows server would: names compared without regard
 * to case (`mapa1.csm` and `Mapa310.csm` sit side by side in real data). Pure: works on a list
 * of names.
 */
import type { MapFormat } from "../maps/index.ts";

/** The files of one AO20 map. */
export interface Ao20MapFiles {
  readonly id: number;
  readonly csm: string;
}

/** The files of one AO 0.13 map; `dat` is optional (properties then default). */
export interface Ao013MapFiles {
  readonly id: number;
  readonly map: string;
  readonly inf: string | undefined;
  readonly dat: string | undefined;
}

const CSM_NAME = /^mapa([0-9]+)\.csm$/i;
const MAP_NAME = /^mapa([0-9]+)\.map$/i;

/** Case-insensitive file lookup over a folder listing. The first of two names differing only in case wins. */
export class CaseInsensitiveNames {
  private readonly byLower = new Map<string, string>();

  constructor(names: Iterable<string>) {
    for (const name of [...names].sort()) {
      const lower = name.toLowerCase();
      if (!this.byLower.has(lower)) this.byLower.set(lower, name);
    }
  }

  /** The real name of `name` in the folder, or undefined. */
  find(name: string): string | undefined {
    return this.byLower.get(name.toLowerCase());
  }

  names(): string[] {
    return [...this.byLower.values()];
  }
}

function mapNumber(pattern: RegExp, name: string): number | undefined {
  const match = pattern.exec(name);
  if (!match) return undefined;
  const id = Number.parseInt(match[1]!, 10);
  // Leading zeros (`Mapa01.csm`) would collide with `Mapa1.csm`; VB6 builds names without them.
  return String(id) === match[1] && id > 0 ? id : undefined;
}

/** Which format a folder holds: `.csm` files → ao20, `.map` files → ao013; both or none → undefined. */
export function detectMapFormat(names: Iterable<string>): MapFormat | "both" | undefined {
  let csm = false;
  let map = false;
  for (const name of names) {
    if (CSM_NAME.test(name)) csm = true;
    else if (MAP_NAME.test(name)) map = true;
  }
  if (csm && map) return "both";
  return csm ? "ao20" : map ? "ao013" : undefined;
}

/** AO20 maps in a listing, by id. */
export function findAo20Maps(names: CaseInsensitiveNames): Ao20MapFiles[] {
  const maps: Ao20MapFiles[] = [];
  for (const name of names.names()) {
    const id = mapNumber(CSM_NAME, name);
    if (id !== undefined) maps.push({ id, csm: name });
  }
  return maps.sort((a, b) => a.id - b.id);
}

/** AO 0.13 maps in a listing, by id, with their companion files looked up case-insensitively. */
export function findAo013Maps(names: CaseInsensitiveNames): Ao013MapFiles[] {
  const maps: Ao013MapFiles[] = [];
  for (const name of names.names()) {
    const id = mapNumber(MAP_NAME, name);
    if (id === undefined) continue;
    maps.push({ id, map: name, inf: names.find(`Mapa${id}.inf`), dat: names.find(`Mapa${id}.dat`) });
  }
  return maps.sort((a, b) => a.id - b.id);
}
