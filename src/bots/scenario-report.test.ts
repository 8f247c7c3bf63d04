import { describe, expect, test } from "bun:test";
import { formatReportTable, type ScenarioReport } from "./scenario-report.ts";

/** A login storm's report: 5,000 bots in, hashing read from the server's /metrics. */
function stormReport(): ScenarioReport {
  return {
    scenario: "login_storm",
    bots: 5000,
    offered_moves_per_s: null,
    moves_per_s: null,
    recipients_per_move: null,
    rtt_p50_ms: null,
    rtt_p99_ms: null,
    rtt_max_ms: null,
    server_cpu_pct: 180,
    server_rss_mb: 400,
    failures: 0,
    ok: true,
    failure_causes: [],
    run_tag: "abcdef",
    accounts: "new",
    source_addresses: 0,
    warnings: [],
    transport: "tcp",
    target: "tcp://127.0.0.1:7667",
    seed: 17,
    duration_s: 100,
    bots_active: 5000,
    moves_offered: 0,
    moves_confirmed: 0,
    moves_refused: 0,
    moves_unresolved: 0,
    confirmed_ratio: null,
    observable_ratio: null,
    confirmed_observable_ratio: null,
    moves_ambiguous: 0,
    ambiguous_rtt_p99_ms: null,
    refused_rtt_p50_ms: null,
    refused_rtt_p99_ms: null,
    steps_skipped: 0,
    walks_sent_total: 0,
    chats: 0,
    chats_confirmed: 0,
    chat_rtt_p50_ms: null,
    chat_rtt_p99_ms: null,
    bytes_received_per_s: null,
    frames_received_per_s: null,
    logins: 5000,
    logins_per_s: 50,
    login_p50_ms: 600,
    login_p99_ms: 1500,
    login_phase_s: 100,
    wrong_map: 0,
    maps_at_login: 1,
    transfers: 0,
    decode_errors: 0,
    attacks_per_s: null,
    attacks_sent: 0,
    hits_seen: 0,
    misses_seen: 0,
    kills_seen: 0,
    hits_taken: 0,
    deaths: 0,
    targets_given_up: 0,
    bots_by_behaviour: { scenario: 5000 },
    casts_per_s: null,
    cast_requests: 0,
    casts_sent: 0,
    damage_casts: 0,
    heal_casts: 0,
    paralysis_casts: 0,
    spell_hits_seen: 0,
    cast_kills_seen: 0,
    mana_spent: 0,
    meditations: 0,
    casts_refused: 0,
    casts_unanswered: 0,
    server_moves_per_s: 0,
    server_walks_in: 0,
    server_character_moves_out_per_s: 0,
    server_character_moves_per_cpu_s: null,
    server_socket_writes_per_s: null,
    server_frames_per_write: null,
    server_bytes_out_per_s: 0,
    server_players_online_peak: 5000,
    map_queue_delay_max_ms: 0,
    event_loop_lag_p99_ms: 20,
    event_loop_lag_max_ms: 30,
    worker_lag_max_ms: 10,
    metrics_error: null,
    npc_ai_span_s: null,
    npc_ai_ticks_per_s: null,
    npc_thinks_per_s: null,
    npc_steps_per_s: null,
    npc_attacks_per_s: null,
    npc_path_searches_per_s: null,
    npc_path_expansions_per_s: null,
    npc_ai_cpu_ms_per_s: null,
    npc_ai_cpu_pct: null,
    npc_ai_us_per_think: null,
    npc_ai_tick_max_ms: null,
    npc_ai_lateness_p50_ms: null,
    npc_ai_lateness_p99_ms: null,
    npc_ai_lateness_max_ms: null,
    npcs_alive: null,
    npcs_on_player_maps: null,
    npcs_thinking: null,
    npc_ai_maps_running: null,
    server_cast_requests_per_s: null,
    server_casts_per_s: null,
    server_casts_refused_per_s: null,
    server_status_timers_armed_per_s: null,
    server_status_timer_events_per_s: null,
    server_meditations_started_per_s: null,
    server_meditation_ticks_per_s: null,
    password_hash: "argon2id:m=19456,t=2",
    hash_alone_ms: 31.25,
    hash_cpu_ms: 31.25,
    hash_ceiling_per_s: 62.5,
    logins_of_hash_ceiling: 0.8,
    server_hashes_per_s: 50,
    hash_mean_ms: 480,
    hash_share_of_login: 0.75,
    server_cpu_ms_per_hash: 45,
    hash_share_of_cpu: 0.694,
    bots_cpu_pct: 20,
    bots_rss_mb: 300,
    bots_send_late_p99_ms: null,
    bots_loop_lag_p99_ms: 5,
    bots_loop_lag_max_ms: 9,
    timeline: [],
  };
}

function hashLine(report: ScenarioReport): string | undefined {
  return formatReportTable(report)
    .split("\n")
    .find((line) => line.startsWith("logins / s vs hash alone"));
}

describe("the report's password-hash line", () => {
  test("a login storm: logins/s against the ceiling of the hash alone, and what the hashing cost in the storm", () => {
    expect(hashLine(stormReport())).toEndWith(
      "50 /s vs hash ceiling 62.5 /s (80 % of it; argon2id:m=19456,t=2, 31.3 ms alone, 31.3 ms cpu); server 50 hashes/s, 480 ms each with the queue (75 % of a login), 45 ms cpu per hash (69 % the hash)",
    );
  });

  test("a window without hashing (a walking run) keeps the ceiling and leaves out the storm part", () => {
    const walking = { ...stormReport(), logins_of_hash_ceiling: 0.5, logins_per_s: 31.25, server_hashes_per_s: 0, hash_mean_ms: null, hash_share_of_login: null, server_cpu_ms_per_hash: null, hash_share_of_cpu: null };
    expect(hashLine(walking)).toEndWith("31.3 /s vs hash ceiling 62.5 /s (50 % of it; argon2id:m=19456,t=2, 31.3 ms alone, 31.3 ms cpu)");
  });

  test("a server that has not measured itself yet shows its setting with dashes", () => {
    const early = { ...stormReport(), hash_alone_ms: null, hash_cpu_ms: null, hash_ceiling_per_s: null, logins_of_hash_ceiling: null };
    expect(hashLine(early)).toContain("vs hash ceiling - /s (- of it; argon2id:m=19456,t=2, - ms alone, - ms cpu)");
  });

  test("no line without the server's hashing series (an older server, or no --metrics-url)", () => {
    const none = { ...stormReport(), password_hash: null, hash_alone_ms: null, hash_cpu_ms: null, hash_ceiling_per_s: null, logins_of_hash_ceiling: null, server_hashes_per_s: null, hash_mean_ms: null, hash_share_of_login: null, server_cpu_ms_per_hash: null, hash_share_of_cpu: null };
    expect(hashLine(none)).toBeUndefined();
  });
});
