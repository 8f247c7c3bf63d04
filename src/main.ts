#!/usr/bin/env bun
/**
 * `argentum <command>`: the one executable. With no command, or with only options, it serves.
 */
import { COMMANDS, processIo, type CliIo, type Command } from "./cli/index.ts";
import { VERSION } from "./version.ts";

export function topLevelHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length)) + 2;
  return [
    `argentum ${VERSION}: an Argentum Online server`,
    "",
    "usage: argentum [command] [options]      (no command: serve)",
    "",
    "commands:",
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    "",
    "argentum <command> --help shows a command's options; argentum --version prints the version.",
    "",
  ].join("\n");
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v" || first === "version") {
    io.out(`${VERSION}\n`);
    return 0;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    io.out(topLevelHelp());
    return 0;
  }
  const named = first === undefined || first.startsWith("-") ? undefined : COMMANDS.find((command) => command.name === first);
  if (first !== undefined && !first.startsWith("-") && !named) {
    io.err(`argentum: unknown command ${JSON.stringify(first)}\n\n${topLevelHelp()}`);
    return 2;
  }
  const command: Command = named ?? COMMANDS[0]!;
  const args = named ? rest : argv;
  if (args.includes("--help") || args.includes("-h")) {
    io.out(`${command.usage.trimEnd()}\n`);
    return 0;
  }
  return command.run(args, io);
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2), processIo);
  // `serve` resolves only when the server has stopped; everything else is done here.
  process.exit(code);
}
