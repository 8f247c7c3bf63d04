/**
 * docker-compose.yml, checked for what it means (no Docker engine runs where the tests run): a
 * cluster of Postgres, NATS with JetStream, one gateway and two map nodes, every role of the
 * one image pointed at the same database, NATS server and cluster name, map nodes with names
 * of their own, the gateway publishing the game's ports, and the commands and settings it uses
 * being ones the executable accepts.
 *
 * Then its Prometheus and Grafana (deploy/): Prometheus scrapes exactly the argentum services,
 * each on the HTTP port it listens on; the files the two mount exist in the repository and sit
 * where each program reads them; the images are pinned; and the dashboard's queries name only
 * metrics and labels the server registers (read from src/ by test/support/metric-registrations.ts,
 * which says why a scan and not a running server).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLUSTER_SETTINGS, SETTINGS } from "../src/config/index.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import { CLIENT_PACKETS, SERVER_PACKETS } from "../src/protocol/index.ts";
import { scanMetricRegistrations, seriesNames, type MetricScan } from "./support/metric-registrations.ts";

const REPO_ROOT = resolve(import.meta.dir, "..");
const compose = readFileSync(join(REPO_ROOT, "docker-compose.yml"), "utf8");

/** The services' blocks: name → its indented lines (the file's own two-space layout). */
function services(text: string): Map<string, string> {
  const block = /^services:\n((?:(?: {2}.*)?\n)+)/m.exec(text)?.[1] ?? "";
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of block.split("\n")) {
    const name = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line)?.[1];
    if (name) {
      current = name;
      out.set(name, "");
    } else if (current && line.startsWith("    ")) out.set(current, `${out.get(current)}${line}\n`);
  }
  return out;
}

function commandOf(service: string): string[] {
  const raw = /^\s+command:\s*\[(.*)\]\s*$/m.exec(service)?.[1];
  return raw ? [...raw.matchAll(/"([^"]*)"/g)].map((match) => match[1]!) : [];
}

const all = services(compose);
const roles = [...all].filter(([, body]) => /image:\s*argentum-bun/.test(body));

describe("docker-compose.yml", () => {
  test("has Postgres, NATS with JetStream, one gateway and two map nodes", () => {
    expect(all.has("postgres")).toBe(true);
    expect(commandOf(all.get("nats") ?? "")).toContain("-js");
    const commands = roles.map(([, body]) => commandOf(body)[0]);
    expect(commands.filter((command) => command === "gateway")).toHaveLength(1);
    expect(commands.filter((command) => command === "mapnode")).toHaveLength(2);
  });

  test("every role runs a command of the executable, with settings it accepts", () => {
    const flags = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.flag));
    for (const [name, body] of roles) {
      const [command, ...args] = commandOf(body);
      expect(COMMANDS.map((known) => known.name)).toContain(command!);
      for (const arg of args.filter((value) => value.startsWith("--"))) expect({ service: name, flag: arg, known: flags.has(arg) }).toEqual({ service: name, flag: arg, known: true });
    }
  });

  test("all roles share one database, one NATS server and one cluster name, by the executable's variables", () => {
    const anchor = /^x-cluster-env: &cluster-env\n((?: {2}.*\n)+)/m.exec(compose)?.[1] ?? "";
    const env = new Map([...anchor.matchAll(/^ {2}([A-Z_]+):\s*(.+)$/gm)].map((match) => [match[1]!, match[2]!.trim()]));
    const variables = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.env));
    for (const name of env.keys()) expect({ name, known: variables.has(name) }).toEqual({ name, known: true });
    expect(env.get("DATABASE_URL")).toStartWith("postgres://");
    expect(env.get("DATABASE_URL")).toContain("@postgres:5432/");
    expect(env.get("AO_NATS_URL")).toBe("nats://nats:4222");
    expect(env.get("AO_CLUSTER")).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const [, body] of roles) expect(body).toContain("environment: *cluster-env");
  });

  test("map nodes have names of their own, and the gateway publishes the game's ports", () => {
    const nodeIds = roles.filter(([, body]) => commandOf(body)[0] === "mapnode").map(([, body]) => commandOf(body)[commandOf(body).indexOf("--node-id") + 1]);
    expect(new Set(nodeIds).size).toBe(2);
    const gateway = roles.find(([, body]) => commandOf(body)[0] === "gateway")?.[1] ?? "";
    expect(gateway).toContain('"7667:7667"');
    expect(gateway).toContain('"8080:8080"');
  });

  test("the README tells how to start it", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain("docker compose up --build");
    expect(readme).toContain("/api/cluster");
  });

  test("the checks catch a broken file", () => {
    const broken = compose.replace('command: ["mapnode", "--node-id", "mapnode-2"]', 'command: ["mapnode", "--node-name", "mapnode-2"]');
    const node = services(broken).get("mapnode-2") ?? "";
    expect(commandOf(node)).toContain("--node-name");
    const flags = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.flag));
    expect(flags.has("--node-name")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Prometheus and Grafana

interface ComposeService {
  readonly image?: string;
  readonly build?: unknown;
  readonly command?: string | readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly ports?: readonly string[];
  readonly volumes?: readonly string[];
}

interface ComposeFile {
  readonly services: Readonly<Record<string, ComposeService>>;
  readonly volumes?: Readonly<Record<string, unknown>>;
}

interface ScrapeConfig {
  readonly job_name: string;
  readonly metrics_path?: string;
  readonly static_configs?: readonly { readonly targets: readonly string[]; readonly labels?: Readonly<Record<string, string>> }[];
}

interface PrometheusConfig {
  readonly scrape_configs: readonly ScrapeConfig[];
}

interface Target {
  readonly refId: string;
  readonly expr?: string;
  readonly legendFormat?: string;
  readonly datasource?: { readonly uid?: string };
}

interface Panel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly datasource?: { readonly uid?: string };
  readonly targets?: readonly Target[];
  readonly panels?: readonly Panel[];
}

interface Dashboard {
  readonly uid: string;
  readonly title: string;
  readonly panels: readonly Panel[];
}

const readRepo = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
const composeFile = Bun.YAML.parse(compose) as ComposeFile;
const PROMETHEUS_CONFIG = "deploy/prometheus/prometheus.yml";
const DASHBOARD = "deploy/grafana/dashboards/argentum.json";
/** Where Grafana reads provisioning files when GF_PATHS_PROVISIONING is not set. */
const GRAFANA_PROVISIONING_DIR = "/etc/grafana/provisioning";
/** The ports the two programs listen on when not told otherwise (neither service tells them). */
const PROMETHEUS_PORT = 9090;
const GRAFANA_PORT = 3000;
/** Labels Prometheus itself puts on every scraped series. */
const SCRAPE_LABELS = ["job", "instance"];

function argsOf(service: ComposeService): string[] {
  const command = service.command ?? [];
  return typeof command === "string" ? command.split(/\s+/).filter(Boolean) : [...command];
}

/** A setting of the one image's executable as a service sets it: flag, then variable, then the image's ENV, then the default. */
function settingOf(service: ComposeService, setting: { flag: string; env: string; schema: { parse(value: unknown): unknown } }, dockerfile: string): string {
  const args = argsOf(service);
  const at = args.indexOf(setting.flag);
  if (at >= 0 && args[at + 1] !== undefined) return args[at + 1]!;
  const inline = args.find((arg) => arg.startsWith(`${setting.flag}=`));
  if (inline) return inline.slice(setting.flag.length + 1);
  const fromService = service.environment?.[setting.env];
  if (fromService !== undefined) return String(fromService);
  const fromImage = new RegExp(`\\b${setting.env}=(\\S+)`).exec(dockerfile)?.[1];
  return fromImage ?? String(setting.schema.parse(undefined));
}

function argentumServices(file: ComposeFile): [string, ComposeService][] {
  return Object.entries(file.services).filter(([, service]) => service.image === "argentum-bun");
}

/** Bind mounts of a service (`./host:container[:ro]`), the host side relative to the repository. */
function bindMounts(service: ComposeService): { source: string; target: string; readOnly: boolean }[] {
  return (service.volumes ?? [])
    .map((spec) => spec.split(":"))
    .filter(([source]) => source!.startsWith("./") || source!.startsWith("/"))
    .map(([source, target, mode]) => ({ source: source!.replace(/^\.\//, "").replace(/\/$/, ""), target: target!, readOnly: (mode ?? "").split(",").includes("ro") }));
}

/** The repository path a container path of a service reads, through its bind mounts (undefined: not mounted). */
function repoPathOf(service: ComposeService, containerPath: string): string | undefined {
  const mount = bindMounts(service)
    .filter((candidate) => containerPath === candidate.target || containerPath.startsWith(`${candidate.target}/`))
    .sort((a, b) => b.target.length - a.target.length)[0];
  return mount ? `${mount.source}${containerPath.slice(mount.target.length)}` : undefined;
}

function published(service: ComposeService): { address: string | undefined; host: number; container: number }[] {
  return (service.ports ?? []).map((spec) => {
    const parts = spec.replace(/\/(tcp|udp)$/, "").split(":");
    return { address: parts.length === 3 ? parts[0] : undefined, host: Number(parts.at(-2)), container: Number(parts.at(-1)) };
  });
}

/** What Prometheus scrapes: `host:port` with its path and labels. */
function scrapeTargets(config: PrometheusConfig): { target: string; path: string; labels: Readonly<Record<string, string>> }[] {
  return config.scrape_configs.flatMap((job) =>
    (job.static_configs ?? []).flatMap((group) => group.targets.map((target) => ({ target, path: job.metrics_path ?? "/metrics", labels: group.labels ?? {} }))),
  );
}

/**
 * Prometheus's targets against the compose file: every argentum service is scraped once, at
 * its service name and the HTTP port it listens on (on every address, or another container
 * cannot reach it), on /metrics, with `role` its command; and nothing else is scraped.
 */
function checkScrapeTargets(file: ComposeFile, config: PrometheusConfig, dockerfile: string): string[] {
  const complaints: string[] = [];
  const targets = scrapeTargets(config);
  for (const [name, service] of argentumServices(file)) {
    const expected = `${name}:${settingOf(service, SETTINGS.httpPort, dockerfile)}`;
    const found = targets.filter((target) => target.target === expected);
    if (found.length !== 1) complaints.push(`${name} is scraped ${found.length} times at ${expected} (targets: ${targets.map((target) => target.target).join(", ")})`);
    for (const target of found) {
      if (target.path !== "/metrics") complaints.push(`${expected} is scraped at ${target.path}, not /metrics`);
      const role = argsOf(service)[0];
      if (target.labels.role !== role) complaints.push(`${expected} has role ${target.labels.role ?? "(none)"}, but the service runs ${role}`);
    }
    const host = settingOf(service, SETTINGS.host, dockerfile);
    if (host !== "0.0.0.0") complaints.push(`${name} listens on ${host}, which Prometheus in another container cannot reach`);
  }
  const services = new Set(argentumServices(file).map(([name]) => name));
  for (const { target } of targets) {
    if (!services.has(target.split(":")[0]!)) complaints.push(`${target} is not an argentum service of the compose file`);
  }
  return complaints;
}

/** PromQL words that are not metric names. Functions and aggregations are told apart by their `(`. */
const PROMQL_WORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless", "offset", "inf", "nan"]);
const GROUPING = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g;
/** A selector's braces, strings inside them kept whole (a `}` in a label value does not end it). */
const SELECTOR = /([A-Za-z_:][\w:]*)?\s*\{((?:"(?:[^"\\]|\\.)*"|[^"}])*)\}/g;
const MATCHER = /([A-Za-z_]\w*)\s*(=~|!=|!~|=)\s*"((?:[^"\\]|\\.)*)"/g;

/** The metric names a PromQL expression reads (not its functions, keywords, labels, strings or durations). */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(GROUPING, " ");
  const names = [...bare.matchAll(/(?<![\w$:.])([A-Za-z_:][\w:]*)(?![\w:])(?!\s*\()/g)].map((match) => match[1]!);
  return names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
}

/** Every `metric{label op "value"}` of an expression, and the labels it groups by. */
function labelUsesOf(expr: string): { selectors: { metric: string | undefined; label: string; op: string; value: string }[]; grouping: string[] } {
  const selectors = [...expr.matchAll(SELECTOR)].flatMap(([, metric, body]) =>
    [...body!.matchAll(MATCHER)].map(([, label, op, value]) => ({ metric, label: label!, op: op!, value: value! })),
  );
  const grouping = [...expr.matchAll(GROUPING)].flatMap(([, list]) => list!.split(",").map((label) => label.trim()).filter(Boolean));
  return { selectors, grouping };
}

/** The label values the server can write for a few labels, where a wrong value would match nothing. */
const KNOWN_LABEL_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  argentum_packets_in_total: { name: Object.keys(CLIENT_PACKETS) },
  argentum_packets_out_total: { name: Object.keys(SERVER_PACKETS) },
};

function panelsOf(panels: readonly Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);
}

/**
 * The dashboard against the server's registrations: every panel reads the provisioned
 * datasource; every query names only series the server exports, selects and groups by labels
 * the registering code writes (or Prometheus and the scrape config add), and asks for packet
 * names that exist; legends name only such labels; panel ids are unique.
 */
function checkDashboard(dashboard: Dashboard, scan: MetricScan, datasourceUid: string, targetLabels: readonly string[]): string[] {
  const complaints: string[] = [];
  const series = new Map<string, { labels: Set<string> }>();
  for (const registration of scan.registrations) {
    for (const name of seriesNames(registration)) {
      const entry = series.get(name) ?? { labels: new Set<string>() };
      for (const label of scan.labelsByFile.get(registration.file) ?? []) entry.labels.add(label);
      if (name.endsWith("_bucket") && registration.type === "histogram") entry.labels.add("le");
      series.set(name, entry);
    }
  }
  const panels = panelsOf(dashboard.panels);
  const ids = panels.map((panel) => panel.id);
  if (new Set(ids).size !== ids.length) complaints.push(`panel ids repeat: ${ids.join(", ")}`);
  for (const panel of panels.filter((candidate) => candidate.type !== "row")) {
    const where = `panel "${panel.title}"`;
    if (panel.datasource?.uid !== datasourceUid) complaints.push(`${where} reads datasource ${panel.datasource?.uid ?? "(none)"}, not ${datasourceUid}`);
    if ((panel.targets ?? []).length === 0) complaints.push(`${where} has no query`);
    for (const target of panel.targets ?? []) {
      const query = `${where} query ${target.refId}`;
      if (target.datasource?.uid !== undefined && target.datasource.uid !== datasourceUid) complaints.push(`${query} reads datasource ${target.datasource.uid}, not ${datasourceUid}`);
      const expr = target.expr ?? "";
      const names = metricNamesOf(expr);
      if (names.length === 0) complaints.push(`${query} reads no metric: ${expr}`);
      const unknown = names.filter((name) => !series.has(name));
      for (const name of unknown) complaints.push(`${query} reads ${name}, which the server does not register`);
      const labels = new Set<string>(targetLabels);
      for (const name of names) for (const label of series.get(name)?.labels ?? []) labels.add(label);
      const { selectors, grouping } = labelUsesOf(expr);
      for (const selector of selectors) {
        const owner = selector.metric && series.has(selector.metric) ? series.get(selector.metric)!.labels : selector.metric ? undefined : labels;
        if (owner && !owner.has(selector.label) && !targetLabels.includes(selector.label)) {
          complaints.push(`${query} selects ${selector.label}, which ${selector.metric ?? "no metric it reads"} does not have`);
        }
        const known = selector.metric ? KNOWN_LABEL_VALUES[selector.metric]?.[selector.label] : undefined;
        if (known && selector.op === "=" && !known.includes(selector.value)) complaints.push(`${query} selects ${selector.metric}{${selector.label}="${selector.value}"}, which the server never writes`);
      }
      for (const label of grouping) if (!labels.has(label)) complaints.push(`${query} groups by ${label}, which no metric it reads has`);
      for (const [, label] of (target.legendFormat ?? "").matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
        if (!labels.has(label!)) complaints.push(`${query} legend names ${label}, which no metric it reads has`);
      }
    }
  }
  return complaints;
}

describe("docker-compose.yml: Prometheus and Grafana", () => {
  const prometheus = composeFile.services.prometheus ?? {};
  const grafana = composeFile.services.grafana ?? {};
  const dockerfile = readRepo("Dockerfile");
  const prometheusConfig = Bun.YAML.parse(readRepo(PROMETHEUS_CONFIG)) as PrometheusConfig;

  test("every image pulled from a registry is pinned to a version", () => {
    const pulled = Object.entries(composeFile.services).filter(([, service]) => service.image !== undefined && service.image !== "argentum-bun");
    expect(pulled.map(([name]) => name)).toEqual(expect.arrayContaining(["prometheus", "grafana"]));
    for (const [name, service] of pulled) {
      const tag = /:([^/:@]+)$/.exec(service.image!)?.[1];
      expect({ name, tag: tag ?? "(none)", pinned: tag !== undefined && tag !== "latest" && /\d/.test(tag) }).toEqual({ name, tag: tag ?? "(none)", pinned: true });
    }
  });

  test("Prometheus scrapes every argentum process, on the HTTP port it listens on, with its role", () => {
    expect(checkScrapeTargets(composeFile, prometheusConfig, dockerfile)).toEqual([]);
    expect(scrapeTargets(prometheusConfig).map((target) => target.target).sort()).toEqual(["gateway:8080", "mapnode-1:8080", "mapnode-2:8080"]);
  });

  test("Prometheus reads the repository's config and keeps its data in a volume", () => {
    const configFlag = argsOf(prometheus).find((arg) => arg.startsWith("--config.file="));
    expect(configFlag).toBeDefined();
    expect(repoPathOf(prometheus, configFlag!.slice("--config.file=".length))).toBe(PROMETHEUS_CONFIG);
    const storage = argsOf(prometheus).find((arg) => arg.startsWith("--storage.tsdb.path="))!.slice("--storage.tsdb.path=".length);
    const named = (prometheus.volumes ?? []).map((spec) => spec.split(":")).find(([, target]) => target === storage);
    expect(named?.[0]).toBeDefined();
    expect(Object.keys(composeFile.volumes ?? {})).toContain(named![0]!);
    expect(argsOf(prometheus).some((arg) => arg.startsWith("--web.listen-address"))).toBe(false);
  });

  test("Grafana mounts provisioning files that exist, where it reads them", () => {
    expect(grafana.environment?.GF_PATHS_PROVISIONING).toBeUndefined();
    for (const mount of [...bindMounts(prometheus), ...bindMounts(grafana)]) {
      expect({ mount: mount.source, exists: existsSync(join(REPO_ROOT, mount.source)), readOnly: mount.readOnly }).toEqual({ mount: mount.source, exists: true, readOnly: true });
    }
    const provisioning = repoPathOf(grafana, GRAFANA_PROVISIONING_DIR);
    expect(provisioning).toBeDefined();
    const yamlIn = (dir: string) => readdirSync(join(REPO_ROOT, dir)).filter((name) => /\.ya?ml$/.test(name)).map((name) => `${dir}/${name}`);
    const datasourceFiles = yamlIn(`${provisioning}/datasources`);
    const providerFiles = yamlIn(`${provisioning}/dashboards`);
    expect(datasourceFiles.length).toBeGreaterThan(0);
    expect(providerFiles.length).toBeGreaterThan(0);
    const providers = providerFiles.flatMap((path) => (Bun.YAML.parse(readRepo(path)) as { providers: { type: string; options: { path: string } }[] }).providers);
    for (const provider of providers) {
      const dir = repoPathOf(grafana, provider.options.path);
      expect({ provider: provider.options.path, dir: dir !== undefined && statSync(join(REPO_ROOT, dir)).isDirectory() }).toEqual({ provider: provider.options.path, dir: true });
      expect(readdirSync(join(REPO_ROOT, dir!))).toContain("argentum.json");
    }
    const home = grafana.environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH;
    expect(home).toBeDefined();
    expect(repoPathOf(grafana, home!)).toBe(DASHBOARD);
  });

  test("Grafana's datasource is the compose file's Prometheus, the one every panel reads", () => {
    const provisioning = repoPathOf(grafana, GRAFANA_PROVISIONING_DIR)!;
    const datasources = (Bun.YAML.parse(readRepo(`${provisioning}/datasources/prometheus.yml`)) as { datasources: { uid: string; type: string; url: string; isDefault?: boolean }[] }).datasources;
    expect(datasources).toHaveLength(1);
    const [source] = datasources;
    expect(source!.type).toBe("prometheus");
    expect(source!.url).toBe(`http://prometheus:${PROMETHEUS_PORT}`);
    const dashboard = JSON.parse(readRepo(DASHBOARD)) as Dashboard;
    const uids = new Set(panelsOf(dashboard.panels).filter((panel) => panel.type !== "row").map((panel) => panel.datasource?.uid));
    expect([...uids]).toEqual([source!.uid]);
  });

  test("published ports do not clash, and Prometheus and Grafana listen on localhost only", () => {
    const ports = Object.values(composeFile.services).flatMap((service) => published(service).map((port) => port.host));
    expect(new Set(ports).size).toBe(ports.length);
    expect(published(prometheus)).toEqual([{ address: "127.0.0.1", host: PROMETHEUS_PORT, container: PROMETHEUS_PORT }]);
    expect(published(grafana)).toEqual([{ address: "127.0.0.1", host: GRAFANA_PORT, container: GRAFANA_PORT }]);
    expect(grafana.environment?.GF_SERVER_HTTP_PORT).toBeUndefined();
  });

  test("Grafana shows the dashboard to viewers without a login; the admin password is GRAFANA_ADMIN_PASSWORD", () => {
    const env = grafana.environment ?? {};
    expect(env.GF_AUTH_ANONYMOUS_ENABLED).toBe("true");
    expect(env.GF_AUTH_ANONYMOUS_ORG_ROLE).toBe("Viewer");
    expect(env.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD(:-[^}]+)?\}$/);
    expect(readRepo("docs/operations.md")).toContain("GRAFANA_ADMIN_PASSWORD");
  });

  test("README and docs/operations.md say where Prometheus and Grafana listen", () => {
    const readme = readRepo("README.md");
    const operations = readRepo("docs/operations.md");
    for (const text of [readme, operations]) {
      expect(text).toContain(`http://localhost:${GRAFANA_PORT}`);
      expect(text).toContain(`http://localhost:${PROMETHEUS_PORT}`);
    }
    expect(operations).toContain("## Metrics and dashboards");
    expect(operations).toContain(PROMETHEUS_CONFIG);
    expect(operations).toContain(DASHBOARD);
  });
});

describe("the Grafana dashboard", () => {
  const scan = scanMetricRegistrations(REPO_ROOT);
  const dashboard = JSON.parse(readRepo(DASHBOARD)) as Dashboard;
  const prometheusConfig = Bun.YAML.parse(readRepo(PROMETHEUS_CONFIG)) as PrometheusConfig;
  const targetLabels = [...new Set([...SCRAPE_LABELS, ...scrapeTargets(prometheusConfig).flatMap((target) => Object.keys(target.labels))])];
  const uid = "argentum-prometheus";
  const exprs = panelsOf(dashboard.panels).flatMap((panel) => (panel.targets ?? []).map((target) => target.expr ?? ""));

  test("the scan of src/ reads the name of every metric registration", () => {
    expect(scan.unread).toEqual([]);
    const names = scan.registrations.map((registration) => registration.name);
    // One of each kind the server writes: a literal, a name table, a histogram, a map node's.
    expect(names).toEqual(expect.arrayContaining(["argentum_players_online", "argentum_spell_casts_refused_total", "argentum_password_hash_seconds", "argentum_cluster_leases_held"]));
  });

  test("every query names only metrics and labels the server registers", () => {
    expect(exprs.length).toBeGreaterThan(20);
    expect(checkDashboard(dashboard, scan, uid, targetLabels)).toEqual([]);
  });

  test("it charts what an operator watches", () => {
    const read = new Set(exprs.flatMap(metricNamesOf));
    const watched = [
      "argentum_players_online",
      "argentum_players_by_map",
      "argentum_packets_in_total",
      "argentum_packets_out_total",
      "argentum_event_loop_lag_seconds",
      "argentum_event_loop_lag_worker_seconds",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "argentum_fenced_writes_total",
      "argentum_connections_refused_total",
      "argentum_map_handler_faults_total",
      "argentum_cluster_leases_held",
      "argentum_cluster_lease_claims_total",
      "argentum_cluster_lease_renewals_total",
      "argentum_cluster_leases_lost_total",
      "argentum_cluster_intent_hop_seconds",
      "argentum_cluster_frame_hop_seconds",
    ];
    expect(watched.filter((name) => !read.has(name))).toEqual([]);
    // Moves: walks in, and the PosUpdate answers of the refused ones.
    expect(exprs.some((expr) => expr.includes('argentum_packets_in_total{name="Walk"}'))).toBe(true);
    expect(exprs.some((expr) => expr.includes('argentum_packets_out_total{name="PosUpdate"}'))).toBe(true);
  });

  test("docs/operations.md names only metrics the server registers", () => {
    const registered = new Set(scan.registrations.flatMap(seriesNames).concat(scan.registrations.map((registration) => registration.name)));
    const named = [...readRepo("docs/operations.md").matchAll(/\b(?:argentum|process)_[a-z0-9_]+\b/g)].map((match) => match[0]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !registered.has(name))).toEqual([]);
  });

  test("the expression reader finds metrics past functions, groupings, strings, ranges and offsets", () => {
    const expr = 'sum by (instance, reason) (rate(argentum_a_total{name="x{y}",thread=~"m.*"}[$__rate_interval] offset 5m)) / on (instance) group_left max(process_b) or vector(0) > bool 1e3';
    expect(metricNamesOf(expr)).toEqual(["argentum_a_total", "process_b"]);
    expect(labelUsesOf(expr)).toEqual({
      selectors: [
        { metric: "argentum_a_total", label: "name", op: "=", value: "x{y}" },
        { metric: "argentum_a_total", label: "thread", op: "=~", value: "m.*" },
      ],
      grouping: ["instance", "reason", "instance"],
    });
  });

  test("the checks catch a misspelt metric, a wrong label, a packet that does not exist and a wrong target", () => {
    const withExpr = (expr: string, legendFormat = ""): Dashboard => ({
      uid: "x",
      title: "x",
      panels: [{ id: 1, type: "timeseries", title: "broken", datasource: { uid }, targets: [{ refId: "A", expr, legendFormat }] }],
    });
    expect(checkDashboard(withExpr("argentum_player_online"), scan, uid, targetLabels)).toEqual(['panel "broken" query A reads argentum_player_online, which the server does not register']);
    expect(checkDashboard(withExpr('argentum_event_loop_lag_seconds{thred="main"}'), scan, uid, targetLabels)).toEqual([
      'panel "broken" query A selects thred, which argentum_event_loop_lag_seconds does not have',
    ]);
    expect(checkDashboard(withExpr('rate(argentum_packets_in_total{name="Move"}[1m])'), scan, uid, targetLabels)).toEqual([
      'panel "broken" query A selects argentum_packets_in_total{name="Move"}, which the server never writes',
    ]);
    expect(checkDashboard(withExpr("sum by (nodo) (argentum_cluster_leases_held)", "{{nodo}}"), scan, uid, targetLabels)).toEqual([
      'panel "broken" query A groups by nodo, which no metric it reads has',
      'panel "broken" query A legend names nodo, which no metric it reads has',
    ]);
    expect(checkDashboard(withExpr("histogram_quantile(0.99, rate(argentum_npc_ai_tick_lateness_seconds_bucket[1m]))"), scan, uid, targetLabels)).toEqual([]);
    expect(checkDashboard({ ...withExpr("argentum_players_online"), panels: [{ id: 1, type: "stat", title: "other", datasource: { uid: "grafana" }, targets: [{ refId: "A", expr: "argentum_players_online" }] }] }, scan, uid, targetLabels)).toEqual([
      'panel "other" reads datasource grafana, not argentum-prometheus',
    ]);

    const config = (targets: string[], role = "mapnode"): PrometheusConfig => ({
      scrape_configs: [{ job_name: "argentum", static_configs: [{ targets: ["gateway:8080"], labels: { role: "gateway" } }, { targets, labels: { role } }] }],
    });
    const dockerfile = readRepo("Dockerfile");
    expect(checkScrapeTargets(composeFile, config(["mapnode-1:8080", "mapnode-2:8080"]), dockerfile)).toEqual([]);
    expect(checkScrapeTargets(composeFile, config(["mapnode-1:7667", "mapnode-3:8080"]), dockerfile)).toEqual([
      "mapnode-1 is scraped 0 times at mapnode-1:8080 (targets: gateway:8080, mapnode-1:7667, mapnode-3:8080)",
      "mapnode-2 is scraped 0 times at mapnode-2:8080 (targets: gateway:8080, mapnode-1:7667, mapnode-3:8080)",
      "mapnode-3:8080 is not an argentum service of the compose file",
    ]);
    expect(checkScrapeTargets(composeFile, config(["mapnode-1:8080", "mapnode-2:8080"], "gateway"), dockerfile)).toEqual([
      "mapnode-1:8080 has role gateway, but the service runs mapnode",
      "mapnode-2:8080 has role gateway, but the service runs mapnode",
    ]);
    // A map node moved to another port by its command is looked for there.
    const moved = compose.replace('command: ["mapnode", "--node-id", "mapnode-2"]', 'command: ["mapnode", "--node-id", "mapnode-2", "--http-port", "8092"]');
    expect(checkScrapeTargets(Bun.YAML.parse(moved) as ComposeFile, config(["mapnode-1:8080", "mapnode-2:8092"]), dockerfile)).toEqual([]);
    const loopback = compose.replace("AO_LOG_LEVEL: info", "AO_LOG_LEVEL: info\n  AO_HOST: 127.0.0.1");
    expect(checkScrapeTargets(Bun.YAML.parse(loopback) as ComposeFile, config(["mapnode-1:8080", "mapnode-2:8080"]), dockerfile)).toContain(
      "gateway listens on 127.0.0.1, which Prometheus in another container cannot reach",
    );
  });
});
