/**
 * The Dockerfile, .dockerignore and the README's Docker section, checked for what they mean,
 * because no Docker engine runs where the tests run and the image cannot be built there:
 * - the final stage runs as a numeric, non-root uid (Kubernetes' runAsNonRoot needs a number);
 * - every VOLUME folder is created and owned by that uid before the VOLUME line: Docker gives a
 *   new volume the owner of the image's folder, and the server write-checks its data folder at
 *   start, so a folder the image lacks becomes a root-owned volume and the start fails (EACCES);
 * - AO_DATA_DIR is the volume, EXPOSE matches the ports, the HEALTHCHECK asks /health on the
 *   HTTP port, and the executable the entrypoint runs is the one the build stage compiles;
 * - the build context leaves out the host's node_modules, data, dist and .git but not what the
 *   build embeds;
 * - every `docker run` in the README mounts the image's volume path and publishes its ports.
 * The parsers are small and only as general as these files need; each checker returns its
 * complaints as sentences, and the tests feed them broken texts as well as the real files.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, resolve } from "node:path";

const REPO_ROOT = resolve(import.meta.dir, "..");
const readRepoFile = (name: string) => readFileSync(join(REPO_ROOT, name), "utf8");

// ---------------------------------------------------------------------------------------------
// Dockerfile parsing

interface Instruction {
  keyword: string;
  args: string;
  /** 1-based line where the instruction starts, for complaints. */
  line: number;
}

interface Stage {
  name: string | undefined;
  base: string;
  instructions: Instruction[];
}

/** Instructions grouped by stage: comments dropped, lines continued with `\` joined as Docker joins them. */
export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  const finish = (entry: { text: string; line: number }) => {
    const match = /^\s*([A-Za-z]+)\s*([\s\S]*)$/.exec(entry.text);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: entry.line });
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    // Docker drops comment lines and empty lines, also between the lines of one instruction.
    if (trimmed.startsWith("#") || trimmed === "") return;
    const continued = /\\\s*$/.test(raw);
    const body = continued ? raw.replace(/\\\s*$/, "") : raw;
    if (pending) pending.text += body;
    else pending = { text: body, line: index + 1 };
    if (!continued) {
      finish(pending);
      pending = undefined;
    }
  });
  if (pending) finish(pending);

  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith("--"));
      const asIndex = words.findIndex((word) => word.toUpperCase() === "AS");
      stages.push({ base: words[0] ?? "", name: asIndex >= 0 ? words[asIndex + 1] : undefined, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The words of an exec-form (`["a", "b"]`) or a whitespace-separated argument. */
function argumentList(args: string): string[] {
  if (args.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(args);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: Docker then takes it as shell form, and so does this.
    }
  }
  return args.split(/\s+/).filter(Boolean);
}

/**
 * Shell text split into simple commands (at `&&`, `||`, `;`, `|`, `&`) and each into words, with
 * quotes and backslashes removed. No expansion: callers substitute the variables they know.
 */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [[]];
  let word = "";
  let inWord = false;
  let quote: string | undefined;
  const flush = () => {
    if (inWord) commands.at(-1)!.push(word);
    word = "";
    inWord = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      flush();
    } else if (c === "&" || c === "|" || c === ";") {
      flush();
      if (text[i + 1] === c) i++;
      commands.push([]);
    } else {
      word += c;
      inWord = true;
    }
  }
  flush();
  return commands.filter((command) => command.length > 0);
}

/** `ENV a=b c=d` or the old `ENV key value`. */
function envPairs(args: string): [string, string][] {
  const words = shellCommands(args.replace(/[;&|]/g, "\\$&"))[0] ?? [];
  if (words.length > 0 && !words[0]!.includes("=")) return [[words[0]!, words.slice(1).join(" ")]];
  return words.map((word) => {
    const at = word.indexOf("=");
    return [word.slice(0, at), word.slice(at + 1)];
  });
}

/** `$NAME` and `${NAME}` replaced for the names known; others are left as they are. */
function substitute(text: string, env: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => env.get((braced ?? bare)!) ?? whole);
}

/**
 * Splits words into options and operands. `valued` are the options that take a value (short
 * letters and long names); a short cluster like `-dm 0755` is read letter by letter.
 */
function parseOptions(words: string[], valued: ReadonlySet<string>): { options: Map<string, string | true>; operands: string[] } {
  const options = new Map<string, string | true>();
  const operands: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (word.startsWith("--")) {
      const at = word.indexOf("=");
      const name = at >= 0 ? word.slice(2, at) : word.slice(2);
      if (at >= 0) options.set(name, word.slice(at + 1));
      else if (valued.has(name)) options.set(name, words[++i] ?? "");
      else options.set(name, true);
    } else if (word.startsWith("-") && word.length > 1) {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (valued.has(letter)) {
          options.set(letter, k + 1 < word.length ? word.slice(k + 1) : (words[++i] ?? ""));
          break;
        }
        options.set(letter, true);
      }
    } else {
      operands.push(word);
    }
  }
  return { options, operands };
}

const option = (options: Map<string, string | true>, ...names: string[]): string | true | undefined =>
  names.map((name) => options.get(name)).find((value) => value !== undefined);

// ---------------------------------------------------------------------------------------------
// What the final stage's RUN lines leave on disk, as far as ownership goes

interface Folder {
  /** Owner as a uid when known, else as written (a user name not declared in the stage). */
  owner: string;
  /** Octal mode, or undefined when set symbolically. */
  mode: number | undefined;
}

/** Folders made by the stage so far (mkdir, install -d, useradd --create-home), with chown, chmod and rm applied. */
class FolderLedger {
  readonly folders = new Map<string, Folder>();
  /** User names declared with useradd, to their uid. */
  readonly users = new Map<string, string>([["root", "0"]]);

  uidOf(ownerSpec: string): string {
    const user = ownerSpec.split(/[:.]/)[0] ?? "";
    return /^\d+$/.test(user) ? user : (this.users.get(user) ?? user);
  }

  make(path: string, owner: string, mode: number | undefined, parents: boolean) {
    if (parents) {
      for (let parent = posix.dirname(path); parent !== "/" && !this.folders.has(parent); parent = posix.dirname(parent)) {
        this.folders.set(parent, { owner: "0", mode: 0o755 });
      }
    }
    this.folders.set(path, { owner, mode });
  }

  /** The folder and, when `recursive`, everything tracked below it. */
  private affected(path: string, recursive: boolean): string[] {
    return [...this.folders.keys()].filter((known) => known === path || (recursive && known.startsWith(`${path}/`)));
  }

  chown(path: string, owner: string, recursive: boolean) {
    for (const known of this.affected(path, recursive)) this.folders.get(known)!.owner = owner;
  }

  chmod(path: string, mode: number | undefined, recursive: boolean) {
    for (const known of this.affected(path, recursive)) this.folders.get(known)!.mode = mode;
  }

  remove(path: string) {
    for (const known of this.affected(path, true)) this.folders.delete(known);
  }

  /** Applies one RUN line; relative paths are taken from `workdir` (a `cd` inside the line is not followed). */
  run(shell: string, workdir: string) {
    const at = (path: string) => posix.resolve(workdir, path);
    const octal = (value: string | true | undefined, fallback: number | undefined) =>
      value === undefined ? fallback : typeof value === "string" && /^[0-7]{3,4}$/.test(value) ? parseInt(value, 8) : undefined;
    for (const [command, ...words] of shellCommands(shell)) {
      switch (posix.basename(command!)) {
        case "mkdir": {
          const { options, operands } = parseOptions(words, new Set(["m", "mode", "Z", "context"]));
          const parents = option(options, "p", "parents") !== undefined;
          for (const path of operands) this.make(at(path), "0", octal(option(options, "m", "mode"), 0o755), parents);
          break;
        }
        case "install": {
          const { options, operands } = parseOptions(words, new Set(["o", "owner", "g", "group", "m", "mode", "t", "target-directory", "S", "suffix"]));
          if (option(options, "d", "directory") === undefined) break; // installs files, not folders
          const owner = option(options, "o", "owner");
          const mode = octal(option(options, "m", "mode"), 0o755);
          for (const path of operands) this.make(at(path), typeof owner === "string" ? this.uidOf(owner) : "0", mode, true);
          break;
        }
        case "chown": {
          const { options, operands } = parseOptions(words, new Set(["from", "reference"]));
          const [owner, ...paths] = operands;
          if (owner === undefined) break;
          const recursive = option(options, "R", "recursive") !== undefined;
          for (const path of paths) this.chown(at(path), this.uidOf(owner), recursive);
          break;
        }
        case "chmod": {
          const { options, operands } = parseOptions(words, new Set(["reference"]));
          const [mode, ...paths] = operands;
          if (mode === undefined) break;
          const recursive = option(options, "R", "recursive") !== undefined;
          for (const path of paths) this.chmod(at(path), octal(mode, undefined), recursive);
          break;
        }
        case "rm": {
          const { operands } = parseOptions(words, new Set());
          for (const path of operands) this.remove(at(path));
          break;
        }
        case "useradd": {
          const valued = ["u", "uid", "d", "home-dir", "g", "gid", "s", "shell", "c", "comment", "G", "groups", "k", "skel", "K", "key", "e", "expiredate", "f", "inactive", "p", "password", "b", "base-dir", "Z", "selinux-user"];
          const { options, operands } = parseOptions(words, new Set(valued));
          const name = operands.at(-1);
          const uid = option(options, "u", "uid");
          if (name === undefined) break;
          if (typeof uid === "string") this.users.set(name, uid);
          const home = option(options, "d", "home-dir");
          if (option(options, "m", "create-home") !== undefined && typeof home === "string") {
            this.make(at(home), this.uidOf(name), 0o755, false);
          }
          break;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Checks of the Dockerfile

/** Defaults of the server (src/config), used when the image does not set the variables. */
const DEFAULT_TCP_PORT = "7667";
const DEFAULT_HTTP_PORT = "8080";

export interface ImageFacts {
  uid: string | undefined;
  volumes: string[];
  env: Map<string, string>;
  exposed: string[];
}

/** What the final stage says about the running container. */
export function imageFacts(stages: Stage[]): ImageFacts {
  const final = stages.at(-1);
  const env = new Map<string, string>();
  const volumes: string[] = [];
  const exposed: string[] = [];
  let user: string | undefined;
  for (const instruction of final?.instructions ?? []) {
    if (instruction.keyword === "ENV") for (const [key, value] of envPairs(instruction.args)) env.set(key, substitute(value, env));
    if (instruction.keyword === "VOLUME") volumes.push(...argumentList(instruction.args).map((path) => substitute(path, env)));
    if (instruction.keyword === "EXPOSE") exposed.push(...argumentList(instruction.args).map((port) => port.replace(/\/(tcp|udp)$/, "")));
    if (instruction.keyword === "USER") user = instruction.args.trim();
  }
  const uid = user?.split(":")[0];
  return { uid, volumes, env, exposed };
}

/** The runtime user: present, numeric and not root. */
export function checkUser(stages: Stage[]): string[] {
  const users = (stages.at(-1)?.instructions ?? []).filter((instruction) => instruction.keyword === "USER");
  const last = users.at(-1);
  if (!last) return ["the final stage has no USER, so the server runs as root"];
  const [uid, gid] = last.args.trim().split(":");
  const complaints: string[] = [];
  if (!/^\d+$/.test(uid ?? "")) complaints.push(`USER ${last.args} (line ${last.line}) is not a numeric uid, so Kubernetes' runAsNonRoot cannot verify it is not root`);
  else if (Number(uid) === 0) complaints.push(`USER ${last.args} (line ${last.line}) is root`);
  if (gid !== undefined && !/^\d+$/.test(gid)) complaints.push(`USER ${last.args} (line ${last.line}) names its group instead of a numeric gid`);
  return complaints;
}

/**
 * Replays the final stage's folder-making instructions in order, calling `atVolume` for each
 * VOLUME path with the folders as they are at that line; returns the ledger and WORKDIR at the end.
 */
function replayFinalStage(stages: Stage[], atVolume: (path: string, line: number, ledger: FolderLedger) => void = () => {}) {
  const ledger = new FolderLedger();
  const env = new Map<string, string>();
  let workdir = "/";
  for (const instruction of stages.at(-1)?.instructions ?? []) {
    switch (instruction.keyword) {
      case "ENV":
        for (const [key, value] of envPairs(instruction.args)) env.set(key, substitute(value, env));
        break;
      case "WORKDIR":
        workdir = posix.resolve(workdir, substitute(instruction.args, env));
        // Docker creates a missing WORKDIR as root.
        if (!ledger.folders.has(workdir)) ledger.make(workdir, "0", 0o755, true);
        break;
      case "RUN":
        ledger.run(substitute(instruction.args, env), workdir);
        break;
      case "VOLUME":
        for (const path of argumentList(instruction.args)) atVolume(substitute(path, env), instruction.line, ledger);
        break;
    }
  }
  return { ledger, workdir };
}

/** Each VOLUME folder exists, owned and writable by the runtime uid, when the VOLUME line is reached. */
export function checkVolumes(stages: Stage[]): string[] {
  const { uid, volumes } = imageFacts(stages);
  if (volumes.length === 0) return ["the final stage declares no VOLUME for the data folder"];
  if (uid === undefined) return []; // checkUser complains
  const complaints: string[] = [];
  replayFinalStage(stages, (path, line, ledger) => {
    const runtimeUid = ledger.uidOf(uid);
    const folder = ledger.folders.get(path);
    const where = `VOLUME ${path} (line ${line})`;
    if (!folder) {
      complaints.push(`${where} is not created before the VOLUME line, so a new volume is root-owned and uid ${runtimeUid} cannot write it`);
    } else if (folder.owner !== runtimeUid) {
      complaints.push(`${where} is owned by ${folder.owner === "0" ? "root" : folder.owner}, not by the runtime uid ${runtimeUid}, so the server cannot write it`);
    } else if (folder.mode !== undefined && (folder.mode & 0o200) === 0) {
      complaints.push(`${where} has mode ${folder.mode.toString(8)}, which its owner cannot write`);
    }
  });
  return complaints;
}

/**
 * The WORKDIR can be entered by any uid: the README offers `docker run --user "$(id -u):$(id -g)"`
 * with a host folder, and a container whose user cannot enter its WORKDIR does not start.
 */
export function checkWorkdir(stages: Stage[]): string[] {
  const { ledger, workdir } = replayFinalStage(stages);
  const complaints: string[] = [];
  for (let path = workdir; path !== "/"; path = posix.dirname(path)) {
    const mode = ledger.folders.get(path)?.mode;
    if (mode !== undefined && (mode & 0o001) === 0) complaints.push(`WORKDIR ${workdir}: ${path} has mode ${mode.toString(8).padStart(3, "0")}, so docker run --user with another uid cannot enter it`);
  }
  return complaints;
}

/** AO_DATA_DIR is the volume, EXPOSE is the two ports, AO_HOST listens on every address. */
export function checkEnvironment(stages: Stage[]): string[] {
  const { volumes, env, exposed } = imageFacts(stages);
  const complaints: string[] = [];
  const dataDir = env.get("AO_DATA_DIR");
  if (dataDir === undefined) complaints.push("ENV AO_DATA_DIR is not set, so the data goes to ./data and not into the volume");
  else if (!volumes.includes(dataDir)) complaints.push(`ENV AO_DATA_DIR is ${dataDir}, which is not a VOLUME (${volumes.join(", ") || "none"})`);
  const ports = [env.get("AO_TCP_PORT") ?? DEFAULT_TCP_PORT, env.get("AO_HTTP_PORT") ?? DEFAULT_HTTP_PORT];
  const sorted = (list: string[]) => [...new Set(list)].sort().join(" ");
  if (sorted(exposed) !== sorted(ports)) complaints.push(`EXPOSE ${exposed.join(" ") || "(none)"} is not the AO_TCP_PORT and AO_HTTP_PORT ${ports.join(" ")}`);
  const host = env.get("AO_HOST");
  if (host !== undefined && host !== "0.0.0.0" && host !== "::") complaints.push(`ENV AO_HOST is ${host}: published ports reach only a server listening on every address`);
  return complaints;
}

/** The HEALTHCHECK asks /health on the HTTP port with a tool the image installs. */
export function checkHealthcheck(stages: Stage[]): string[] {
  const final = stages.at(-1)?.instructions ?? [];
  const healthcheck = final.filter((instruction) => instruction.keyword === "HEALTHCHECK").at(-1);
  if (!healthcheck) return ["the final stage has no HEALTHCHECK"];
  const match = /^((?:--\S+\s+)*)(CMD|NONE)\b\s*([\s\S]*)$/i.exec(healthcheck.args);
  if (!match || match[2]!.toUpperCase() === "NONE") return [`HEALTHCHECK (line ${healthcheck.line}) has no CMD`];
  const body = match[3]!;
  const execForm = body.startsWith("[");
  const command = execForm ? argumentList(body).join(" ") : body;
  const { env } = imageFacts(stages);
  const httpPort = env.get("AO_HTTP_PORT") ?? DEFAULT_HTTP_PORT;
  const url = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):(\$\{AO_HTTP_PORT\}|\$AO_HTTP_PORT|\d+)\/health\b/.exec(command);
  const complaints: string[] = [];
  if (!url) {
    complaints.push(`HEALTHCHECK (line ${healthcheck.line}) does not ask http://127.0.0.1:<HTTP port>/health`);
  } else if (url[1]!.startsWith("$")) {
    if (execForm) complaints.push(`HEALTHCHECK (line ${healthcheck.line}) is in exec form, where ${url[1]} is not expanded`);
    if (!env.has("AO_HTTP_PORT")) complaints.push(`HEALTHCHECK (line ${healthcheck.line}) uses ${url[1]}, which the image does not set`);
  } else if (url[1] !== httpPort) {
    complaints.push(`HEALTHCHECK (line ${healthcheck.line}) asks port ${url[1]}, but the HTTP port is ${httpPort}`);
  }
  const tool = posix.basename(shellCommands(command)[0]?.[0] ?? "");
  const installs = final.some((instruction) => instruction.keyword === "RUN" && /\binstall\b/.test(instruction.args) && new RegExp(`\\b${tool}\\b`).test(instruction.args));
  if ((tool === "curl" || tool === "wget") && !installs) complaints.push(`HEALTHCHECK runs ${tool}, which the final stage does not install`);
  return complaints;
}

/** The final stage runs what the build stage compiles, and that stage installs from the lock file before building. */
export function checkBuild(stages: Stage[]): string[] {
  const final = stages.at(-1)?.instructions ?? [];
  const copy = final.find((instruction) => instruction.keyword === "COPY" && /--from=/.test(instruction.args));
  if (!copy) return ["the final stage copies nothing from a build stage"];
  const words = argumentList(copy.args);
  const from = words.find((word) => word.startsWith("--from="))!.slice("--from=".length);
  const [source, destination] = words.filter((word) => !word.startsWith("--"));
  const build = stages.find((stage, index) => stage.name === from || String(index) === from);
  if (!build || build === stages.at(-1)) return [`COPY --from=${from} (line ${copy.line}) names no earlier stage`];
  const complaints: string[] = [];
  let workdir = "/";
  let lockCopied = false;
  let installedAt = -1;
  let builtAt = -1;
  build.instructions.forEach((instruction, index) => {
    if (instruction.keyword === "WORKDIR") workdir = posix.resolve(workdir, instruction.args);
    if (instruction.keyword === "COPY" && argumentList(instruction.args).includes("package-lock.json")) lockCopied = true;
    if (instruction.keyword === "RUN" && shellCommands(instruction.args).some((command) => command[0] === "npm" && command[1] === "ci")) {
      if (!lockCopied) complaints.push(`npm ci (line ${instruction.line}) runs before package-lock.json is copied`);
      installedAt = index;
    }
    if (instruction.keyword === "RUN" && /\bnpm run build\b/.test(instruction.args)) builtAt = index;
  });
  if (installedAt < 0) complaints.push(`the build stage ${from} never runs npm ci`);
  if (builtAt < 0) complaints.push(`the build stage ${from} never runs npm run build`);
  else if (installedAt > builtAt) complaints.push(`the build stage ${from} builds before npm ci`);
  if (source !== posix.join(workdir, "dist/argentum")) complaints.push(`COPY --from=${from} takes ${source}, but npm run build writes ${posix.join(workdir, "dist/argentum")}`);
  const entrypoint = final.filter((instruction) => instruction.keyword === "ENTRYPOINT").at(-1);
  const installed = destination?.endsWith("/") ? posix.join(destination, "argentum") : destination;
  const program = entrypoint ? argumentList(entrypoint.args)[0] : undefined;
  if (program !== installed) complaints.push(`ENTRYPOINT runs ${program ?? "nothing"}, but the executable is copied to ${installed}`);
  return complaints;
}

export function checkDockerfile(text: string): string[] {
  const stages = parseDockerfile(text);
  return [...checkUser(stages), ...checkVolumes(stages), ...checkWorkdir(stages), ...checkEnvironment(stages), ...checkHealthcheck(stages), ...checkBuild(stages)];
}

// ---------------------------------------------------------------------------------------------
// .dockerignore, matched as Docker matches it (moby/patternmatcher): patterns relative to the
// context root, `*` and `?` stay within one path segment, `**` spans any number of them, a
// pattern that matches a folder leaves out everything below it, `!` takes a path back, and the
// last matching pattern decides.

interface IgnoreRule {
  pattern: string;
  exclusion: boolean;
  regex: RegExp;
}

export function parseDockerignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const exclusion = line.startsWith("!");
    if (exclusion) line = line.slice(1).trim();
    const pattern = posix.normalize(line).replace(/^\/+/, "").replace(/\/+$/, "");
    if (pattern === "" || pattern === ".") continue;
    let source = "^";
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === "*" && pattern[i + 1] === "*") {
        i++;
        if (pattern[i + 1] === "/") i++;
        source += i + 1 >= pattern.length ? ".*" : "(.*/)?";
      } else if (c === "*") source += "[^/]*";
      else if (c === "?") source += "[^/]";
      else if (c === "\\" && i + 1 < pattern.length) source += `\\${pattern[++i]}`;
      else source += c.replace(/[.+^${}()|[\]]/g, "\\$&");
    }
    rules.push({ pattern, exclusion, regex: new RegExp(`${source}$`) });
  }
  return rules;
}

/** True when the context path (relative, with `/`) is left out of the build context. */
export function isIgnored(rules: IgnoreRule[], path: string): boolean {
  const parts = path.split("/");
  const selfAndParents = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
  let ignored = false;
  for (const rule of rules) {
    if (selfAndParents.some((candidate) => rule.regex.test(candidate))) ignored = !rule.exclusion;
  }
  return ignored;
}

/** What `docker build .` would send: files under `root`, skipping left-out folders (as Docker does when no `!` rule exists). */
function contextFiles(root: string, rules: IgnoreRule[]): { path: string; size: number }[] {
  const reincludes = rules.some((rule) => rule.exclusion);
  const files: { path: string; size: number }[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      const path = relative(root, full).split("\\").join("/");
      if (entry.isDirectory()) {
        if (!reincludes && isIgnored(rules, path)) continue;
        walk(full);
      } else if (!isIgnored(rules, path)) {
        files.push({ path, size: entry.isFile() ? statSync(full).size : 0 });
      }
    }
  };
  walk(root);
  return files;
}

// ---------------------------------------------------------------------------------------------
// README: the `docker run` lines of the Docker section

interface DockerRun {
  text: string;
  image: string | undefined;
  publishes: string[];
  mounts: { source: string; target: string }[];
  env: Map<string, string>;
  user: string | undefined;
}

/** `docker run` options that take a value; the first word after the options is the image. */
const RUN_VALUED = new Set(
  ["p", "publish", "v", "volume", "mount", "e", "env", "env-file", "u", "user", "name", "network", "net", "w", "workdir", "entrypoint", "restart", "h", "hostname", "l", "label", "memory", "m", "cpus", "add-host", "platform", "pull", "health-cmd", "log-driver", "log-opt", "ulimit", "stop-signal", "stop-timeout", "cap-add", "cap-drop", "security-opt", "tmpfs", "device", "dns", "group-add"],
);

export function dockerSection(readme: string): string {
  const start = readme.search(/^## Docker\s*$/m);
  if (start < 0) return "";
  const rest = readme.slice(start + 1);
  const next = rest.search(/^## /m);
  return next < 0 ? readme.slice(start) : readme.slice(start, start + 1 + next);
}

/** Shell lines of the section's code blocks, continued lines joined, comments dropped. */
function sectionShellLines(section: string): string[] {
  const lines: string[] = [];
  for (const block of section.matchAll(/```[a-z]*\n([\s\S]*?)```/g)) {
    let pending = "";
    for (const raw of block[1]!.split("\n")) {
      if (raw.trim().startsWith("#") && pending === "") continue;
      if (/\\\s*$/.test(raw)) {
        pending += `${raw.replace(/\\\s*$/, "")} `;
        continue;
      }
      const line = (pending + raw).trim();
      pending = "";
      if (line !== "") lines.push(line);
    }
  }
  return lines;
}

export function dockerRuns(section: string): DockerRun[] {
  const runs: DockerRun[] = [];
  for (const line of sectionShellLines(section)) {
    for (const [program, subcommand, ...words] of shellCommands(line)) {
      if (program !== "docker" || subcommand !== "run") continue;
      const run: DockerRun = { text: line.replace(/\s+/g, " "), image: undefined, publishes: [], mounts: [], env: new Map(), user: undefined };
      for (let i = 0; i < words.length && run.image === undefined; i++) {
        const word = words[i]!;
        if (!word.startsWith("-")) {
          run.image = word;
          continue;
        }
        const [flag, inline] = word.includes("=") ? [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)] : [word, undefined];
        const name = flag.replace(/^-+/, "");
        if (!RUN_VALUED.has(name)) continue;
        const value = inline ?? words[++i] ?? "";
        if (name === "p" || name === "publish") run.publishes.push(value);
        if (name === "v" || name === "volume") {
          const parts = value.split(":");
          if (parts.length >= 2) run.mounts.push({ source: parts[0]!, target: parts[1]! });
          else run.mounts.push({ source: "", target: parts[0]! });
        }
        if (name === "mount") {
          const fields = new Map(value.split(",").map((field) => [field.split("=")[0]!, field.split("=").slice(1).join("=")] as const));
          run.mounts.push({ source: fields.get("source") ?? fields.get("src") ?? "", target: fields.get("target") ?? fields.get("destination") ?? fields.get("dst") ?? "" });
        }
        if (name === "e" || name === "env") {
          const at = value.indexOf("=");
          run.env.set(at >= 0 ? value.slice(0, at) : value, at >= 0 ? value.slice(at + 1) : "");
        }
        if (name === "u" || name === "user") run.user = value;
      }
      runs.push(run);
    }
  }
  return runs;
}

/** A mount source that is a host folder rather than a volume name. */
const isHostPath = (source: string) => /^[/.~$]/.test(source);
/** `"$PWD/x"`, `./x`, `$(pwd)/x` and `x` name the same folder. */
const hostFolder = (path: string) => path.replace(/^(\$\{?PWD\}?|\$\(pwd\)|\.)\//, "").replace(/\/+$/, "");

export function checkReadme(readme: string, dockerfile: string): string[] {
  const section = dockerSection(readme);
  if (section === "") return ["README has no ## Docker section"];
  const stages = parseDockerfile(dockerfile);
  const { uid, volumes, exposed } = imageFacts(stages);
  const runs = dockerRuns(section);
  const complaints: string[] = [];
  const built = /docker build\s+(?:\S+\s+)*?-t\s+(\S+)/.exec(section)?.[1];
  const chowned = sectionShellLines(section)
    .flatMap((line) => shellCommands(line))
    .filter((command) => posix.basename(command[0] ?? "") === "chown" || (command[0] === "sudo" && command[1] === "chown"))
    .map((command) => (command[0] === "sudo" ? command.slice(1) : command))
    .map((command) => parseOptions(command.slice(1), new Set(["from", "reference"])).operands)
    .filter(([owner]) => owner?.split(":")[0] === uid)
    .flatMap(([, ...paths]) => paths.map(hostFolder));
  if (runs.length === 0) complaints.push("the Docker section has no docker run line");
  for (const run of runs) {
    const line = `\`${run.text}\``;
    if (built !== undefined && run.image !== built) complaints.push(`${line} runs ${run.image}, but the section builds ${built}`);
    const published = run.publishes.map((spec) => spec.replace(/\/(tcp|udp)$/, "").split(":").at(-1)!);
    const sorted = (list: string[]) => [...new Set(list)].sort().join(" ");
    if (sorted(published) !== sorted(exposed)) complaints.push(`${line} publishes ${published.join(" ") || "no port"}, but the image exposes ${exposed.join(" ")}`);
    const data = run.mounts.filter((mount) => volumes.includes(mount.target));
    if (data.length === 0) complaints.push(`${line} mounts nothing at the image's volume ${volumes.join(", ")}`);
    for (const mount of run.mounts.filter((mount) => !volumes.includes(mount.target))) {
      complaints.push(`${line} mounts at ${mount.target}, which is not the image's volume ${volumes.join(", ")}`);
    }
    for (const mount of data.filter((mount) => isHostPath(mount.source))) {
      if (run.user === undefined && !chowned.includes(hostFolder(mount.source))) {
        complaints.push(`${line} mounts the host folder ${mount.source} without a chown ${uid} of it or --user, and uid ${uid} cannot write a folder the host user owns`);
      }
    }
    if (run.env.has("AO_DATA_DIR")) complaints.push(`${line} moves AO_DATA_DIR away from the volume`);
  }
  if (!runs.some((run) => run.mounts.some((mount) => volumes.includes(mount.target) && mount.source !== "" && !isHostPath(mount.source)))) {
    complaints.push("no docker run line uses a named volume");
  }
  if (!runs.some((run) => run.mounts.some((mount) => volumes.includes(mount.target) && isHostPath(mount.source)))) {
    complaints.push("no docker run line uses a host folder");
  }
  if (!runs.some((run) => /^postgres(ql)?:\/\//.test(run.env.get("DATABASE_URL") ?? ""))) complaints.push("no docker run line sets DATABASE_URL to a postgres:// URL");
  return complaints;
}

// ---------------------------------------------------------------------------------------------
// The tests

/** The Dockerfile before this check existed: VOLUME of a folder the image never makes, USER by name. */
const OLD_DOCKERFILE = `# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update \\
 && apt-get install -y --no-install-recommends ca-certificates curl \\
 && rm -rf /var/lib/apt/lists/* \\
 && useradd --system --uid 10001 --home-dir /var/lib/argentum --create-home argentum
COPY --from=build /src/dist/argentum /usr/local/bin/argentum
USER argentum
WORKDIR /var/lib/argentum
ENV AO_DATA_DIR=/var/lib/argentum/data \\
    AO_HOST=0.0.0.0 \\
    AO_TCP_PORT=7667 \\
    AO_HTTP_PORT=8080
VOLUME ["/var/lib/argentum/data"]
EXPOSE 7667 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \\
  CMD curl -fsS "http://127.0.0.1:\${AO_HTTP_PORT}/health" || exit 1
ENTRYPOINT ["/usr/local/bin/argentum"]
CMD ["serve"]
`;

/** The old Dockerfile with its runtime RUN, USER and the lines after them replaced. */
function runtimeVariant(run: string, user = "10001:10001", tail = `VOLUME ["/var/lib/argentum/data"]\nEXPOSE 7667 8080\n`): string {
  const head = OLD_DOCKERFILE.slice(0, OLD_DOCKERFILE.indexOf("RUN apt-get update"));
  const health = OLD_DOCKERFILE.slice(OLD_DOCKERFILE.indexOf("HEALTHCHECK"));
  return `${head}RUN apt-get update && apt-get install -y curl \\\n && ${run}
COPY --from=build /src/dist/argentum /usr/local/bin/argentum
USER ${user}
ENV AO_DATA_DIR=/var/lib/argentum/data AO_TCP_PORT=7667 AO_HTTP_PORT=8080
${tail}${health}`;
}

describe("the Dockerfile parser", () => {
  test("joins continued lines, drops comments and groups instructions by stage", () => {
    const stages = parseDockerfile("# c\nFROM a AS one\nRUN x \\\n  # inside\n  && y\nFROM b\nUSER 1\n");
    expect(stages.map((stage) => [stage.base, stage.name])).toEqual([["a", "one"], ["b", undefined]]);
    expect(stages[0]!.instructions).toEqual([{ keyword: "RUN", args: "x   && y", line: 3 }]);
    expect(shellCommands(`a -b "c d" && e 'f;g'; h\\ i`)).toEqual([["a", "-b", "c d"], ["e", "f;g"], ["h i"]]);
  });
});

describe("the Dockerfile", () => {
  const stages = parseDockerfile(readRepoFile("Dockerfile"));

  test("runs as a numeric non-root uid", () => {
    expect(checkUser(stages)).toEqual([]);
    expect(Number(imageFacts(stages).uid)).toBeGreaterThan(0);
  });

  test("creates every VOLUME folder, owned by that uid, before the VOLUME line", () => {
    expect(imageFacts(stages).volumes.length).toBeGreaterThan(0);
    expect(checkVolumes(stages)).toEqual([]);
  });

  test("its WORKDIR can be entered by another uid (docker run --user)", () => {
    expect(checkWorkdir(stages)).toEqual([]);
  });

  test("AO_DATA_DIR is the volume, EXPOSE is AO_TCP_PORT and AO_HTTP_PORT", () => {
    expect(checkEnvironment(stages)).toEqual([]);
  });

  test("the HEALTHCHECK asks /health on the HTTP port", () => {
    expect(checkHealthcheck(stages)).toEqual([]);
  });

  test("runs the executable the build stage compiles from the lock file", () => {
    expect(checkBuild(stages)).toEqual([]);
  });
});

describe("the checker on broken Dockerfiles", () => {
  test("the old Dockerfile: a named user and a VOLUME folder the image never makes", () => {
    expect(checkDockerfile(OLD_DOCKERFILE)).toEqual([
      "USER argentum (line 15) is not a numeric uid, so Kubernetes' runAsNonRoot cannot verify it is not root",
      "VOLUME /var/lib/argentum/data (line 21) is not created before the VOLUME line, so a new volume is root-owned and uid 10001 cannot write it",
    ]);
  });

  test("accepts install -d -o, mkdir + chown, chown -R of a parent and a home made by useradd", () => {
    const accepted = [
      "install -d -o 10001 -g 10001 -m 0750 /var/lib/argentum/data",
      "mkdir -p /var/lib/argentum/data && chown 10001:10001 /var/lib/argentum/data",
      "mkdir -p /var/lib/argentum/data; chown -R 10001 /var/lib/argentum",
      "useradd --uid 10001 --create-home --home-dir /var/lib/argentum/data app && chmod 700 /var/lib/argentum/data",
    ];
    for (const run of accepted) expect({ run, complaints: checkDockerfile(runtimeVariant(run)) }).toEqual({ run, complaints: [] });
  });

  test("names the folder that is root-owned, chowned too late, read-only or never made", () => {
    const volume = (complaint: string) => [`VOLUME /var/lib/argentum/data (line 15) ${complaint}`];
    expect(checkVolumes(parseDockerfile(runtimeVariant("mkdir -p /var/lib/argentum/data")))).toEqual(
      volume("is owned by root, not by the runtime uid 10001, so the server cannot write it"),
    );
    expect(checkVolumes(parseDockerfile(runtimeVariant("install -d -o 10001 -m 0550 /var/lib/argentum/data")))).toEqual(
      volume("has mode 550, which its owner cannot write"),
    );
    expect(checkVolumes(parseDockerfile(runtimeVariant("mkdir -p /var/lib/argentum/data && rm -rf /var/lib/argentum")))).toEqual(
      volume("is not created before the VOLUME line, so a new volume is root-owned and uid 10001 cannot write it"),
    );
    // A chown after VOLUME is too late: Docker discards changes to a volume folder made after it.
    const late = runtimeVariant("mkdir -p /var/lib/argentum/data", "10001", `VOLUME ["/var/lib/argentum/data"]\nRUN chown 10001 /var/lib/argentum/data\nEXPOSE 7667 8080\n`);
    expect(checkVolumes(parseDockerfile(late))).toEqual(volume("is owned by root, not by the runtime uid 10001, so the server cannot write it"));
    const closed = parseDockerfile(runtimeVariant("install -d -o 10001 -m 0750 /var/lib/argentum /var/lib/argentum/data", "10001", `WORKDIR /var/lib/argentum\nVOLUME ["/var/lib/argentum/data"]\n`));
    expect(checkVolumes(closed)).toEqual([]);
    expect(checkWorkdir(closed)).toEqual(["WORKDIR /var/lib/argentum: /var/lib/argentum has mode 750, so docker run --user with another uid cannot enter it"]);
    const other = runtimeVariant("install -d -o 10002 /var/lib/argentum/data");
    expect(checkVolumes(parseDockerfile(other))).toEqual(volume("is owned by 10002, not by the runtime uid 10001, so the server cannot write it"));
  });

  test("root, a missing USER, wrong ports, a wrong health URL and an unbuilt entrypoint", () => {
    const good = readRepoFile("Dockerfile");
    expect(checkUser(parseDockerfile(runtimeVariant("true", "0")))).toEqual(["USER 0 (line 13) is root"]);
    expect(checkUser(parseDockerfile(good.replace(/^USER .*$/m, "")))).toEqual(["the final stage has no USER, so the server runs as root"]);
    expect(checkEnvironment(parseDockerfile(good.replace(/^EXPOSE .*$/m, "EXPOSE 7666 8080")))).toEqual([
      "EXPOSE 7666 8080 is not the AO_TCP_PORT and AO_HTTP_PORT 7667 8080",
    ]);
    expect(checkEnvironment(parseDockerfile(good.replace("AO_DATA_DIR=/var/lib/argentum/data", "AO_DATA_DIR=/data")))).toEqual([
      "ENV AO_DATA_DIR is /data, which is not a VOLUME (/var/lib/argentum/data)",
    ]);
    expect(checkHealthcheck(parseDockerfile(good.replace("/health", "/metrics")))[0]).toContain("does not ask http://127.0.0.1:<HTTP port>/health");
    expect(checkHealthcheck(parseDockerfile(good.replace("${AO_HTTP_PORT}/health", "7667/health")))[0]).toContain("asks port 7667, but the HTTP port is 8080");
    expect(checkBuild(parseDockerfile(good.replace('ENTRYPOINT ["/usr/local/bin/argentum"]', 'ENTRYPOINT ["/usr/bin/argentum"]')))).toEqual([
      "ENTRYPOINT runs /usr/bin/argentum, but the executable is copied to /usr/local/bin/argentum",
    ]);
    expect(checkBuild(parseDockerfile(good.replace(/^RUN npm ci.*$/m, "")))).toEqual(["the build stage build never runs npm ci"]);
  });
});

describe(".dockerignore", () => {
  const rules = parseDockerignore(readRepoFile(".dockerignore"));

  test("leaves out node_modules, data, dist, .git, logs and test artifacts", () => {
    const out = ["node_modules", "node_modules/bun/package.json", "src/client/node_modules/x.js", "data/pglite/PG_VERSION", "dist/argentum", ".git/HEAD", "server.log", ".test-artifacts/a.png", ".env"];
    expect(out.filter((path) => !isIgnored(rules, path))).toEqual([]);
  });

  test("keeps everything the build reads: manifests, src, assets, migrations", () => {
    const kept = ["package.json", "package-lock.json", "tsconfig.json", "bunfig.toml", "Dockerfile"];
    for (const folder of ["src", "assets", "migrations"]) {
      const walk = (dir: string): string[] =>
        readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]));
      const files = walk(folder);
      expect(files.length).toBeGreaterThan(0);
      kept.push(...files);
    }
    expect(kept.filter((path) => isIgnored(rules, path))).toEqual([]);
  });

  test("every file the Dockerfile copies by name is in the context", () => {
    const build = parseDockerfile(readRepoFile("Dockerfile"))[0]!;
    const named = build.instructions
      .filter((instruction) => instruction.keyword === "COPY" && !instruction.args.includes("--from"))
      .flatMap((instruction) => argumentList(instruction.args).filter((word) => !word.startsWith("--")).slice(0, -1))
      .filter((source) => source !== ".");
    expect(named).toEqual(["package.json", "package-lock.json"]);
    expect(named.filter((path) => isIgnored(rules, path))).toEqual([]);
  });

  test("the context this clone would send is small (node_modules alone is hundreds of MB)", () => {
    const files = contextFiles(REPO_ROOT, rules);
    const megabytes = files.reduce((sum, file) => sum + file.size, 0) / 2 ** 20;
    expect(files.some((file) => file.path.startsWith("node_modules/") || file.path.startsWith(".git/"))).toBe(false);
    expect(megabytes).toBeLessThan(64);
  });

  test("the matcher follows Docker's rules: root-anchored, ** across folders, ! takes back, last match wins", () => {
    const matcher = parseDockerignore("*.log\nbuild\n**/cache\ndocs/*\n!docs/keep.md\n");
    const ignored = ["a.log", "build/x/y", "cache", "a/b/cache/c", "docs/a.md"];
    const kept = ["sub/a.log", "sub/build", "docs/keep.md", "docs", "logs"];
    expect(ignored.filter((path) => !isIgnored(matcher, path))).toEqual([]);
    expect(kept.filter((path) => isIgnored(matcher, path))).toEqual([]);
    // A context without a .dockerignore sends everything, which is how the old image got node_modules.
    expect(isIgnored(parseDockerignore(""), "node_modules/bun/package.json")).toBe(false);
    expect(isIgnored(parseDockerignore("node_modules\n!node_modules"), "node_modules/x")).toBe(false);
  });
});

describe("README's Docker section", () => {
  const readme = readRepoFile("README.md");
  const dockerfile = readRepoFile("Dockerfile");

  test("every docker run mounts the image's volume and publishes its ports; a host folder is chowned to the uid", () => {
    expect(dockerRuns(dockerSection(readme)).length).toBeGreaterThanOrEqual(3);
    expect(checkReadme(readme, dockerfile)).toEqual([]);
  });

  test("the checker names a wrong mount path, a missing port and a host folder the uid cannot write", () => {
    const broken = [
      "## Docker",
      "```sh",
      "docker build -t argentum-bun .",
      "docker run -p 7667:7667 -v argentum-data:/data argentum-bun",
      'docker run -p 7667:7667 -p 8080:8080 -v "$PWD/argentum-data:/var/lib/argentum/data" \\',
      "  -e DATABASE_URL=postgres://u:p@db/ao argentum-bun",
      "```",
      "## Next",
    ].join("\n");
    expect(checkReadme(broken, dockerfile)).toEqual([
      "`docker run -p 7667:7667 -v argentum-data:/data argentum-bun` publishes 7667, but the image exposes 7667 8080",
      "`docker run -p 7667:7667 -v argentum-data:/data argentum-bun` mounts nothing at the image's volume /var/lib/argentum/data",
      "`docker run -p 7667:7667 -v argentum-data:/data argentum-bun` mounts at /data, which is not the image's volume /var/lib/argentum/data",
      '`docker run -p 7667:7667 -p 8080:8080 -v "$PWD/argentum-data:/var/lib/argentum/data" -e DATABASE_URL=postgres://u:p@db/ao argentum-bun` mounts the host folder $PWD/argentum-data without a chown 10001 of it or --user, and uid 10001 cannot write a folder the host user owns',
      "no docker run line uses a named volume",
    ]);
    const fixed = broken.replace("```sh\n", "```sh\nmkdir -p ./argentum-data && sudo chown 10001:10001 ./argentum-data\n");
    expect(checkReadme(fixed, dockerfile).some((complaint) => complaint.includes("host folder"))).toBe(false);
  });
});
