#!/usr/bin/env bash
# api-bench.sh - the management API's benchmark (issue 20): /metrics and /vrrp of a director with 64 VRRP instances
# and 64 scanners, bytes allocated per scrape (JMH), and the boot time and RSS per role next to vanilla Karaf.
#
#   bench/api-bench.sh [-o outdir] [-r reps] [-d secs] [-t vireo.tar.gz] [-k apache-karaf-4.4.10.tar.gz]
#                      [-n boot-runs] [-p api,jmh,boot] [-j benchmarks.jar] [-P]
#
# Parts (-p, default all three):
#  api   The distribution unpacked in a temp folder, role director, on loopback ports picked free now: 64 VRRP
#        instances (etc/org.vireo.vrrp.instance-b<n>.cfg, VRIDs 1-64, 1 s adverts) on the in-memory VRRP transport
#        the integration tests use (org.vireo.vrrp.transport.memory: no interface, no namespace; alone on their
#        LAN, every instance becomes master), and 64 scanners in the balancer's table at 127.77.0.1-64 on a port
#        nothing listens on (checked): their health checks are refused, they are all DOWN. A viewer login
#        (bench-viewer) in etc/users.properties. Once /api/v1/vrrp lists 64 masters: the body of /api/v1/metrics
#        (bytes, lines, series), then per repetition, each after a 5 s warm-up of its own:
#          metrics-c1   wrk -t1 -c1 -dSECS --latency /api/v1/metrics   (scrapes back to back, one at a time)
#          metrics-10   the same paced at 10 scrapes/s over 4 connections (bench/pace.lua)
#          vrrp-200     wrk -t1 -c8 -dSECS --latency -s pace.lua /api/v1/vrrp -- 200   (200 req/s, open loop)
#        with the load average before each run and the JVM's CPU time (utime + stime, /proc/PID/stat) per request
#        over the run; and the node's RSS after them, and after a full GC. -P: a JFR recording (settings=profile) of
#        the last metrics-c1 run, its top frames in raw/metrics-c1-top-frames.txt.
#  jmh   java -jar benchmarks.jar ScrapeBenchmark -prof gc: bytes allocated per scrape (gc.alloc.rate.norm) of the
#        collectors of 64 instances and 64 scanners and client_java's writer (bench/jmh, ScrapeBenchmark's comment).
#  boot  bench/boot-bench.sh -n RUNS with its targets vanilla, vanilla-web (vanilla + the web stack of feature
#        vireo-api: Pax Web's whiteboard, Aries' JAX-RS whiteboard on CXF, Jackson) and Vireo in each role
#        (scanner, director, backup, all-in-one): time to ready, RSS after a few requests, RSS after a full GC.
#
# Needs wrk (Debian), curl, jcmd, java 17, the distribution (mvn -o -B -q install -DskipTests at the root, which also
# builds bench/jmh/target/benchmarks.jar) and vanilla Karaf 4.4.10's tarball for boot (boot-bench.sh says where it
# looks). Output (default bench/results/api-<UTC>/): summary.md, runs.tsv, meta.txt, raw/ (every wrk output, the
# metrics body), boot/ (boot-bench's). Every process it starts is stopped by its PID; the temp folder is removed.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
. "$HERE/lib.sh" # stop_pid, free_ports, set_prop

OUT="" REPS=3 DUR=20 TARBALL="" KARAF="" BOOT_RUNS=3 PARTS="api,jmh,boot" JAR="$HERE/jmh/target/benchmarks.jar" PROFILE=0
while getopts "o:r:d:t:k:n:p:j:Ph" opt; do
  case $opt in
    o) OUT=$OPTARG ;; r) REPS=$OPTARG ;; d) DUR=$OPTARG ;; t) TARBALL=$OPTARG ;; k) KARAF=$OPTARG ;;
    n) BOOT_RUNS=$OPTARG ;; p) PARTS=$OPTARG ;; j) JAR=$OPTARG ;; P) PROFILE=1 ;; *) sed -n '2,30p' "$0"; exit 2 ;;
  esac
done
log() { echo "api-bench: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
part() { [[ ",$PARTS," == *",$1,"* ]]; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
jvm_ticks() { awk '{print $14 + $15}' "/proc/$JPID/stat"; }

[ -n "$TARBALL" ] || TARBALL=$(ls "$ROOT"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
[ -f "$TARBALL" ] || die "no distribution: build it (mvn -o -B -q install -DskipTests) or pass -t"
OUT=${OUT:-$ROOT/bench/results/api-$(date -u +%Y%m%d-%H%M)}
mkdir -p "$OUT/raw"; OUT=$(cd "$OUT" && pwd) # absolute: the JVM writes the JFR file there
for tool in wrk curl jcmd java python3; do command -v "$tool" >/dev/null || die "needs $tool (wrk: apt-get install wrk)"; done
{
  echo "date: $(date -u +%FT%TZ)"; echo "host: $(hostname) cpus=$(nproc) kernel=$(uname -r)"
  echo "java: $(java -version 2>&1 | head -1)"; echo "wrk: $(wrk -v 2>&1 | head -1)"
  echo "distribution: $TARBALL ($(stat -c %s "$TARBALL") bytes)"; echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)"
  echo "reps=$REPS dur=${DUR}s parts=$PARTS boot-runs=$BOOT_RUNS"; echo "load at start: $(load)"
} >> "$OUT/meta.txt" # appended: one folder may hold the parts of several invocations

W="" JPID="" LAUNCHER=""
cleanup() {
  [ -n "$LAUNCHER" ] && stop_pid "$LAUNCHER" TERM 60
  [ -n "$JPID" ] && stop_pid "$JPID" TERM 10
  [ -n "$W" ] && rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wrk's output -> "rps p50 p90 p99 max non2xx requests errors" (times in ms)
wrk_fields() {
  awk 'function ms(v) { if (v ~ /us$/) return v * 0.001; if (v ~ /ms$/) return v + 0; if (v ~ /m$/) return v * 60000; return v * 1000 }
       /^ +Latency / && !lat { max = ms($4); lat = 1 }
       /^ +50%/ { p50 = ms($2) } /^ +90%/ { p90 = ms($2) } /^ +99%/ { p99 = ms($2) }
       /requests in/ { req = $1 } /^Requests\/sec/ { rps = $2 } /Non-2xx/ { non = $NF }
       /Socket errors/ { gsub(/,/, ""); err = $4 + $6 + $8 + $10 }
       END { printf "%.1f %.3f %.3f %.3f %.3f %d %d %d\n", rps, p50, p90, p99, max, non, req, err }' "$1"
}

api_part() {
  W=$(mktemp -d /tmp/api-bench.XXXXXX)
  tar xzf "$TARBALL" -C "$W" || die "tar"
  local H; H=$(ls -d "$W"/vireo-*); local E=$H/etc
  local http ssh rreg rsrv bal ftp proxy scan
  read -r http ssh rreg rsrv bal ftp proxy scan <<<"$(free_ports 8)"
  # the scanners' port must be free on every address (a listener on 0.0.0.0 would answer on 127.77.0.x)
  ss -Hltn "sport = :$scan" | grep -q . && die "port $scan is taken"
  set_prop "$E/org.ops4j.pax.web.cfg" org.osgi.service.http.port "$http"
  set_prop "$E/org.apache.karaf.shell.cfg" sshPort "$ssh"
  set_prop "$E/org.apache.karaf.shell.cfg" sshHost 127.0.0.1
  set_prop "$E/org.apache.karaf.management.cfg" rmiRegistryPort "$rreg"
  set_prop "$E/org.apache.karaf.management.cfg" rmiServerPort "$rsrv"
  set_prop "$E/org.vireo.balancer.cfg" httpPort "$bal"
  set_prop "$E/org.vireo.balancer.cfg" ftpPort "$ftp"
  set_prop "$E/org.vireo.balancer.cfg" standaloneAddresses 127.0.0.1
  set_prop "$E/org.vireo.balancer.cfg" scanners "$(seq -s, -f "127.77.0.%g:$scan" 1 64 | sed 's/,/, /g')"
  printf 'listenAddress = 127.0.0.1\nport = %s\n' "$proxy" > "$E/org.vireo.scanner.proxy.cfg"
  echo "enabled = true" > "$E/org.vireo.vrrp.transport.memory.cfg"
  for n in $(seq 1 64); do
    printf 'name = b%s\ninterfaceName = mem-bench\ntransport.target = (vrrp.transport=memory)\nvrid = %s\npriority = 150\nadvertIntervalMillis = 1000\nvirtualAddresses = 10.79.%s.1\n' \
      "$n" "$n" "$n" > "$E/org.vireo.vrrp.instance-b$n.cfg"
  done
  # a viewer, as the integration tests add one (the first start then makes no admin: none is needed here)
  printf '\nbench-viewer = bench-secret,_g_:viewergroup\n_g_\\:viewergroup = group,viewer\n' >> "$E/users.properties"
  local AUTH="Authorization: Basic $(printf bench-viewer:bench-secret | base64)" URL="http://127.0.0.1:$http/api/v1"
  echo "ports: http=$http ssh=$ssh balancer=$bal scanners=127.77.0.1-64:$scan" >> "$OUT/meta.txt"

  log "starting the node in $H (http $http)"
  (cd "$H" && VIREO_ROLE=director VIREO_NODE_NAME=apibench KARAF_EXEC=exec exec bin/karaf server </dev/null \
    >"$W/karaf.out" 2>&1) &
  LAUNCHER=$!
  local t0=$SECONDS masters=0 body
  until [ "$masters" = 64 ]; do
    ((SECONDS - t0 < 300)) || die "no 64 masters within 300 s (have $masters); see $H/data/log/karaf.log"
    kill -0 "$LAUNCHER" 2>/dev/null || die "the node exited; see $H/data/log/karaf.log"
    sleep 1
    body=$(curl -s -m 5 -H "$AUTH" "$URL/vrrp" 2>/dev/null)
    masters=$(grep -o '"state":"MASTER"' <<<"$body" | wc -l)
  done
  JPID=$(pgrep -f "karaf.base=$H" | while read -r p; do [ "$(readlink /proc/$p/exe)" = "$(readlink -f "$(command -v java)")" ] && echo "$p"; done | head -1)
  [ -n "$JPID" ] || JPID=$(pgrep -f -- "-Dkaraf.base=$H" | tail -1)
  log "64 masters after $((SECONDS - t0)) s; JVM pid $JPID"
  sleep 10 # the scanners' first checks, the instances settled
  curl -s -H "$AUTH" "$URL/balancer/scanners" > "$OUT/raw/scanners.json"
  echo "scanners: $(grep -o '"scanner":' "$OUT/raw/scanners.json" | wc -l), of them DOWN: $(grep -o '"state":"DOWN"' "$OUT/raw/scanners.json" | wc -l)" >> "$OUT/meta.txt"
  curl -s -H "$AUTH" -o "$OUT/raw/metrics.txt" -D "$OUT/raw/metrics.headers" "$URL/metrics"
  curl -s -H "$AUTH" -o "$OUT/raw/vrrp.json" "$URL/vrrp"
  {
    echo "metrics body: $(stat -c %s "$OUT/raw/metrics.txt") bytes, $(wc -l < "$OUT/raw/metrics.txt") lines," \
      "$(grep -vc '^#' "$OUT/raw/metrics.txt") series ($(grep -c '^vireo_' "$OUT/raw/metrics.txt") vireo_*)"
    echo "vrrp body: $(stat -c %s "$OUT/raw/vrrp.json") bytes"
    echo "metrics response headers: $(tr -d '\r' < "$OUT/raw/metrics.headers" | grep -i 'content-type\|transfer-encoding\|content-length' | paste -sd' ')"
  } >> "$OUT/meta.txt"
  printf 'run\trep\tload1\tload5\tload15\trps\tp50_ms\tp90_ms\tp99_ms\tmax_ms\tnon2xx\trequests\tsocket_errors\tcpu_ms_per_req\n' > "$OUT/runs.tsv"
  local r name
  for r in $(seq 1 "$REPS"); do
    for name in metrics-c1 metrics-10 vrrp-200; do
      local args
      case $name in
        metrics-c1) args=(-t1 -c1 --latency -H "$AUTH" "$URL/metrics") ;;
        metrics-10) args=(-t1 -c4 --latency -H "$AUTH" -s "$HERE/pace.lua" "$URL/metrics" -- 10) ;;
        vrrp-200) args=(-t1 -c8 --latency -H "$AUTH" -s "$HERE/pace.lua" "$URL/vrrp" -- 200) ;;
      esac
      wrk -d5 "${args[@]}" > /dev/null 2>&1 # warm-up
      local l c0 c1 f cpu; l=$(load); c0=$(jvm_ticks)
      [ "$PROFILE" = 1 ] && [ "$r" = "$REPS" ] && [ "$name" = metrics-c1 ] && jcmd "$JPID" JFR.start name=apibench \
        settings=profile duration="${DUR}s" filename="$OUT/raw/metrics-c1.jfr" > /dev/null 2>&1
      wrk -d"$DUR" "${args[@]}" > "$OUT/raw/$name-$r.txt" 2>&1
      c1=$(jvm_ticks); f=$(wrk_fields "$OUT/raw/$name-$r.txt")
      # the JVM's CPU (user + system) over the run per request: what one request costs, whatever the load beside
      cpu=$(awk -v t=$((c1 - c0)) -v hz="$(getconf CLK_TCK)" -v n="$(cut -d' ' -f7 <<<"$f")" 'BEGIN { printf "%.2f", n ? t * 1000 / hz / n : 0 }')
      printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$r" "${l// /$'\t'}" "$(tr ' ' '\t' <<<"$f")" "$cpu" >> "$OUT/runs.tsv"
      log "$name rep $r (load $l): $f cpu/req ${cpu} ms"
    done
  done
  if [ -f "$OUT/raw/metrics-c1.jfr" ]; then
    sleep 2
    jfr print --events jdk.ExecutionSample "$OUT/raw/metrics-c1.jfr" | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' \
      | sed 's/line:.*//; s/^ *//' | sort | uniq -c | sort -rn | head -40 > "$OUT/raw/metrics-c1-top-frames.txt"
    jfr summary "$OUT/raw/metrics-c1.jfr" > "$OUT/raw/metrics-c1-jfr-summary.txt" 2>&1
  fi
  local rss gcrss
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$JPID/status")
  jcmd "$JPID" GC.run > /dev/null 2>&1; sleep 3
  gcrss=$(awk '/^VmRSS/ {print $2}' "/proc/$JPID/status")
  echo "node RSS after the runs: $((rss / 1024)) MiB; after a full GC: $((gcrss / 1024)) MiB" >> "$OUT/meta.txt"
  grep -E 'WARN|ERROR' "$H/data/log/karaf.log" | grep -v 'failed login' | tail -20 > "$OUT/raw/karaf-warnings.txt"
  stop_pid "$LAUNCHER" TERM 60; LAUNCHER=""; stop_pid "$JPID" TERM 10; JPID=""
  rm -rf "$W"; W=""
}

median() { sort -n | awk '{v[NR]=$1} END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2 }'; }

summary() {
  {
    echo "# api-bench $(date -u +%FT%TZ)"; echo; sed 's/^/    /' "$OUT/meta.txt"; echo
    if [ -f "$OUT/runs.tsv" ]; then
      echo "| run | reps | load1 (min-max) | req/s | p50 ms | p90 ms | p99 ms (each) | max ms (each) | non-2xx | socket errors | JVM CPU ms / request |"
      echo "| --- | ---: | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |"
      for name in metrics-c1 metrics-10 vrrp-200; do
        awk -F'\t' -v n="$name" '$1 == n' "$OUT/runs.tsv" > "$OUT/.sel"
        [ -s "$OUT/.sel" ] || continue
        printf '| %s | %s | %s | %s | %s | %s | %s (%s) | %s (%s) | %s | %s | %s |\n' "$name" "$(wc -l < "$OUT/.sel")" \
          "$(cut -f3 "$OUT/.sel" | sort -n | sed -n '1p;$p' | paste -sd-)" "$(cut -f6 "$OUT/.sel" | median)" \
          "$(cut -f7 "$OUT/.sel" | median)" "$(cut -f8 "$OUT/.sel" | median)" "$(cut -f9 "$OUT/.sel" | median)" \
          "$(cut -f9 "$OUT/.sel" | paste -sd,)" "$(cut -f10 "$OUT/.sel" | median)" "$(cut -f10 "$OUT/.sel" | paste -sd,)" \
          "$(cut -f11 "$OUT/.sel" | paste -sd+ | bc)" "$(cut -f13 "$OUT/.sel" | paste -sd+ | bc)" "$(cut -f14 "$OUT/.sel" | median)"
      done
      rm -f "$OUT/.sel"; echo
    fi
    [ -f "$OUT/jmh.txt" ] && { echo '```'; grep -E '^Benchmark|ScrapeBenchmark\.[a-zA-Z]+(:gc\.alloc\.rate\.norm)? ' "$OUT/jmh.txt"; echo '```'; echo; }
    [ -f "$OUT/boot/boot-bench.md" ] && sed '1,2d' "$OUT/boot/boot-bench.md"
  } > "$OUT/summary.md"
}

if part api; then api_part; summary; fi
if part jmh; then
  [ -f "$JAR" ] || die "no $JAR: build it (mvn -o -B -q install -DskipTests)"
  log "JMH (load $(load))"
  echo "load before jmh: $(load)" >> "$OUT/meta.txt"
  java -jar "$JAR" ScrapeBenchmark -prof gc -rf json -rff "$OUT/jmh.json" > "$OUT/jmh.txt" 2>&1 || die "jmh failed: $OUT/jmh.txt"
  echo "load after jmh: $(load)" >> "$OUT/meta.txt"
  summary
fi
if part boot; then
  log "boot-bench (load $(load))"
  echo "load before boot: $(load)" >> "$OUT/meta.txt"
  BOOT_TMP=$(mktemp -d /tmp/api-bench-boot.XXXXXX); mkdir -p "$OUT/boot"
  "$HERE/boot-bench.sh" -n "$BOOT_RUNS" -d "$TARBALL" ${KARAF:+-k "$KARAF"} -o "$BOOT_TMP" -w \
    > "$OUT/boot/stdout.txt" 2> "$OUT/boot/stderr.txt" || die "boot-bench failed: $OUT/boot/stderr.txt, $BOOT_TMP"
  cp "$BOOT_TMP/runs.tsv" "$BOOT_TMP/boot-bench.md" "$OUT/boot/"; rm -rf "$BOOT_TMP"
  echo "load after boot: $(load)" >> "$OUT/meta.txt"
  summary
fi
log "done: $OUT/summary.md"
