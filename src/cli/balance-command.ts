/**
 * `argentum balance`: for operators tuning Balance.dat. Builds a character of a class, race and
 * level with the given equipment and skills, and prints both directions of a fight against an
 * NPC or another character: hit chance, the exact damage distribution of a landed blow,
 * expected blows and seconds to kill, and the experience per kill. The numbers come from the
 * game's own combat rules (src/game/combat), enumerated exactly, never sampled.
 */
import {
  CLASS_KEYS,
  loadDefaultWorld,
  loadGameTables,
  loadWorldPack,
  RACE_KEYS,
  type GameTables,
} from "../content/index.ts";
import { balanceRulesFromTable, expectedMaxHpAtLevel, MAX_LEVEL, type ClassId } from "../game/character-creation/index.ts";
import { SKILL_COUNT, type Attributes } from "../game/character/index.ts";
import {
  analyzeNpcOnUser,
  analyzeUserOnNpc,
  analyzeUserOnUser,
  checkAmmunition,
  DEFAULT_COMBAT_INTERVALS,
  EnumerationTooLargeError,
  npcCombatProfile,
  npcHitChanceOnUser,
  userCombatProfile,
  userHitChanceOnNpc,
  userHitChanceOnUser,
  type AttackAnalysis,
  type NpcCombatProfile,
  type UserCombatProfile,
} from "../game/combat/index.ts";
import { equipmentKindOf, itemCatalog, type ItemCatalog, type ItemTemplate } from "../game/items/index.ts";
import { MAX_SKILL_POINTS, SKILL } from "../game/progression/index.ts";
import type { CliIo, Command } from "./command.ts";

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

const USAGE = `usage: argentum balance [--world DIR | --dat DIR [--format ao20|ao013]]
                        --class CLASS --race RACE --level N
                        [--weapon OBJ] [--armor OBJ] [--shield OBJ] [--helmet OBJ] [--ammo OBJ]
                        [--skills NAME=N,...]
                        (--vs-npc NPC | --vs-class CLASS [--vs-race RACE] [--vs-level N]
                         [--vs-weapon OBJ] [--vs-armor OBJ] [--vs-shield OBJ] [--vs-helmet OBJ]
                         [--vs-ammo OBJ] [--vs-skills NAME=N,...])
                        [--json]

Fights a character against an NPC or another character with the game's own combat rules and
prints both directions: hit chance, damage of a landed blow (min–max, mean, every value with its
probability, enumerated exactly), expected blows and seconds to kill, and experience per kill.

  --world DIR     a world pack (as \`argentum serve --world\`); default: the built-in world
  --dat DIR       a folder of original .dat tables (as \`argentum import --dat\`), e.g. Recursos/Dat
  --class, --race class and race by name (Guerrero, Clérigo, Elfo Oscuro…) or number
  --level N       1..${MAX_LEVEL}; attributes are 18 + the race's Balance.dat modifiers, HP the
                  class/race average for the level (GetMaxHp), hit range from the level
  --weapon OBJ …  object numbers of the world's obj.dat (each must be of that kind)
  --skills        e.g. armas=10,tacticas=5 (0..100); names: ${Object.keys(skillKeys()).join(", ")},
                  or skill numbers (4=10)
  --vs-npc NPC    an NPC number of npcs.dat, or its exact name
  --vs-class …    another character; --vs-race and --vs-level default to the attacker's
  --json          one JSON object instead of the text

Attack intervals: a character swings every ${DEFAULT_COMBAT_INTERVALS.meleeMs} ms (shoots every ${DEFAULT_COMBAT_INTERVALS.shotMs} ms with a
bow), an NPC every IntervaloAtaque ms (2000 when absent). Seconds to kill count from the first
blow to the killing one. Exit code: 0 done, 1 the world could not be loaded, 2 bad usage.
`;

/** Skill names the command accepts (ASCII, lower case) → `e_Skill` number. */
function skillKeys(): Readonly<Record<string, number>> {
  return {
    magia: SKILL.Magic,
    robar: SKILL.Steal,
    tacticas: SKILL.Tactics,
    armas: SKILL.Weapons,
    meditar: SKILL.Meditate,
    apunalar: SKILL.Stab,
    ocultarse: SKILL.Hide,
    supervivencia: SKILL.Survival,
    comerciar: SKILL.Trade,
    defensa: SKILL.ShieldDefense,
    liderazgo: SKILL.Leadership,
    proyectiles: SKILL.Projectiles,
    wrestling: SKILL.Wrestling,
    navegacion: SKILL.Navigation,
    equitacion: SKILL.Riding,
    resistencia: SKILL.MagicResistance,
  };
}
const SKILL_KEYS = skillKeys();
const SKILL_LABELS: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(SKILL_KEYS).map(([name, id]) => [id, name]));
/** obj.dat / npcs.dat numbers are VB6 Integers. */
const MAX_TABLE_ID = 32_767;
/** How many distribution entries the text shows before eliding. */
const SHOWN_DISTRIBUTION_VALUES = 12;
/** `[MODRAZA]` attributes start from this (character-creation §4). */
const BASE_ATTRIBUTE = 18;
/** Experience for killing a character: 2 × its level (§7.1). */
const PVP_EXP_PER_VICTIM_LEVEL = 2;

const VALUE_FLAGS = [
  "--world",
  "--dat",
  "--format",
  "--class",
  "--race",
  "--level",
  "--weapon",
  "--armor",
  "--shield",
  "--helmet",
  "--ammo",
  "--skills",
  "--vs-npc",
  "--vs-class",
  "--vs-race",
  "--vs-level",
  "--vs-weapon",
  "--vs-armor",
  "--vs-shield",
  "--vs-helmet",
  "--vs-ammo",
  "--vs-skills",
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];
const EQUIPMENT_FLAGS = { weapon: "weapon", armor: "armor", shield: "shield", helmet: "helmet", ammo: "ammunition" } as const;
type EquipmentFlag = keyof typeof EQUIPMENT_FLAGS;

/** A refusal of the command line: one line naming the bad value, exit 2. */
class UsageError extends Error {}
/** The world could not be read: exit 1. */
class LoadError extends Error {}

interface FighterArgs {
  readonly classId: number;
  readonly raceId: number;
  readonly level: number;
  readonly equipment: Partial<Record<EquipmentFlag, number>>;
  readonly skills: readonly number[];
}

interface BalanceArgs {
  readonly world?: string;
  readonly dat?: string;
  readonly format: "ao20" | "ao013";
  readonly attacker: FighterArgs;
  readonly versus: { readonly kind: "npc"; readonly npc: string } | { readonly kind: "user"; readonly fighter: FighterArgs };
  readonly json: boolean;
}

/** Lower case, no accents, no spaces or dashes: "Elfo Oscuro" → "elfooscuro". */
function normalized(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
}

const shown = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(value)) throw new UsageError(`${flag} ${shown(value)}: not a whole number`);
  const number = Number(value);
  if (number < min || number > max) throw new UsageError(`${flag} ${value}: must be ${min}..${max}`);
  return number;
}

function nameOrNumber(flag: string, value: string, keys: readonly string[], aliases: Readonly<Record<string, number>>, what: string): number {
  if (/^\d+$/.test(value)) return wholeNumber(flag, value, 1, keys.length);
  const wanted = normalized(value);
  const index = keys.findIndex((key) => normalized(key) === wanted);
  if (index >= 0) return index + 1;
  const alias = aliases[wanted];
  if (alias !== undefined) return alias;
  throw new UsageError(`${flag} ${shown(value)}: unknown ${what} (one of ${keys.join(", ")}, or 1..${keys.length})`);
}

const classOf = (flag: string, value: string) => nameOrNumber(flag, value, CLASS_KEYS, { ladron: 11, thief: 11, warrior: 3, mage: 1 }, "class");
const raceOf = (flag: string, value: string) => nameOrNumber(flag, value, RACE_KEYS, { drow: 3, elfooscura: 3, human: 1, elf: 2, gnome: 4, dwarf: 5, orc: 6 }, "race");

function skillsOf(flag: string, value: string | undefined): number[] {
  const skills = new Array<number>(SKILL_COUNT).fill(0);
  if (value === undefined) return skills;
  for (const part of value.split(",")) {
    const match = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(part);
    if (!match) throw new UsageError(`${flag} ${shown(part)}: expected NAME=POINTS, e.g. armas=10`);
    const [, name, points] = match as unknown as [string, string, string];
    const skill = /^\d+$/.test(name) ? wholeNumber(flag, name, 1, SKILL_COUNT) : SKILL_KEYS[normalized(name)];
    if (skill === undefined) throw new UsageError(`${flag} ${shown(name)}: unknown skill (one of ${Object.keys(SKILL_KEYS).join(", ")}, or 1..${SKILL_COUNT})`);
    skills[skill - 1] = wholeNumber(`${flag} ${name}`, points, 0, MAX_SKILL_POINTS);
  }
  return skills;
}

function parseArgs(argv: readonly string[]): BalanceArgs | "help" {
  const values = new Map<ValueFlag, string>();
  let json = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--help" || arg === "-h") return "help";
    if (arg === "--json") {
      json = true;
      continue;
    }
    const equals = arg.indexOf("=");
    const flag = (equals > 0 ? arg.slice(0, equals) : arg) as ValueFlag;
    if (!VALUE_FLAGS.includes(flag)) throw new UsageError(`unknown option ${shown(arg)}`);
    const value = equals > 0 ? arg.slice(equals + 1) : argv[++index];
    if (value === undefined || value === "") throw new UsageError(`${flag} needs a value`);
    if (values.has(flag)) throw new UsageError(`${flag} given twice`);
    values.set(flag, value);
  }
  const required = (flag: ValueFlag): string => {
    const value = values.get(flag);
    if (value === undefined) throw new UsageError(`${flag} is required`);
    return value;
  };
  if (values.has("--world") && values.has("--dat")) throw new UsageError("--world and --dat exclude each other");
  const format = values.get("--format") ?? "ao20";
  if (format !== "ao20" && format !== "ao013") throw new UsageError(`--format ${shown(format)}: must be ao20 or ao013`);
  if (values.has("--format") && !values.has("--dat")) throw new UsageError("--format goes with --dat");

  const fighter = (prefix: "" | "vs-", fallback?: FighterArgs): FighterArgs => {
    const flag = (name: string) => `--${prefix}${name}` as ValueFlag;
    const classValue = required(flag("class"));
    const raceValue = values.get(flag("race"));
    const levelValue = values.get(flag("level"));
    const equipment: Partial<Record<EquipmentFlag, number>> = {};
    for (const slot of Object.keys(EQUIPMENT_FLAGS) as EquipmentFlag[]) {
      const value = values.get(flag(slot));
      if (value !== undefined) equipment[slot] = wholeNumber(flag(slot), value, 1, MAX_TABLE_ID);
    }
    return {
      classId: classOf(flag("class"), classValue),
      raceId: raceValue !== undefined ? raceOf(flag("race"), raceValue) : (fallback?.raceId ?? raceOf(flag("race"), required(flag("race")))),
      level: levelValue !== undefined ? wholeNumber(flag("level"), levelValue, 1, MAX_LEVEL) : (fallback?.level ?? wholeNumber(flag("level"), required(flag("level")), 1, MAX_LEVEL)),
      equipment,
      skills: skillsOf(flag("skills"), values.get(flag("skills"))),
    };
  };
  const attacker = fighter("");
  const npc = values.get("--vs-npc");
  const hasVersusUser = values.has("--vs-class");
  if (npc !== undefined && hasVersusUser) throw new UsageError("--vs-npc and --vs-class exclude each other");
  if (npc === undefined && !hasVersusUser) throw new UsageError("--vs-npc NPC or --vs-class CLASS is required");
  if (npc !== undefined) {
    const stray = [...values.keys()].find((flag) => flag.startsWith("--vs-") && flag !== "--vs-npc");
    if (stray !== undefined) throw new UsageError(`${stray} goes with --vs-class, not --vs-npc`);
  }
  return {
    ...(values.has("--world") ? { world: values.get("--world")! } : {}),
    ...(values.has("--dat") ? { dat: values.get("--dat")! } : {}),
    format,
    attacker,
    versus: npc !== undefined ? { kind: "npc", npc } : { kind: "user", fighter: fighter("vs-", attacker) },
    json,
  };
}

interface LoadedWorld {
  readonly label: string;
  readonly tables: GameTables;
}

async function loadTables(args: BalanceArgs): Promise<LoadedWorld> {
  if (args.dat !== undefined) {
    const loaded = loadGameTables(args.dat, args.format);
    const first = loaded.errors[0];
    if (first !== undefined) throw new LoadError(`--dat ${args.dat}: ${first.message}`);
    return { label: `tables ${args.dat} (${args.format})`, tables: loaded.tables };
  }
  const outcome = args.world !== undefined ? await loadWorldPack(args.world) : await loadDefaultWorld();
  const where = args.world !== undefined ? `world pack ${args.world}` : "the built-in default world";
  if (!outcome.ok) {
    const first = outcome.errors[0];
    throw new LoadError(`${where} could not be loaded: ${first ? `${first.file}: ${first.message}` : "unknown problem"}`);
  }
  if (outcome.pack.tables === null || outcome.pack.tables === undefined) throw new LoadError(`${where} has no game tables`);
  return { label: `world "${outcome.pack.name}"${args.world === undefined ? " (built in)" : ` (${args.world})`}`, tables: outcome.pack.tables };
}

/** The tables the command reads. */
interface CommandTables {
  readonly balance: NonNullable<GameTables["balance"]>;
  readonly objects: NonNullable<GameTables["objects"]>;
  readonly npcs: NonNullable<GameTables["npcs"]>;
}

/** The tables the command needs, or a load error naming the missing one. */
function requireTables(world: LoadedWorld): CommandTables {
  const { balance, objects, npcs } = world.tables;
  for (const [name, table] of [
    ["Balance.dat", balance],
    ["obj.dat", objects],
    ["npcs.dat", npcs],
  ] as const) {
    if (table === null || table === undefined) throw new LoadError(`${world.label} has no ${name} table`);
  }
  return { balance: balance!, objects: objects!, npcs: npcs! };
}

interface Fighter {
  readonly args: FighterArgs;
  readonly className: string;
  readonly raceName: string;
  readonly attributes: Attributes;
  readonly hp: number;
  readonly profile: UserCombatProfile;
  readonly ranged: boolean;
  readonly warnings: readonly string[];
}

function buildFighter(prefix: "" | "vs-", args: FighterArgs, tables: CommandTables, catalog: ItemCatalog): Fighter {
  const race = tables.balance.races[args.raceId - 1]!;
  const attributes: Attributes = [
    BASE_ATTRIBUTE + race.strength,
    BASE_ATTRIBUTE + race.agility,
    BASE_ATTRIBUTE + race.intelligence,
    BASE_ATTRIBUTE + race.charisma,
    BASE_ATTRIBUTE + race.constitution,
  ];
  for (const [slot, id] of Object.entries(args.equipment) as [EquipmentFlag, number][]) {
    const item = catalog.get(id);
    const flag = `--${prefix}${slot}`;
    if (item === undefined) throw new UsageError(`${flag} ${id}: no object ${id} in this world`);
    if (equipmentKindOf(item) !== EQUIPMENT_FLAGS[slot]) throw new UsageError(`${flag} ${id}: object ${id} (${item.name}) is not ${slot === "ammo" ? "ammunition" : `a ${slot}`}`);
  }
  const classRules = balanceRulesFromTable(tables.balance).classes[args.classId as ClassId];
  const hp = expectedMaxHpAtLevel(attributes[4], args.level, classRules);
  const profile = userCombatProfile(
    {
      class: args.classId,
      level: args.level,
      attributes,
      skills: args.skills,
      equipment: { weapon: args.equipment.weapon ?? 0, armor: args.equipment.armor ?? 0, shield: args.equipment.shield ?? 0, helmet: args.equipment.helmet ?? 0, ammunition: args.equipment.ammo ?? 0 },
    },
    catalog,
    tables.balance,
    { maxHp: hp },
  );
  const warnings: string[] = [];
  const weapon = profile.weapon;
  const ranged = weapon !== null && weapon.projectile === 1;
  if (weapon !== null && ranged) {
    const ammunition = checkAmmunition(weapon, profile.ammunition, profile.ammunition === null ? 0 : 1);
    if (!ammunition.ok) {
      warnings.push(`${weapon.name} cannot shoot here: ${ammunition.reason === "no_ammunition" ? `it needs ammunition of Subtipo ${weapon.ammunitionSubtype} (${flagFor(prefix, "ammo")})` : "not a ranged weapon"}; shown as if it could`);
    }
  } else if (profile.ammunition !== null) {
    warnings.push(`${profile.ammunition.name} is ignored: the weapon does not shoot`);
  }
  return {
    args,
    className: CLASS_KEYS[args.classId - 1]!,
    raceName: RACE_KEYS[args.raceId - 1]!,
    attributes,
    hp,
    profile,
    ranged,
    warnings,
  };
}

const flagFor = (prefix: "" | "vs-", name: string) => `--${prefix}${name}`;

function findNpc(tables: Pick<CommandTables, "npcs">, value: string): NpcCombatProfile {
  const npcs = tables.npcs.npcs;
  const template = /^\d+$/.test(value) ? npcs.find((npc) => npc.id === Number(value)) : npcs.find((npc) => normalized(npc.name) === normalized(value));
  if (template === undefined) throw new UsageError(`--vs-npc ${shown(value)}: no such NPC in this world`);
  return npcCombatProfile(template);
}

/** One direction of the fight as JSON (Infinity as null). */
interface DirectionJson {
  readonly from: string;
  readonly to: string;
  readonly hitChancePercent: number;
  readonly damage: {
    readonly min: number;
    readonly max: number;
    readonly mean: number;
    readonly distribution: readonly (readonly [damage: number, probability: number])[];
    readonly approximate: boolean;
  };
  readonly targetHp: number;
  readonly intervalMs: number;
  readonly expectedHitsToKill: number | null;
  readonly expectedSwingsToKill: number | null;
  readonly expectedSecondsToKill: number | null;
  readonly expPerKill: number | null;
}

/** Twelve significant digits: drops the float noise of summed probabilities (0.24999999999999997 → 0.25). */
const tidy = (value: number): number => Number(value.toPrecision(12));
const finite = (value: number): number | null => (Number.isFinite(value) ? tidy(value) : null);

function direction(from: string, to: string, hitChancePercent: number, fight: AttackAnalysis, expPerKill: number | null): DirectionJson {
  return {
    from,
    to,
    hitChancePercent,
    damage: {
      min: fight.damage.min,
      max: fight.damage.max,
      mean: tidy(fight.damage.mean),
      distribution: [...fight.damage.probabilities.entries()].map(([damage, probability]) => [damage, tidy(probability)] as const),
      approximate: fight.damage.approximate,
    },
    targetHp: fight.targetHp,
    intervalMs: fight.intervalMs,
    expectedHitsToKill: finite(fight.expectedHitsToKill),
    expectedSwingsToKill: finite(fight.expectedSwingsToKill),
    expectedSecondsToKill: finite(fight.expectedSecondsToKill),
    expPerKill,
  };
}

function itemJson(item: ItemTemplate | null): { id: number; name: string } | null {
  return item === null ? null : { id: item.id, name: item.name };
}

function fighterJson(fighter: Fighter) {
  const { profile } = fighter;
  const skills = Object.fromEntries(fighter.args.skills.flatMap((points, index) => (points > 0 ? [[SKILL_LABELS[index + 1] ?? String(index + 1), points]] : [])));
  return {
    kind: "character" as const,
    class: fighter.className,
    race: fighter.raceName,
    level: fighter.args.level,
    attributes: { strength: fighter.attributes[0], agility: fighter.attributes[1], intelligence: fighter.attributes[2], charisma: fighter.attributes[3], constitution: fighter.attributes[4] },
    hp: fighter.hp,
    minHit: profile.minHit,
    maxHit: profile.maxHit,
    skills,
    equipment: { weapon: itemJson(profile.weapon), armor: itemJson(profile.armor), shield: itemJson(profile.shield), helmet: itemJson(profile.helmet), ammunition: itemJson(profile.ammunition) },
  };
}

function npcJson(npc: NpcCombatProfile) {
  return {
    kind: "npc" as const,
    id: npc.id,
    name: npc.name,
    hp: npc.spawnHp > 0 ? npc.spawnHp : npc.maxHp,
    minHit: npc.minHit,
    maxHit: npc.maxHit,
    def: npc.def,
    attackPower: npc.attackPower,
    evasionPower: npc.evasionPower,
    attackIntervalMs: npc.attackIntervalMs,
    giveExp: npc.giveExp,
    giveGold: npc.giveGold,
  };
}

export interface BalanceReport {
  readonly world: string;
  readonly attacker: ReturnType<typeof fighterJson>;
  readonly target: ReturnType<typeof fighterJson> | ReturnType<typeof npcJson>;
  readonly attack: DirectionJson;
  readonly defense: DirectionJson;
  readonly warnings: readonly string[];
}

function userInterval(fighter: Fighter): number {
  return fighter.ranged ? DEFAULT_COMBAT_INTERVALS.shotMs : DEFAULT_COMBAT_INTERVALS.meleeMs;
}

function report(args: BalanceArgs, world: LoadedWorld): BalanceReport {
  const tables = requireTables(world);
  const catalog = itemCatalog(tables.objects);
  const attacker = buildFighter("", args.attacker, tables, catalog);
  const label = (fighter: Fighter) => `${fighter.className} ${fighter.raceName} ${fighter.args.level}`;
  if (args.versus.kind === "npc") {
    const npc = findNpc(tables, args.versus.npc);
    const attack = analyzeUserOnNpc(attacker.profile, npc, userInterval(attacker), { ranged: attacker.ranged });
    const defense = analyzeNpcOnUser(npc, attacker.profile, attacker.hp);
    return {
      world: world.label,
      attacker: fighterJson(attacker),
      target: npcJson(npc),
      attack: direction(label(attacker), npc.name, userHitChanceOnNpc(attacker.profile, npc), attack, npc.giveExp),
      defense: direction(npc.name, label(attacker), npcHitChanceOnUser(npc, attacker.profile), defense, null),
      warnings: attacker.warnings,
    };
  }
  const victim = buildFighter("vs-", args.versus.fighter, tables, catalog);
  const attack = analyzeUserOnUser(attacker.profile, victim.profile, victim.hp, userInterval(attacker));
  const defense = analyzeUserOnUser(victim.profile, attacker.profile, attacker.hp, userInterval(victim));
  return {
    world: world.label,
    attacker: fighterJson(attacker),
    target: fighterJson(victim),
    attack: direction(label(attacker), label(victim), userHitChanceOnUser(attacker.profile, victim.profile), attack, PVP_EXP_PER_VICTIM_LEVEL * victim.args.level),
    defense: direction(label(victim), label(attacker), userHitChanceOnUser(victim.profile, attacker.profile), defense, PVP_EXP_PER_VICTIM_LEVEL * attacker.args.level),
    warnings: [...attacker.warnings, ...victim.warnings.map((warning) => `target: ${warning}`)],
  };
}

const percent = (probability: number): string => `${(probability * 100).toFixed(probability * 100 >= 10 ? 1 : 2).replace(/\.0+$/, "")}%`;
const decimals = (value: number | null, digits = 2): string => (value === null ? "never" : value.toFixed(digits));

function describeFighter(fighter: ReturnType<typeof fighterJson>): string[] {
  const a = fighter.attributes;
  const equipment = Object.entries(fighter.equipment)
    .map(([slot, item]) => `${slot} ${item === null ? "—" : `#${item.id} ${item.name}`}`)
    .join(", ");
  const skills = Object.entries(fighter.skills)
    .map(([name, points]) => `${name} ${points}`)
    .join(", ");
  return [
    `${fighter.class} ${fighter.race}, level ${fighter.level}: STR ${a.strength} AGI ${a.agility} INT ${a.intelligence} CHA ${a.charisma} CON ${a.constitution}; HP ${fighter.hp}; hit ${fighter.minHit}–${fighter.maxHit}`,
    `  ${equipment}`,
    `  skills: ${skills === "" ? "none" : skills}`,
  ];
}

function describeDirection(d: DirectionJson): string[] {
  const values = d.damage.distribution.map(([damage, probability]) => `${damage}: ${percent(probability)}`);
  const shownValues = values.length > SHOWN_DISTRIBUTION_VALUES ? [...values.slice(0, SHOWN_DISTRIBUTION_VALUES), `… ${values.length - SHOWN_DISTRIBUTION_VALUES} more (--json)`] : values;
  return [
    `${d.from} → ${d.to}`,
    `  hit chance      ${d.hitChancePercent}%`,
    `  damage per hit  ${d.damage.min}–${d.damage.max}, mean ${d.damage.mean.toFixed(2)}${d.damage.approximate ? " (approximate)" : ""}`,
    `                  ${shownValues.join(", ")}`,
    `  hits to kill    ${decimals(d.expectedHitsToKill)} expected for ${d.targetHp} HP (${decimals(d.expectedSwingsToKill)} swings)`,
    `  time to kill    ${decimals(d.expectedSecondsToKill)} s (one blow every ${d.intervalMs} ms)`,
    ...(d.expPerKill === null ? [] : [`  exp per kill    ${d.expPerKill}`]),
  ];
}

function describeReport(r: BalanceReport): string {
  const target =
    r.target.kind === "npc"
      ? [`NPC #${r.target.id} ${r.target.name}: HP ${r.target.hp}, hit ${r.target.minHit}–${r.target.maxHit}, DEF ${r.target.def}, attack power ${r.target.attackPower}, evasion ${r.target.evasionPower}, attacks every ${r.target.attackIntervalMs} ms, ${r.target.giveExp} exp, ${r.target.giveGold} gold`]
      : describeFighter(r.target);
  return `${[
    `argentum balance: ${r.world}`,
    "",
    ...describeFighter(r.attacker),
    "vs",
    ...target,
    "",
    ...describeDirection(r.attack),
    "",
    ...describeDirection(r.defense),
    ...r.warnings.map((warning) => `warning: ${warning}`),
  ].join("\n")}\n`;
}

/** JSON without Infinity/NaN surprises: they were turned into null above. */
function reportJson(r: BalanceReport): string {
  return `${JSON.stringify(r)}\n`;
}

export const balanceCommand: Command = {
  name: "balance",
  summary: "hit chance, damage and time to kill of a class/race/level against an NPC or a class",
  usage: USAGE,
  async run(argv, io: CliIo) {
    let args: BalanceArgs | "help";
    try {
      args = parseArgs(argv);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(`argentum balance: ${error.message}\n(argentum balance --help for usage)\n`);
      return EXIT_USAGE;
    }
    if (args === "help") {
      io.out(USAGE);
      return EXIT_OK;
    }
    try {
      const world = await loadTables(args);
      const result = report(args, world);
      io.out(args.json ? reportJson(result) : describeReport(result));
      return EXIT_OK;
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`argentum balance: ${error.message}\n`);
        return EXIT_USAGE;
      }
      if (error instanceof EnumerationTooLargeError) {
        io.err(`argentum balance: the damage of these fighters has ${error.message}; narrow the hit or defence ranges of the objects or NPC\n`);
        return EXIT_FAILED;
      }
      if (error instanceof LoadError) {
        io.err(`argentum balance: ${error.message}\n`);
        return EXIT_FAILED;
      }
      io.err(`argentum balance: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILED;
    }
  },
};
