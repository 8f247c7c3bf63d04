/**
 * The contract every cluster component talks through: subjects relative to one cluster,
 * binary payloads, at-most-once delivery (NATS core semantics). Implementations: NATS
 * (nats-bus.ts) and an in-process hub for tests (memory-bus.ts). No NATS type crosses it.
 */

export interface ClusterBus {
  /** The cluster name; every subject on the wire is `ao.<cluster>.<relative>`. */
  readonly cluster: string;
  /**
   * Fire and forget. Subjects are relative (e.g. "n.node1.in") and literal (no wildcards).
   * `payload` is handed over: the NATS client keeps a reference (no copy) until it writes it to
   * the socket, which may be after a reconnect, so never modify it afterwards. On a closed bus
   * it is dropped.
   */
  publish(subject: string, payload: Uint8Array): void;
  /**
   * `*` (one token) and `>` (the rest, last token only) are allowed. The callback gets the
   * RELATIVE subject. The payload may be a view into a larger receive buffer: copy what you keep.
   */
  subscribe(subject: string, onMessage: (payload: Uint8Array, subject: string) => void): Subscription;
  /** Answers requests on `subject`; a handler that throws or rejects answers nothing (the caller times out) and is logged. */
  serve(subject: string, handler: (payload: Uint8Array) => Uint8Array | Promise<Uint8Array>): Subscription;
  /** One answer, or why none came. Never rejects for these expected outcomes. `payload` is handed over as in publish. */
  request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<RequestOutcome>;
  /** Resolves when everything published so far reached the server (or rejects when closed). */
  flush(): Promise<void>;
  /** Connection events: "disconnected", "reconnected" (subscriptions are restored by the client), "closed". */
  onStatus(listener: (status: BusStatus) => void): void;
  /** Ends every subscription and fails pending requests with "closed". Idempotent. */
  close(): Promise<void>;
}

export interface Subscription {
  /** Stops delivery; idempotent. */
  unsubscribe(): void;
}

export type BusStatus = "disconnected" | "reconnected" | "closed";

export type RequestOutcome = { ok: true; payload: Uint8Array } | { ok: false; reason: RequestFailure };
export type RequestFailure = "no_responders" | "timeout" | "closed";

/** Every subject of a cluster starts with this, then the cluster name. */
export const SUBJECT_ROOT = "ao";

const CLUSTER_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

export function isValidClusterName(name: string): boolean {
  return CLUSTER_NAME.test(name);
}

/** A subject or cluster name the bus refuses: a programming or configuration fault. */
export class InvalidBusSubjectError extends Error {
  readonly code = "invalid_bus_subject";
  override readonly name = "InvalidBusSubjectError";
}

/** Subscribing or serving on a bus after `close()`. */
export class ClusterBusClosedError extends Error {
  readonly code = "cluster_bus_closed";
  override readonly name = "ClusterBusClosedError";
  constructor(cluster: string, connection: string) {
    super(`cluster bus "${connection}" of cluster "${cluster}" is closed`);
  }
}

export type SubjectUse = "literal" | "pattern";

/**
 * Why `relative` is not a valid relative subject, or null when it is. Tokens are
 * [A-Za-z0-9_-]+ separated by single dots; a pattern may also use `*` tokens and a final `>`.
 */
export function relativeSubjectProblem(relative: string, use: SubjectUse): string | null {
  if (relative.length === 0) return "it is empty";
  const tokens = relative.split(".");
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (SUBJECT_TOKEN.test(token)) continue;
    if (token === "") return "it has an empty token (a leading, trailing or double dot)";
    if (token === "*" || token === ">") {
      if (use === "literal") return `wildcard "${token}" is not allowed here (publish and request need a literal subject)`;
      if (token === ">" && i !== tokens.length - 1) return `">" must be the last token`;
      continue;
    }
    return `token "${token}" has characters outside [A-Za-z0-9_-]`;
  }
  return null;
}

/** Throws InvalidBusSubjectError naming the subject when it is not valid for `use`. */
export function assertRelativeSubject(relative: string, use: SubjectUse): void {
  const problem = relativeSubjectProblem(relative, use);
  if (problem !== null) throw new InvalidBusSubjectError(`invalid cluster bus subject "${relative}": ${problem}`);
}

export function assertClusterName(cluster: string): void {
  if (!isValidClusterName(cluster)) {
    throw new InvalidBusSubjectError(`invalid cluster name "${cluster}": use 1 to 64 characters of [A-Za-z0-9_-]`);
  }
}

/** The subject on the wire for `relative` in `cluster` (both validated; relative may be a pattern). */
export function clusterSubject(cluster: string, relative: string): string {
  assertClusterName(cluster);
  assertRelativeSubject(relative, "pattern");
  return `${subjectPrefix(cluster)}${relative}`;
}

/** `ao.<cluster>.`, the part every wire subject of the cluster starts with. */
export function subjectPrefix(cluster: string): string {
  return `${SUBJECT_ROOT}.${cluster}.`;
}

/** Most buses use a handful of subjects; past this many distinct ones the cache starts over. */
const MAX_CACHED_SUBJECTS = 4096;

/**
 * Relative → wire subject with validation done once per distinct subject, so the hot path of
 * `publish` is one map lookup.
 */
export class SubjectMapper {
  readonly prefix: string;
  private readonly literals = new Map<string, string>();

  constructor(readonly cluster: string) {
    assertClusterName(cluster);
    this.prefix = subjectPrefix(cluster);
  }

  literal(relative: string): string {
    let wire = this.literals.get(relative);
    if (wire === undefined) {
      assertRelativeSubject(relative, "literal");
      if (this.literals.size >= MAX_CACHED_SUBJECTS) this.literals.clear();
      wire = this.prefix + relative;
      this.literals.set(relative, wire);
    }
    return wire;
  }

  pattern(relative: string): string {
    assertRelativeSubject(relative, "pattern");
    return this.prefix + relative;
  }

  relative(wire: string): string {
    return wire.slice(this.prefix.length);
  }
}
