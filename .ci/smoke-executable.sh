#!/usr/bin/env bash
# Copies the executable alone into an empty folder, starts it, checks /health and /metrics,
# sends SIGTERM and expects exit code 0.
set -euo pipefail
binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/argentum"
cd "$work"

version="$(./argentum --version)"
echo "[smoke] version $version"

http_port=$((20000 + RANDOM % 20000))
tcp_port=$((http_port + 1))
admin_token="smoke-console-token-0123456789abcdef"
AO_ADMIN_TOKEN="$admin_token" ./argentum serve --http-port "$http_port" --tcp-port "$tcp_port" --host 127.0.0.1 >server.log 2>&1 &
pid=$!

ok=""
for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$http_port/health" >health.json 2>/dev/null; then ok=1; break; fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ -z "$ok" ]; then
  echo "[smoke] /health never answered; server log:"; cat server.log; kill "$pid" 2>/dev/null || true; exit 1
fi
echo "[smoke] /health: $(cat health.json)"
grep -q '"status":"ok"' health.json
curl -fsS "http://127.0.0.1:$http_port/metrics" | grep -q '^process_resident_memory_bytes'
echo "[smoke] /metrics ok"
curl -fsS "http://127.0.0.1:$http_port/" | grep -q 'id="app"'
echo "[smoke] browser client page ok"
curl -fsS "http://127.0.0.1:$http_port/api/map/1" | grep -q '"width":100'
echo "[smoke] map API ok"
curl -fsS "http://127.0.0.1:$http_port/admin" | grep -q 'id="console"'
test "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http_port/api/admin/players")" = 401
curl -fsS -H "Authorization: Bearer $admin_token" "http://127.0.0.1:$http_port/api/admin/players" | grep -q '"total":0'
echo "[smoke] operator console ok"
test -d data || { echo "[smoke] data dir was not created"; exit 1; }

kill -TERM "$pid"
set +e
wait "$pid"
code=$?
set -e
if [ "$code" -ne 0 ]; then echo "[smoke] exit code $code after SIGTERM; log:"; tail -n 30 server.log; exit 1; fi
echo "[smoke] stopped cleanly (exit 0)"
