/**
 * `argentum import`: original AO data → a world pack, with a JSON report.
 */
import { checkWorldName, importWorld, type ImportProgress, type ImportReport, type MapFormat } from "../content/index.ts";
import type { CliIo, Command } from "./command.ts";

/** Width of the terminal progress bar, in characters. */
const PROGRESS_BAR_WIDTH = 30;
/** Without a terminal, one progress line per this many maps. */
const PROGRESS_LINE_EVERY_MAPS = 100;
/** Errors and warnings echoed on stderr (the report file has them all). */
const ECHO_LIMIT = 20;

const USAGE = `usage: argentum import --maps DIR --out DIR [--dat DIR] [--init DIR] [--report FILE] [--format ao20|ao013] [--name NAME]

Imports original Argentum Online data into a world pack that \`argentum serve --world DIR\` loads.

  --maps DIR       folder with the maps: AO20 MapaN.csm, or AO 0.13 MapaN.map + .inf + .dat
                   (file names matched without regard to case)
  --out DIR        where the pack is written (created; an earlier pack there is replaced)
  --dat DIR        folder with the .dat tables (obj.dat, npcs.dat, Hechizos.dat, Balance.dat,
                   Ciudades.dat, …); without it the pack has maps only
  --init DIR       folder with the client indexes (Graficos.ini, cabezas.ind, …) for browsers
  --report FILE    write the JSON report there (otherwise it is printed on stdout)
  --format F       ao20 or ao013 (default: detected from the file names)
  --name NAME      the world's name (default: the format, ao20 or ao013; the AO data carries
                   none). A database remembers the name of the world it serves and refuses
                   another one, so give each world you run its own name (at most 64 printable
                   characters)

A map that cannot be read is reported with its file and byte offset and left out; the rest is
still imported. Exit code: 0 imported, 1 something failed, 2 bad usage.
`;

interface ImportArgs {
  maps: string;
  out: string;
  dat?: string;
  init?: string;
  report?: string;
  format?: MapFormat;
  name?: string;
}

const VALUE_FLAGS = ["--maps", "--out", "--dat", "--init", "--report", "--format", "--name"] as const;
/** How much of a refused name an error line shows. */
const SHOWN_NAME_LENGTH = 40;
type ValueFlag = (typeof VALUE_FLAGS)[number];

/** `alone`: the line says all there is (the usage text would only bury it). */
function parseArgs(argv: readonly string[]): { ok: true; args: ImportArgs } | { ok: false; message: string; alone?: boolean } {
  const values = new Map<ValueFlag, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.indexOf("=");
    const flag = (equals > 0 ? arg.slice(0, equals) : arg) as ValueFlag;
    if (!VALUE_FLAGS.includes(flag)) return { ok: false, message: `unknown option ${JSON.stringify(arg)}` };
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else {
      value = argv[index + 1];
      index++;
    }
    if (value === undefined || value === "") return { ok: false, message: `${flag} needs a value` };
    if (values.has(flag)) return { ok: false, message: `${flag} given twice` };
    values.set(flag, value);
  }
  const maps = values.get("--maps");
  const out = values.get("--out");
  if (!maps) return { ok: false, message: "--maps DIR is required" };
  if (!out) return { ok: false, message: "--out DIR is required" };
  const format = values.get("--format");
  if (format !== undefined && format !== "ao20" && format !== "ao013") return { ok: false, message: `--format must be ao20 or ao013, not ${JSON.stringify(format)}` };
  const name = values.get("--name");
  if (name !== undefined) {
    const check = checkWorldName(name);
    if (!check.ok) return { ok: false, message: `--name ${shownName(name)}: ${check.reason}`, alone: true };
  }
  return {
    ok: true,
    args: {
      maps,
      out,
      ...(values.has("--dat") ? { dat: values.get("--dat")! } : {}),
      ...(values.has("--init") ? { init: values.get("--init")! } : {}),
      ...(values.has("--report") ? { report: values.get("--report")! } : {}),
      ...(format ? { format } : {}),
      ...(name !== undefined ? { name } : {}),
    },
  };
}

/** The name quoted with escapes (one line whatever it holds), cut short when long. */
function shownName(name: string): string {
  const characters = [...name];
  return characters.length > SHOWN_NAME_LENGTH ? `${JSON.stringify(characters.slice(0, SHOWN_NAME_LENGTH).join(""))}…` : JSON.stringify(name);
}

/** Progress reporter: a redrawn bar on a terminal, occasional plain lines otherwise. */
function progressPrinter(io: CliIo): { update(progress: ImportProgress): void; finish(): void } {
  let drawn = false;
  return {
    update({ done, total, file }) {
      if (io.stderrIsTty) {
        const filled = total === 0 ? PROGRESS_BAR_WIDTH : Math.round((done / total) * PROGRESS_BAR_WIDTH);
        io.err(`\r[${"#".repeat(filled)}${".".repeat(PROGRESS_BAR_WIDTH - filled)}] ${done}/${total} ${file}\x1b[K`);
        drawn = true;
      } else if (done % PROGRESS_LINE_EVERY_MAPS === 0 || done === total) {
        io.err(`import: ${done}/${total} maps\n`);
      }
    },
    finish() {
      if (drawn) io.err("\n");
    },
  };
}

function location(entry: { file: string; offset?: number; line?: number; x?: number; y?: number }): string {
  if (entry.offset !== undefined) return `${entry.file} at byte ${entry.offset}`;
  if (entry.x !== undefined && entry.y !== undefined) return `${entry.file} (${entry.x}, ${entry.y})`;
  if (entry.line !== undefined) return `${entry.file}:${entry.line}`;
  return entry.file;
}

function echoIssues(io: CliIo, report: ImportReport): void {
  for (const error of report.errors.slice(0, ECHO_LIMIT)) io.err(`error: ${error.message.startsWith(error.file) ? error.message : `${location(error)}: ${error.message}`}\n`);
  if (report.errors.length > ECHO_LIMIT) io.err(`… ${report.errors.length - ECHO_LIMIT} more errors in the report\n`);
}

/** `argentum import`: the importer behind the CLI (see USAGE); the lead wires it into main. */
export const importCommand: Command = {
  name: "import",
  summary: "import original AO maps and tables into a world pack",
  usage: USAGE,
  async run(argv, io) {
    const parsed = parseArgs(argv);
    if (!parsed.ok) {
      io.err(parsed.alone ? `argentum import: ${parsed.message}\n` : `argentum import: ${parsed.message}\n\n${USAGE}`);
      return 2;
    }
    const { args } = parsed;
    const progress = progressPrinter(io);
    const result = await importWorld({
      mapsDir: args.maps,
      outDir: args.out,
      ...(args.dat !== undefined ? { datDir: args.dat } : {}),
      ...(args.init !== undefined ? { initDir: args.init } : {}),
      ...(args.format !== undefined ? { format: args.format } : {}),
      ...(args.name !== undefined ? { name: args.name } : {}),
      onProgress: (event) => progress.update(event),
    });
    progress.finish();
    const { report } = result;
    const json = `${JSON.stringify(report, null, 1)}\n`;
    if (args.report !== undefined) {
      try {
        await Bun.write(args.report, json);
      } catch (cause) {
        io.err(`argentum import: cannot write the report to ${args.report}: ${(cause as Error).message}\n`);
        return 1;
      }
    } else {
      io.out(json);
    }
    echoIssues(io, report);
    const pack = result.packHash ? `pack ${args.out} (sha256 ${result.packHash})` : "no pack written";
    io.err(`import: ${report.format}, ${report.maps.length} maps imported, ${report.errors.length} errors, ${report.warnings.length} warnings; ${pack}\n`);
    return result.failed ? 1 : 0;
  },
};
