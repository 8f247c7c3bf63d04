/** The `argentum` command line: the subcommands and the I/O they write to. */
export { processIo, memoryIo, type CliIo, type Command } from "./command.ts";
export { COMMANDS } from "./commands.ts";
