/**
 * The report of one scenario run: the JSON keys the issue names first (`scenario`, `bots`,
 * `offered_moves_per_s`, `moves_per_s`, `recipients_per_move`, `rtt_p50_ms`, `rtt_p99_ms`,
 * `rtt_max_ms`, `server_cpu_pct`, `server_rss_mb`, `failures`), then the detail that says where
 * the time went, and a human table. Numbers that could not be measured are `null` in JSON.
 * Failures come grouped by cause, each with a count, an example bot and a remedy; `ok` is true
 * only when every bot got in and ran to the end (the CLI's exit status follows it).
 */
import type { FailureGroup } from "./failure-causes.ts";

/**
 * The server's NPC AI over the window, from /metrics (null without --metrics-url, from a server
 * that does not export it, or when no map worker report fell inside the window). The counters come
 * from the map workers' reports (every 5 s), so rates are over the time between the first and the
 * last report of the window (`npc_ai_span_s`), not the window itself.
 */
export interface NpcAiReportFields {
  readonly npc_ai_span_s: number | null;
  /** AI ticks per second (one per map with players and thinking NPCs every 150 ms). */
  readonly npc_ai_ticks_per_s: number | null;
  readonly npc_thinks_per_s: number | null;
  readonly npc_steps_per_s: number | null;
  /** NPC blows on players per second. */
  readonly npc_attacks_per_s: number | null;
  readonly npc_path_searches_per_s: number | null;
  readonly npc_path_expansions_per_s: number | null;
  /** Time inside the AI ticks, ms per second (all map workers together). */
  readonly npc_ai_cpu_ms_per_s: number | null;
  /** The same as % of one core. */
  readonly npc_ai_cpu_pct: number | null;
  /** AI time per NPC think, µs. */
  readonly npc_ai_us_per_think: number | null;
  /** The longest single AI tick (one map's think round), ms, sampled each second of the window. */
  readonly npc_ai_tick_max_ms: number | null;
  /** How late the AI ticks ran against their planned time (histogram of the server, interpolated). */
  readonly npc_ai_lateness_p50_ms: number | null;
  readonly npc_ai_lateness_p99_ms: number | null;
  /** Worst single tick, from the workers' per-interval worst sampled each second of the window. */
  readonly npc_ai_lateness_max_ms: number | null;
  /** At the end of the window: */
  readonly npcs_alive: number | null;
  readonly npcs_on_player_maps: number | null;
  readonly npcs_thinking: number | null;
  readonly npc_ai_maps_running: number | null;
}

/**
 * Spells, status timers and meditation on the server over the window, from /metrics, summed over
 * the map workers; rates over the same report span as the NPC AI (null without it).
 */
export interface MagicReportFields {
  /** `CastSpell` handled per second (a selection; the click that casts follows). */
  readonly server_cast_requests_per_s: number | null;
  /** Casts that went on to their effect, per second. */
  readonly server_casts_per_s: number | null;
  /** Casts refused by `PuedeLanzar` or the target checks, per second. */
  readonly server_casts_refused_per_s: number | null;
  /** Per-entity status timers armed (a new or moved deadline), per second. */
  readonly server_status_timers_armed_per_s: number | null;
  /** Status timers fired (an expiry, a poison bite or a burn due), per second. */
  readonly server_status_timer_events_per_s: number | null;
  readonly server_meditations_started_per_s: number | null;
  /** Meditation mana ticks per second. */
  readonly server_meditation_ticks_per_s: number | null;
}

/**
 * Password hashing against the logins (from /metrics; null without it). The ceiling is the
 * server's own measure at start of its `--password-hash` alone: verifies/s with every core
 * hashing. A login storm that reaches it is bound by the hash, not by the rest of the server.
 */
export interface PasswordHashReportFields {
  /** The server's `--password-hash`, e.g. `argon2id:m=19456,t=2`. */
  readonly password_hash: string | null;
  /** One verify alone on the server's machine, ms (wall time: other load on the machine stretches it). */
  readonly hash_alone_ms: number | null;
  /** The CPU time of that verify, ms. */
  readonly hash_cpu_ms: number | null;
  /** Verifies/s alone with every core hashing: the most logins/s the hash lets through. */
  readonly hash_ceiling_per_s: number | null;
  /** logins_per_s / hash_ceiling_per_s (1: the hash is the bottleneck). */
  readonly logins_of_hash_ceiling: number | null;
  /** Hashes and verifies the server did per second over the window. */
  readonly server_hashes_per_s: number | null;
  /** Their mean wall time over the window, ms, waiting for a pool thread included. */
  readonly hash_mean_ms: number | null;
  /** hash_mean_ms / the bots' mean login time: the share of a login spent hashing (or queued for it). */
  readonly hash_share_of_login: number | null;
  /** Server CPU over the window / hashes in it, ms: in a login storm, the CPU of one login. */
  readonly server_cpu_ms_per_hash: number | null;
  /** hash_cpu_ms / server_cpu_ms_per_hash: in a login storm, the share of a login's CPU that is the hash. */
  readonly hash_share_of_cpu: number | null;
}

export interface ScenarioReport extends NpcAiReportFields, MagicReportFields, PasswordHashReportFields {
  readonly scenario: string;
  readonly bots: number;
  /** Moves offered (Walk sent) per second in the window. */
  readonly offered_moves_per_s: number | null;
  /** Moves confirmed (seen by an observer bot) per second in the window. */
  readonly moves_per_s: number | null;
  /** CharacterMove frames received by all bots per confirmed move. */
  readonly recipients_per_move: number | null;
  readonly rtt_p50_ms: number | null;
  readonly rtt_p99_ms: number | null;
  readonly rtt_max_ms: number | null;
  /** Server CPU over the window, % of one core (200 = both cores of a 2-core machine). */
  readonly server_cpu_pct: number | null;
  readonly server_rss_mb: number | null;
  /** Bots that failed, or were still logging in when measuring began (the sum of `failure_causes`). */
  readonly failures: number;
  /** Every bot got in and ran to the end: no failures. */
  readonly ok: boolean;
  /** The failures by cause, most frequent first. */
  readonly failure_causes: readonly FailureGroup[];
  /** The six letters in every bot's account and character name this run (`Bot<tag><id>`). */
  readonly run_tag: string;
  /** `new`: accounts created for this run; `reused`: the seed's accounts (--reuse-accounts). */
  readonly accounts: "new" | "reused";
  /** Local addresses bots connected from (0: the machine's default). */
  readonly source_addresses: number;
  /** What the run warned about before it started (connection caps). */
  readonly warnings: readonly string[];

  readonly transport: "tcp" | "ws";
  readonly target: string;
  readonly seed: number;
  /** Length of the measurement window, s. */
  readonly duration_s: number | null;
  /** Bots in the world when the window started. */
  readonly bots_active: number;
  readonly moves_offered: number;
  readonly moves_confirmed: number;
  readonly moves_refused: number;
  /** Offered, neither confirmed nor refused (unobserved, lost, or answered after the grace period). */
  readonly moves_unresolved: number;
  /** Confirmed / offered. */
  readonly confirmed_ratio: number | null;
  /** Share of offered moves made while the mover knew some other player could see it. */
  readonly observable_ratio: number | null;
  /** Confirmed / observable offered moves. */
  readonly confirmed_observable_ratio: number | null;
  /** Confirmed moves whose round trip is left out of rtt_*: the mover had two identical open steps. */
  readonly moves_ambiguous: number;
  readonly ambiguous_rtt_p99_ms: number | null;
  readonly refused_rtt_p50_ms: number | null;
  readonly refused_rtt_p99_ms: number | null;
  readonly steps_skipped: number;
  readonly walks_sent_total: number;
  readonly chats: number;
  readonly chats_confirmed: number;
  readonly chat_rtt_p50_ms: number | null;
  readonly chat_rtt_p99_ms: number | null;
  readonly bytes_received_per_s: number | null;
  readonly frames_received_per_s: number | null;
  readonly logins: number;
  readonly logins_per_s: number | null;
  readonly login_p50_ms: number | null;
  readonly login_p99_ms: number | null;
  readonly login_phase_s: number | null;
  readonly wrong_map: number;
  readonly maps_at_login: number;
  readonly transfers: number;
  readonly decode_errors: number;
  /** Fighters (fight_spread): Attack sent per second in the window; null when the bots do not fight. */
  readonly attacks_per_s: number | null;
  /** Attacks planned in the window. The rest count by arrival inside the window (and its grace). */
  readonly attacks_sent: number;
  /** TextOverChar / CharUpdateHP on a fighter's target after its attack, one per attack. */
  readonly hits_seen: number;
  /** A fighter's own CharSwing with the text flag after its attack: it reached the NPC and missed. */
  readonly misses_seen: number;
  /** The target's CharacterRemove right after a hit on it. */
  readonly kills_seen: number;
  /** NPCHitUser received. */
  readonly hits_taken: number;
  readonly deaths: number;
  /** Targets left alone after attacks with no answer (not attackable, not there, no combat on the server). */
  readonly targets_given_up: number;
  /** Bots per behaviour of the plan (`walker`, `fighter`, `caster`; `scenario` when there is one kind). */
  readonly bots_by_behaviour: Readonly<Record<string, number>>;
  /** Casters (cast_spread, mixed_combat): clicks completing a cast per second in the window; null without casters. */
  readonly casts_per_s: number | null;
  /** `CastSpell` sent, planned in the window. */
  readonly cast_requests: number;
  /** Casts completed with their click, planned in the window, and of them damage, heal and paralysis. */
  readonly casts_sent: number;
  readonly damage_casts: number;
  readonly heal_casts: number;
  readonly paralysis_casts: number;
  /** TextOverChar / CharUpdateHP on a caster's target after its damage click, one per click. */
  readonly spell_hits_seen: number;
  /** A caster's target removed right after a spell hit. */
  readonly cast_kills_seen: number;
  /** Mana the casters' UpdateMana showed going down. */
  readonly mana_spent: number;
  /** Meditations the casters saw start. */
  readonly meditations: number;
  /** Refusal lines after a cast (mana, skill, target…). */
  readonly casts_refused: number;
  /** `CastSpell` never answered with WorkRequestTarget. */
  readonly casts_unanswered: number;

  /** From /metrics (null without --metrics-url): */
  readonly server_moves_per_s: number | null;
  readonly server_walks_in: number | null;
  readonly server_character_moves_out_per_s: number | null;
  /** `CharacterMove` frames sent per second of server CPU (all threads): the fan-out's efficiency. */
  readonly server_character_moves_per_cpu_s: number | null;
  /** Socket writes (or corked WebSocket batches) per second, and frames of every kind per write. */
  readonly server_socket_writes_per_s: number | null;
  readonly server_frames_per_write: number | null;
  readonly server_bytes_out_per_s: number | null;
  readonly server_players_online_peak: number | null;
  readonly map_queue_delay_max_ms: number | null;
  readonly event_loop_lag_p99_ms: number | null;
  readonly event_loop_lag_max_ms: number | null;
  readonly worker_lag_max_ms: number | null;
  readonly metrics_error: string | null;

  /** The bot process itself: */
  readonly bots_cpu_pct: number | null;
  readonly bots_rss_mb: number | null;
  /** Planned vs actual send time of bot actions, p99 (a late bot process shows here). */
  readonly bots_send_late_p99_ms: number | null;
  readonly bots_loop_lag_p99_ms: number | null;
  readonly bots_loop_lag_max_ms: number | null;
  /** One entry per second of the run: what the progress line showed. */
  readonly timeline: readonly TimelineEntry[];
}

export interface TimelineEntry {
  /** Seconds since the run started. */
  readonly t: number;
  readonly phase: string;
  readonly active: number;
  readonly walks_per_s: number;
  readonly confirmed_per_s: number;
  /** Worst move round trip confirmed during this second, ms (null: none). */
  readonly rtt_max_ms: number | null;
}

function cell(value: number | null, digits = 1): string {
  if (value === null) return "-";
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** A two-column human table of the report (stdout). */
export function formatReportTable(report: ScenarioReport): string {
  const rows: [string, string][] = [
    ["scenario", `${report.scenario} (${report.transport} ${report.target}, seed ${report.seed})`],
    ["accounts", `${report.accounts}, run tag ${report.run_tag}${report.source_addresses > 0 ? `, from ${report.source_addresses} source addresses` : ""}`],
    ["bots (active at start)", `${report.bots} (${report.bots_active})`],
    ["window", `${cell(report.duration_s, 2)} s`],
    ["moves offered / s", cell(report.offered_moves_per_s)],
    ["moves confirmed / s", `${cell(report.moves_per_s)} (${cell(report.confirmed_ratio === null ? null : report.confirmed_ratio * 100)} % of offered)`],
    ["moves refused / unresolved", `${report.moves_refused} / ${report.moves_unresolved}`],
    ["observable moves", report.observable_ratio === null ? "-" : `${cell(report.observable_ratio * 100)} % (confirmed ${cell(report.confirmed_observable_ratio === null ? null : report.confirmed_observable_ratio * 100)} % of them)`],
    ["recipients per move", cell(report.recipients_per_move)],
    ["move rtt p50 / p99 / max ms", `${cell(report.rtt_p50_ms, 2)} / ${cell(report.rtt_p99_ms, 2)} / ${cell(report.rtt_max_ms, 2)}`],
    ["ambiguous confirmations (rtt p99 ms)", `${report.moves_ambiguous} (${cell(report.ambiguous_rtt_p99_ms, 2)})`],
    ["refused rtt p50 / p99 ms", `${cell(report.refused_rtt_p50_ms, 2)} / ${cell(report.refused_rtt_p99_ms, 2)}`],
    ["chat rtt p50 / p99 ms", `${cell(report.chat_rtt_p50_ms, 2)} / ${cell(report.chat_rtt_p99_ms, 2)} (${report.chats_confirmed}/${report.chats})`],
    ["received", `${cell(report.bytes_received_per_s === null ? null : report.bytes_received_per_s / 1e6, 2)} MB/s, ${cell(report.frames_received_per_s, 0)} frames/s`],
    ["logins", `${report.logins} (${cell(report.logins_per_s)} /s, p50 ${cell(report.login_p50_ms, 0)} ms, p99 ${cell(report.login_p99_ms, 0)} ms)`],
    ...(report.hash_ceiling_per_s === null && report.password_hash === null ? [] : ([["logins / s vs hash alone", formatHashCell(report)]] as [string, string][])),
    ["maps at login / wrong map / transfers", `${report.maps_at_login} / ${report.wrong_map} / ${report.transfers}`],
    ...(report.attacks_per_s === null
      ? []
      : ([
          ["attacks / s (sent)", `${cell(report.attacks_per_s)} (${report.attacks_sent})`],
          ["hits / misses / kills seen", `${report.hits_seen} / ${report.misses_seen} / ${report.kills_seen}`],
          ["hit by NPCs / deaths / targets given up", `${report.hits_taken} / ${report.deaths} / ${report.targets_given_up}`],
        ] as [string, string][])),
    ...(report.casts_per_s === null
      ? []
      : ([
          ["casts / s (sent: damage / heal / paralysis)", `${cell(report.casts_per_s)} (${report.casts_sent}: ${report.damage_casts} / ${report.heal_casts} / ${report.paralysis_casts})`],
          ["spell hits / kills seen, mana spent", `${report.spell_hits_seen} / ${report.cast_kills_seen}, ${report.mana_spent}`],
          ["meditations / casts refused / unanswered", `${report.meditations} / ${report.casts_refused} / ${report.casts_unanswered}`],
        ] as [string, string][])),
    ["bots by behaviour", Object.entries(report.bots_by_behaviour).map(([name, count]) => `${name} ${count}`).join(", ")],
    ["failures", report.failures === 0 ? "0" : `${report.failures} of ${report.bots} bots (by cause below)`],
    ["server cpu % / rss MB", `${cell(report.server_cpu_pct)} / ${cell(report.server_rss_mb, 0)}`],
    ["server moves / s (walks - refusals)", cell(report.server_moves_per_s)],
    [
      "server CharacterMove frames / s, per cpu-second",
      `${cell(report.server_character_moves_out_per_s, 0)}, ${cell(report.server_character_moves_per_cpu_s, 0)}`,
    ],
    ["server socket writes / s, frames per write", `${cell(report.server_socket_writes_per_s, 0)}, ${cell(report.server_frames_per_write, 1)}`],
    ["server players online peak", cell(report.server_players_online_peak, 0)],
    ["npcs alive / on player maps / thinking", `${cell(report.npcs_alive, 0)} / ${cell(report.npcs_on_player_maps, 0)} / ${cell(report.npcs_thinking, 0)} (AI on ${cell(report.npc_ai_maps_running, 0)} maps)`],
    ["npc ai ticks / thinks / steps / attacks per s", `${cell(report.npc_ai_ticks_per_s)} / ${cell(report.npc_thinks_per_s)} / ${cell(report.npc_steps_per_s)} / ${cell(report.npc_attacks_per_s)}`],
    ["npc ai path searches / expansions per s", `${cell(report.npc_path_searches_per_s)} / ${cell(report.npc_path_expansions_per_s)}`],
    ["npc ai cpu ms/s (% of a core), µs per think, longest tick ms", `${cell(report.npc_ai_cpu_ms_per_s, 2)} (${cell(report.npc_ai_cpu_pct, 2)} %), ${cell(report.npc_ai_us_per_think, 2)}, ${cell(report.npc_ai_tick_max_ms, 2)}`],
    ["npc ai tick lateness p50 / p99 / max ms", `${cell(report.npc_ai_lateness_p50_ms, 2)} / ${cell(report.npc_ai_lateness_p99_ms, 2)} / ${cell(report.npc_ai_lateness_max_ms, 2)}`],
    ["server casts / refused / requests per s", `${cell(report.server_casts_per_s)} / ${cell(report.server_casts_refused_per_s)} / ${cell(report.server_cast_requests_per_s)}`],
    ["server status timers armed / fired, meditation ticks per s", `${cell(report.server_status_timers_armed_per_s)} / ${cell(report.server_status_timer_events_per_s)}, ${cell(report.server_meditation_ticks_per_s)}`],
    ["map queue delay max ms", cell(report.map_queue_delay_max_ms, 2)],
    ["server lag p99 / max main, max worker ms", `${cell(report.event_loop_lag_p99_ms, 2)} / ${cell(report.event_loop_lag_max_ms, 2)}, ${cell(report.worker_lag_max_ms, 2)}`],
    ["bots cpu % / rss MB", `${cell(report.bots_cpu_pct)} / ${cell(report.bots_rss_mb, 0)}`],
    ["bots send late p99 / loop lag p99 / max ms", `${cell(report.bots_send_late_p99_ms, 2)} / ${cell(report.bots_loop_lag_p99_ms, 2)} / ${cell(report.bots_loop_lag_max_ms, 2)}`],
  ];
  if (report.metrics_error) rows.push(["metrics", report.metrics_error]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return `${rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join("\n")}\n${formatFailureCauses(report.failure_causes)}`;
}

/** `40 /s vs hash ceiling 62 /s (65 % of it; argon2id:m=19456,t=2, 31 ms alone, 30 ms cpu); server 41 hashes/s, 720 ms each with the queue (90 % of a login), 45 ms cpu per hash (69 % the hash)` */
function formatHashCell(report: ScenarioReport): string {
  const share = (ratio: number | null) => (ratio === null ? "-" : `${cell(ratio * 100, 0)} %`);
  const setting = `${report.password_hash ?? "hash ?"}, ${cell(report.hash_alone_ms, 1)} ms alone, ${cell(report.hash_cpu_ms, 1)} ms cpu`;
  const served = report.server_hashes_per_s === null || report.server_hashes_per_s === 0
    ? ""
    : `; server ${cell(report.server_hashes_per_s)} hashes/s, ${cell(report.hash_mean_ms, 0)} ms each with the queue (${share(report.hash_share_of_login)} of a login), ${cell(report.server_cpu_ms_per_hash)} ms cpu per hash (${share(report.hash_share_of_cpu)} the hash)`;
  return `${cell(report.logins_per_s)} /s vs hash ceiling ${cell(report.hash_ceiling_per_s)} /s (${share(report.logins_of_hash_ceiling)} of it; ${setting})${served}`;
}

/** The failures block under the table: one paragraph per cause (nothing when there are none). */
export function formatFailureCauses(causes: readonly FailureGroup[]): string {
  if (causes.length === 0) return "";
  const lines = ["", "failures by cause:"];
  for (const group of causes) {
    lines.push(`  ${group.count} × ${group.label}`, `      e.g. ${group.example_bot}: ${group.example}`, `      remedy: ${group.remedy}`);
  }
  return `${lines.join("\n")}\n`;
}
