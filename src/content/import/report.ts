/**
 * The import report (`argentum import --report FILE`), shape fixed by issue 4:
 * `{"format","maps":[{file,id,name,blocked,exits,npcs,objects,triggers}],"errors":[…],"warnings":[…]}`.
 */
import type { MapFormat } from "../maps/index.ts";

/** One imported map with the counts defined in issue 4 (see `MapCounts`). */
export interface ImportedMapReport {
  readonly file: string;
  readonly id: number;
  readonly name: string;
  readonly blocked: number;
  readonly exits: number;
  readonly npcs: number;
  readonly objects: number;
  readonly triggers: number;
}

/** Something that kept a file from being imported. */
export interface ImportError {
  readonly code: string;
  readonly file: string;
  /** Byte offset in `file` where the problem is, when it is in a binary file. */
  readonly offset?: number;
  /** 1-based line, when the problem is in a text file. */
  readonly line?: number;
  readonly message: string;
}

/** A cross-check finding; the data was imported anyway. */
export interface ImportWarning {
  readonly code: ImportWarningCode;
  readonly file: string;
  /** Tile on the map of `file` (or the position a table names), when there is one. */
  readonly x?: number;
  readonly y?: number;
  readonly line?: number;
  readonly message: string;
}

export type ImportWarningCode =
  | "exit-to-missing-map"
  | "exit-out-of-bounds"
  | "unknown-npc"
  | "unknown-object"
  | "spawn-on-blocked-tile"
  | "city-not-in-pack"
  | "missing-companion-file"
  | "missing-section"
  | "table-issue"
  /** About the starting kit: a malformed line of `EquipamientoInicial.dat`, or no kit at all. */
  | "starting-kit";

export interface ImportReport {
  readonly format: MapFormat;
  readonly maps: readonly ImportedMapReport[];
  readonly errors: readonly ImportError[];
  readonly warnings: readonly ImportWarning[];
}
