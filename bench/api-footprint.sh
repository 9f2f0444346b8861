#!/usr/bin/env bash
# api-footprint.sh - what the web stack (feature vireo-api) adds to a node: boots each distribution given as a
# scanner on loopback ports, waits for the proxy (and, where there is one, GET /api/v1/health), idles 30 s, runs a
# full GC and prints the JVM's RSS, heap used, metaspace used, the bundle count and the seconds to ready.
#
#   bench/api-footprint.sh [-r RUNS] NAME=TARBALL...     e.g. before=old/vireo.tar.gz after=karaf-assembly/target/vireo-0.1.0-SNAPSHOT.tar.gz
#
# Runs alternate between the tarballs (RUNS rounds, default 2); each boots in a fresh folder under
# ${TMPDIR:-/tmp}/vireo-footprint and is stopped by its PID. Ports: SSH 18102, JMX 11099/44445, Jetty 18182,
# proxy 13128 (root namespace, loopback; nothing else may hold them).
set -u
RUNS=2
while getopts "r:" opt; do case $opt in r) RUNS=$OPTARG ;; *) sed -n '2,9p' "$0"; exit 2 ;; esac; done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,9p' "$0"; exit 2; }
WORK=${TMPDIR:-/tmp}/vireo-footprint

boot() { # name tarball
  local name=$1 tar=$2 d h pid start ready api="" rss heap meta
  d=$WORK/$name; rm -rf "$d"; mkdir -p "$d"; tar xzf "$tar" -C "$d"; h=$(ls -d "$d"/vireo-*)
  sed -i 's/^sshPort *=.*/sshPort = 18102/' "$h/etc/org.apache.karaf.shell.cfg"
  sed -i 's/^rmiRegistryPort *=.*/rmiRegistryPort = 11099/; s/^rmiServerPort *=.*/rmiServerPort = 44445/' \
    "$h/etc/org.apache.karaf.management.cfg"
  [ -f "$h/etc/org.ops4j.pax.web.cfg" ] && sed -i 's/^org.osgi.service.http.port = .*/org.osgi.service.http.port = 18182/' \
    "$h/etc/org.ops4j.pax.web.cfg"
  printf 'listenAddress = 127.0.0.1\nport = 13128\n' > "$h/etc/org.vireo.scanner.proxy.cfg"
  echo "role = scanner" >> "$h/etc/org.vireo.node.cfg"
  start=$(date +%s.%N)
  "$h/bin/start" >/dev/null 2>&1; sleep 2; [ -f "$h/data/port" ] || "$h/bin/start" >/dev/null 2>&1 # the first makes the login
  for _ in $(seq 1 240); do grep -q "HTTP proxy listening" "$h/data/log/karaf.log" 2>/dev/null && break; sleep 0.5; done
  if [ -f "$h/etc/org.ops4j.pax.web.cfg" ]; then
    for _ in $(seq 1 120); do curl -s -m 2 http://127.0.0.1:18182/api/v1/health | grep -q ready && break; sleep 0.5; done
    api=$(curl -s -m 2 http://127.0.0.1:18182/api/v1/health)
  fi
  ready=$(date +%s.%N)
  pid=$(pgrep -f "karaf.base=$h" | head -1)
  sleep 30
  jcmd "$pid" GC.run >/dev/null 2>&1; sleep 5
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  heap=$(jcmd "$pid" GC.heap_info 2>/dev/null | grep -o "used [0-9]*K" | head -1 | tr -dc 0-9)
  meta=$(jcmd "$pid" GC.heap_info 2>/dev/null | grep -i metaspace | grep -o "used [0-9]*K" | head -1 | tr -dc 0-9)
  printf '| %s | %s | %s | %s | %s | %.1f | %s |\n' "$name" "$((rss / 1024))" "$((heap / 1024))" "$((meta / 1024))" \
    "$(ls "$h/data/cache" | wc -l)" "$(echo "$ready - $start" | bc)" "${api:--}"
  kill "$pid"; for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
}

echo '| distribution | RSS MiB (after a full GC) | heap used MiB | metaspace used MiB | bundles | s to ready | /api/v1/health |'
echo '| --- | ---: | ---: | ---: | ---: | ---: | --- |'
for r in $(seq 1 "$RUNS"); do
  for spec in "$@"; do boot "${spec%%=*}-$r" "${spec#*=}"; done
done
