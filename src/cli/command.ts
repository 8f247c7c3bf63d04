/**
 * The contract every `argentum <command>` implements. Commands write through `CliIo` so tests
 * can run them in-process; the real binary wires it to stdout/stderr.
 */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress bars only then). */
  readonly stderrIsTty: boolean;
}

export interface Command {
  readonly name: string;
  /** One line for `argentum --help`. */
  readonly summary: string;
  /** Full text for `argentum <name> --help`. */
  readonly usage: string;
  /** Resolves to the process exit code: 0 ok, 1 failed, 2 bad usage. */
  run(argv: string[], io: CliIo): Promise<number>;
}

export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  stderrIsTty: Boolean(process.stderr.isTTY),
};

/** Collects output in memory, for tests. */
export function memoryIo(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: "",
    stderr: "",
    stderrIsTty: false,
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
  };
  return io;
}
