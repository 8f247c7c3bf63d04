/**
 * The cluster bus: how nodes and gateways of one cluster reach each other. Components depend on
 * the `ClusterBus` contract only; `connectNatsBus` is the production transport (NATS core,
 * at-most-once), `MemoryClusterHub` the in-process one for tests (same semantics, plus a
 * blackhole switch). Subjects are relative to the cluster (`ao.<cluster>.` is added on the wire).
 *
 * Hot-path payloads start with the 20-byte link envelope (link-envelope.ts): kind, source
 * incarnation, link sequence and send time. `LinkSequencer` numbers outgoing messages per
 * destination; `LinkSequenceChecker` tells a receiver about gaps (loss) and restarted peers.
 */
export {
  assertClusterName,
  assertRelativeSubject,
  clusterSubject,
  ClusterBusClosedError,
  InvalidBusSubjectError,
  isValidClusterName,
  relativeSubjectProblem,
  SUBJECT_ROOT,
  subjectPrefix,
  type BusStatus,
  type ClusterBus,
  type RequestFailure,
  type RequestOutcome,
  type SubjectUse,
  type Subscription,
} from "./cluster-bus.ts";
export {
  decodeEnvelope,
  encodeEnvelope,
  ENVELOPE_BYTES,
  ENVELOPE_KINDS,
  ENVELOPE_LAYOUT,
  ENVELOPE_MAGIC,
  ENVELOPE_VERSION,
  EnvelopeHeaderError,
  isEnvelopeKind,
  LINK_SEQ_MAX,
  LinkSequenceChecker,
  LinkSequencer,
  type DecodedEnvelope,
  type DecodedEnvelopeHeader,
  type EnvelopeHeader,
  type EnvelopeKind,
  type EnvelopeKindName,
  type EnvelopeRejection,
  type SequenceVerdict,
} from "./link-envelope.ts";
export { MemoryClusterHub, type MemoryClusterHubOptions, type ScheduleTimeout } from "./memory-bus.ts";
export {
  ClusterBusConnectError,
  connectNatsBus,
  NATS_CLOSE_FLUSH_TIMEOUT_MS,
  NATS_CONNECT_TIMEOUT_MS,
  NATS_MAX_PINGS_OUT,
  NATS_PING_INTERVAL_MS,
  NATS_RECONNECT_JITTER_MS,
  NATS_RECONNECT_WAIT_MS,
  type NatsBusOptions,
} from "./nats-bus.ts";
