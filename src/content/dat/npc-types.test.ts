import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NpcType } from "./npc-types.ts";
import { parseNpcsDat } from "./npcs.ts";

test("the NpcType table imports nothing: game rules read it without loading the parsers", () => {
  const source = readFileSync(join(import.meta.dir, "npc-types.ts"), "utf8");
  expect(source.match(/^\s*(import|export)\b[^;]*\bfrom\s/gm) ?? []).toEqual([]);
});

test("NpcType names distinct numbers, and the reader keeps an entry's NpcType as that number", () => {
  const values = Object.values(NpcType);
  expect(new Set(values).size).toBe(values.length);
  const dat = new TextEncoder().encode(["[INIT]", "NumNPCs=1", "[NPC1]", "Name=Banquero", "NpcType=4"].join("\r\n"));
  expect(parseNpcsDat(dat, "npcs.dat").value?.npcs[0]?.npcType).toBe(NpcType.Banker);
});
