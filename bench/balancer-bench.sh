#!/usr/bin/env bash
# balancer-bench.sh - the director's layer-4 balancer against HAProxy (mode tcp) and going direct (issue 8),
# in one interleaved run on loopback
#
#   bench/balancer-bench.sh [-o OUTDIR] [-r ROUNDS] [-d SECS] [-w SECS] [-C CONNS] [-T WRK_THREADS]
#                           [-j "THREADS ..."] [-s SCENARIOS] [-t TARBALL] [-b TARBALL] [-X KEY=VALUE]... [-P] [-F]
#   defaults: -r 3 -d 10 -w 10 -C 64 -T 1 -j 1 -s ka-1k,ka-256k,close-1k,close-256k
#             -t karaf-assembly/target/vireo-*.tar.gz (build it first: mvn -o ... install -DskipTests)
#             output in bench/results/balancer-<UTC ts>/
#   -j        forwarder thread counts: for each N, HAProxy with nbthread N and a Vireo director with threads = N
#   -s        scenarios: ka-1k, ka-256k (keep-alive), close-1k, close-256k (-H 'Connection: close': a new
#             connection per request, to the proxy and from it to the backend)
#   -w        warm-up per target and scenario before round 1, not counted (the JVM compiles its hot paths)
#   -b        a second Vireo director per thread count (vireo0-tN), from a distribution from before the PROXY
#             header (issue 19), forwarding to the backends' plain ports: the header's cost in the same run
#   -X        a key of org.vireo.balancer.cfg for every Vireo director, e.g. -X transport=epoll (repeatable);
#             the directors' JVM options come from the environment as for bin/karaf (EXTRA_JAVA_OPTS=...)
#   -P        after the rounds, one uncounted run of ka-1k and close-1k per Vireo with JFR (settings=profile):
#             OUTDIR/vireo-tN-SCENARIO.jfr and -top-frames.txt
#   -F        the same runs under perf (Java frames named through jcmd Compiler.perfmap): -perf.txt
#
# Everything on 127.0.0.1; every process started here is stopped by PID on exit (trap):
#   backends  nginx x2 (:28081, :28082; worker_processes 1, access log off, 1k.bin and 256k.bin,
#             /nginx_status to count the requests each one served), each also on :28091 / :28092 with
#             proxy_protocol: there a connection begins with a PROXY header, as Vireo's balancer sends one
#   direct    wrk -> backend 1
#   haproxy-tN  :2810N, mode tcp, balance leastconn, nbthread N, send-proxy-v2 -> both backends' :2809x
#   vireo-tN  :2820N, the distribution unpacked in $WORKDIR/vireo-tN, role director, alsoScan false,
#             scanners = both backends' :2809x, threads = N, slowStartSeconds = 0; started once both are UP
#   vireo0-tN (-b) :2860N, the same from the other distribution, scanners = the plain ports
# Each round rotates the order of the targets and runs every scenario against each; wrk -tT -cCONNS -dSECS
# --latency, the same for every target. Per run: req/s, p50/p99, errors, the proxy process's CPU
# (utime+stime of /proc/PID/stat over the run: % and µs per request), nginx's CPU, the box's busy %, and
# backend 1's share of the requests (stub_status). OUTDIR: results.tsv, summary.md (medians; ratios per
# round then their median), meta.txt, configs, raw/ (every wrk output), vireo-tN-scanners.txt.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
ROUNDS=3; DUR=10; WARM=10; CONNS=64; WRK_T=1; THREADS="1"; PROFILE=false; PERF=false
SCENARIOS=ka-1k,ka-256k,close-1k,close-256k
EXTRA_KEYS=()
TARBALL=$(ls "$TOP"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
BASELINE=
OUT=$HERE/results/balancer-$(date -u +%Y%m%dT%H%M%SZ)
CMDLINE="$0 $*"
usage() { sed -n 2,31p "$0"; exit 2; }
while getopts "o:r:d:w:C:T:j:s:t:b:X:PFh" o; do case $o in
  o) OUT=$OPTARG;; r) ROUNDS=$OPTARG;; d) DUR=$OPTARG;; w) WARM=$OPTARG;; C) CONNS=$OPTARG;; T) WRK_T=$OPTARG;;
  j) THREADS=${OPTARG//,/ };; s) SCENARIOS=$OPTARG;; t) TARBALL=$OPTARG;; b) BASELINE=$OPTARG;;
  P) PROFILE=true;; F) PERF=true;;
  X) [[ $OPTARG =~ ^[A-Za-z]+=.*$ ]] || { echo "-X '$OPTARG': expected KEY=VALUE" >&2; exit 2; }; EXTRA_KEYS+=("$OPTARG");;
  *) usage;; esac; done
for v in ROUNDS DUR CONNS WRK_T; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "$v = '${!v}': expected a positive whole number" >&2; exit 2; }
done
[[ $WARM =~ ^[0-9]+$ ]] || { echo "-w '$WARM': expected a whole number" >&2; exit 2; }
((CONNS >= WRK_T)) || { echo "-C $CONNS: at least -T ($WRK_T)" >&2; exit 2; }
for n in $THREADS; do [[ $n =~ ^[1-8]$ ]] || { echo "-j: '$n': expected 1-8" >&2; exit 2; }; done
IFS=, read -r -a SCS <<<"$SCENARIOS"
for s in "${SCS[@]}"; do
  [[ $s =~ ^(ka|close)-(1k|256k)$ ]] || { echo "-s: '$s': expected ka|close-1k|256k" >&2; exit 2; }
done
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || {
  echo "no Vireo distribution (-t '$TARBALL'): build it with mvn -o ... install -DskipTests" >&2; exit 2; }
TARBALL=$(realpath "$TARBALL")
if [ -n "$BASELINE" ]; then
  [ -f "$BASELINE" ] || { echo "-b '$BASELINE': no such distribution" >&2; exit 2; }
  BASELINE=$(realpath "$BASELINE")
fi

W=${WORKDIR:-/tmp/balancer-bench}   # runtime dir (nginx reads the bodies there)
B1=127.0.0.1:28081; B2=127.0.0.1:28082
P1=127.0.0.1:28091; P2=127.0.0.1:28092   # the same backends, with the PROXY protocol
HZ=$(getconf CLK_TCK)
declare -A ADDR PID                 # target -> host:port, process whose CPU is the forwarder's
NGX=(); VPIDS=(); VHOMES=(); HPIDS=(); GUARDS=(); PROF_PID=

missing=()
for c in haproxy nginx wrk curl python3; do command -v "$c" >/dev/null || missing+=("$c"); done
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null || { echo "apt-get failed" >&2; exit 1; }
fi
ports=(28081 28082 28091 28092)
for n in $THREADS; do
  ports+=($((28100 + n)) $((28200 + n)) $((28300 + n)) $((28400 + n)) $((28500 + n)))
  [ -z "$BASELINE" ] || ports+=($((28600 + n)) $((28700 + n)) $((28800 + n)) $((28900 + n)))
done
for p in "${ports[@]}"; do
  if ss -Hltn "sport = :$p" | grep -q .; then echo "port $p busy, abort" >&2; exit 1; fi
done

mkdir -p "$OUT/raw"; OUT=$(cd "$OUT" && pwd)
rm -rf "$W"; mkdir -p "$W/www" "$W/tmp"; chmod 755 "$W" "$W/www"
RES=$OUT/results.tsv
exec > >(tee -a "$OUT/harness.log") 2>&1
log() { echo "[balancer-bench $(date -u +%T)] $*"; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null   # 64 connections x 2 sides x targets, with room

. "$HERE/lib.sh"   # stop_pid
cleanup() {
  local i p
  trap - EXIT INT TERM
  stop_pid "$PROF_PID" INT
  for i in "${!VPIDS[@]}"; do   # Karaf's own stop first (it closes the listeners), then by PID
    kill -0 "${VPIDS[$i]}" 2>/dev/null && (cd "${VHOMES[$i]}" && timeout 20 bin/stop >/dev/null 2>&1)
    stop_pid "${VPIDS[$i]}" TERM
  done
  for p in "${GUARDS[@]}" "${HPIDS[@]}"; do stop_pid "$p" TERM; done
  for p in "${NGX[@]}"; do stop_pid "$p" QUIT; done
}
trap cleanup EXIT; trap 'exit 130' INT TERM

# ---------------------------------------------------------------- backends
head -c 1024 /dev/urandom >"$W/www/1k.bin"; head -c 262144 /dev/urandom >"$W/www/256k.bin"
for i in 1 2; do
  b=B$i; pp=P$i
  cat >"$W/nginx-$i.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid $W/nginx-$i.pid;
error_log $W/nginx-$i.err warn;
events { worker_connections 8192; }
http {
  access_log off; sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_timeout 65s; keepalive_requests 100000000;
  open_file_cache max=16 inactive=1h; open_file_cache_valid 1h;
  default_type application/octet-stream;
  client_body_temp_path $W/tmp/cb$i; proxy_temp_path $W/tmp/px$i; fastcgi_temp_path $W/tmp/fc$i;
  uwsgi_temp_path $W/tmp/uw$i; scgi_temp_path $W/tmp/sc$i;
  server {
    listen ${!b} backlog=4096; listen ${!pp} proxy_protocol backlog=4096;
    root $W/www; location = /nginx_status { stub_status; }
  }
}
EOF
  nginx -c "$W/nginx-$i.conf" -e "$W/nginx-$i.err" </dev/null >"$W/nginx-$i.out" 2>&1 &
  NGX+=($!)
done
http_code() { curl -s -o /dev/null -w '%{http_code} %{size_download}' --max-time 5 "$1"; }
up_within() { # url pid seconds: until a 200
  local end=$((SECONDS + $3))
  while kill -0 "$2" 2>/dev/null && ((SECONDS < end)); do
    [ "$(http_code "$1")" = "200 1024" ] && return 0; sleep 0.1
  done; return 1
}
up_within "http://$B1/1k.bin" "${NGX[0]}" 10 && up_within "http://$B2/1k.bin" "${NGX[1]}" 10 || {
  log "nginx did not come up: $(cat "$W"/nginx-*.err)"; exit 1; }
ADDR[direct]=$B1; PID[direct]=
TARGETS=(direct)

# ---------------------------------------------------------------- haproxy, one per thread count
for n in $THREADS; do
  cat >"$W/haproxy-t$n.cfg" <<EOF
global
  nbthread $n
  maxconn 8000
defaults
  mode tcp
  timeout connect 2s
  timeout client 600s
  timeout server 600s
frontend fe
  bind 127.0.0.1:$((28100 + n)) backlog 1024
  default_backend be
backend be
  balance leastconn
  server b1 $P1 send-proxy-v2
  server b2 $P2 send-proxy-v2
EOF
  haproxy -q -c -f "$W/haproxy-t$n.cfg" || { log "haproxy-t$n.cfg refused"; exit 1; }
  haproxy -db -f "$W/haproxy-t$n.cfg" </dev/null >"$W/haproxy-t$n.log" 2>&1 &
  HPIDS+=($!); ADDR[haproxy-t$n]=127.0.0.1:$((28100 + n)); PID[haproxy-t$n]=$!
  up_within "http://127.0.0.1:$((28100 + n))/1k.bin" "$!" 10 || { log "haproxy-t$n did not come up"; exit 1; }
done

# ---------------------------------------------------------------- vireo directors, one per thread count
set_key() { # file key value: replaces the key's line, or appends it
  if grep -qE "^#?\s*$2\s*=" "$1"; then sed -i -E "s|^#?\s*$2\s*=.*|$2 = $3|" "$1"; else echo "$2 = $3" >>"$1"; fi
}
wait_log() { # file regex seconds pid
  local end=$((SECONDS + $3))
  while ((SECONDS < end)); do
    grep -qE "$2" "$1" 2>/dev/null && return 0
    kill -0 "$4" 2>/dev/null || return 1; sleep 0.2
  done; return 1
}
start_director() { # name tarball port-base threads scanner...: unpack, configure, start; no wait
  local name=$1 tarball=$2 base=$3 n=$4; shift 4
  local vh=$W/$name bc
  mkdir -p "$vh"
  tar xzf "$tarball" -C "$vh" --strip-components=1 || { log "cannot unpack $tarball"; exit 1; }
  rm -f "$vh"/etc/org.vireo.vrrp.instance-*.cfg
  printf '%s\n' "name = bench" "managementAddress = 127.0.0.1" "interfaceName = lo" "role = director" \
    "alsoScan = false" >"$vh/etc/org.vireo.node.cfg"
  bc=$vh/etc/org.vireo.balancer.cfg
  set_key "$bc" scanners "$1, $2"; set_key "$bc" httpPort $((base + n)); set_key "$bc" ftpPort 0
  set_key "$bc" ftpPassivePorts ""; set_key "$bc" standaloneAddresses 127.0.0.1
  set_key "$bc" threads "$n"; set_key "$bc" slowStartSeconds 0
  for kv in "${EXTRA_KEYS[@]}"; do set_key "$bc" "${kv%%=*}" "${kv#*=}"; done
  set_key "$vh/etc/org.apache.karaf.shell.cfg" sshPort $((base + 100 + n))
  set_key "$vh/etc/org.apache.karaf.shell.cfg" sshHost 127.0.0.1
  set_key "$vh/etc/org.apache.karaf.management.cfg" rmiRegistryPort $((base + 200 + n))
  set_key "$vh/etc/org.apache.karaf.management.cfg" rmiServerPort $((base + 300 + n))
  # exec all the way down: the PID is the JVM's (the guard the wrapper starts is its child)
  (cd "$vh" && KARAF_EXEC=exec exec bin/karaf server </dev/null >"$vh/stdout.log" 2>&1) &
  VPIDS+=($!); VHOMES+=("$vh"); VNAMES+=("$name"); VSCANNERS+=("$1 $2")
  ADDR[$name]=127.0.0.1:$((base + n)); PID[$name]=$!
}
VNAMES=(); VSCANNERS=()
for n in $THREADS; do
  start_director "vireo-t$n" "$TARBALL" 28200 "$n" "$P1" "$P2"
  [ -z "$BASELINE" ] || start_director "vireo0-t$n" "$BASELINE" 28600 "$n" "$B1" "$B2"
done
for i in "${!VPIDS[@]}"; do
  name=${VNAMES[$i]}; vh=${VHOMES[$i]}; vp=${VPIDS[$i]}; kl=$vh/data/log/karaf.log
  wait_log "$kl" "balancer: listening on ${ADDR[$name]} \(http\)" 240 "$vp" || {
    log "$name: no 'listening' line in $kl"; exit 1; }
  for b in ${VSCANNERS[$i]}; do
    wait_log "$kl" "balancer: scanner $b UP" 60 "$vp" || { log "$name: backend $b not UP"; exit 1; }
  done
  GUARDS+=($(pgrep -P "$vp" 2>/dev/null))
  up_within "http://${ADDR[$name]}/1k.bin" "$vp" 30 || { log "$name does not forward"; exit 1; }
  log "$name up, pid $vp (JVM: $(readlink "/proc/$vp/exe"); $(grep -o "event loop threads on [a-z_]*" "$kl" | tail -1))"
done
for n in $THREADS; do
  TARGETS+=("haproxy-t$n" "vireo-t$n")
  [ -z "$BASELINE" ] || TARGETS+=("vireo0-t$n")
done

# every target serves both bodies whole, before anything is measured
bad=0
for t in "${TARGETS[@]}"; do
  for b in 1k:1024 256k:262144; do
    c=$(http_code "http://${ADDR[$t]}/${b%%:*}.bin")
    [ "$c" = "200 ${b#*:}" ] || { log "check $t ${b%%:*}: '$c', want '200 ${b#*:}'"; bad=1; }
  done
done
((bad)) && exit 1

{
  echo "# balancer-bench $(date -u +%FT%TZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc) mem=$(free -g | awk '/Mem:/{print $2}')G"
  echo "# git $(git -C "$TOP" rev-parse --short HEAD 2>/dev/null)$(git -C "$TOP" diff --quiet 2>/dev/null || echo '+dirty') | dist $(basename "$TARBALL") sha256 $(sha256sum "$TARBALL" | cut -c1-16)${BASELINE:+ | baseline (vireo0) $BASELINE sha256 $(sha256sum "$BASELINE" | cut -c1-16)}"
  echo "# $(haproxy -v | head -1) | $(nginx -v 2>&1) | $(wrk -v 2>&1 | head -1) | $(java -version 2>&1 | head -1)"
  echo "# command: $CMDLINE"
  echo "# directors: EXTRA_JAVA_OPTS=${EXTRA_JAVA_OPTS:-} balancer keys: ${EXTRA_KEYS[*]:-}"
  echo "# rounds=$ROUNDS dur=${DUR}s warm-up=${WARM}s wrk -t$WRK_T -c$CONNS --latency; scenarios ${SCS[*]}; forwarder threads: $THREADS"
  echo "# targets: $(for t in "${TARGETS[@]}"; do printf '%s=%s(pid %s) ' "$t" "${ADDR[$t]}" "${PID[$t]:--}"; done)"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$OUT/meta.txt"

# ---------------------------------------------------------------- measurement
cpu_ticks() { # pid -> utime+stime of all its threads, in ticks
  [ -n "$1" ] && awk '{s=$0; sub(/^.*\) /,"",s); split(s,f," "); print f[12]+f[13]}' "/proc/$1/stat" 2>/dev/null || echo 0
}
ngx_ticks() { local t=0 p; for p in "${NGX[@]}"; do t=$((t + $(cpu_ticks "$p"))); done; echo $t; }
box() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }   # busy total
served() { curl -s --max-time 5 "http://$1/nginx_status" | awk 'NR==3{print $3}'; }  # requests so far
url_of() { echo "http://${ADDR[$1]}/${2#*-}.bin"; }
wrk_to() { # target scenario secs -> wrk's output
  local hdr=()
  [[ $2 == close-* ]] && hdr=(-H 'Connection: close')
  timeout $(($3 + 30)) wrk -t"$WRK_T" -c"$CONNS" -d"${3}s" --latency "${hdr[@]}" "$(url_of "$1" "$2")"
}
printf 'round\tscenario\ttarget\treq_s\tMB_s\tp50_ms\tp99_ms\trequests\terrors\tproxy_cpu_pct\tproxy_us_req\tnginx_cpu_pct\tbox_busy_pct\tidle_box_busy_pct\tbackend1_share\n' >"$RES"
run_one() { # round scenario target secs
  local raw=$OUT/raw/$1-$2-$3.txt pid=${PID[$3]} i0 j0 i1 j1 c0 c1 n0 n1 s0 w0 s1 w1 a0 b0 a1 b1 t0 t1
  # what else keeps the box busy just before the run (the other session, the idle JVMs)
  read -r i0 j0 < <(box); sleep 1; read -r i1 j1 < <(box)
  a0=$(served "$B1"); b0=$(served "$B2")
  c0=$(cpu_ticks "$pid"); n0=$(ngx_ticks); read -r s0 w0 < <(box); t0=$EPOCHREALTIME
  wrk_to "$3" "$2" "$4" >"$raw" 2>&1 || log "wrk rc=$? for $3 $2"
  t1=$EPOCHREALTIME; c1=$(cpu_ticks "$pid"); n1=$(ngx_ticks); read -r s1 w1 < <(box)
  a1=$(served "$B1"); b1=$(served "$B2")
  python3 - "$raw" "$1" "$2" "$3" "$t0" "$t1" "$c0" "$c1" "$n0" "$n1" "$s0" "$s1" "$w0" "$w1" "$i0" "$i1" "$j0" \
    "$j1" "$((a1 - a0 - 1))" "$((b1 - b0 - 1))" "$HZ" "${pid:+yes}" <<'PY' | tee -a "$RES" | sed 's/^/  /'
import re, sys
(raw, rnd, sc, tg, t0, t1, c0, c1, n0, n1, s0, s1, w0, w1, i0, i1, j0, j1, r1, r2, hz, proxy) = sys.argv[1:]
t = open(raw).read()
el, hz = float(t1) - float(t0), float(hz)
def ms(v):
    m = re.match(r'([\d.]+)(us|ms|s|m)$', v or '')
    return float(m.group(1)) * {'us': 1e-3, 'ms': 1, 's': 1e3, 'm': 6e4}[m.group(2)] if m else float('nan')
def mb(v):
    m = re.match(r'([\d.]+)([KMGT]?B)$', v or '')
    return float(m.group(1)) * {'B': 2**-20, 'KB': 2**-10, 'MB': 1, 'GB': 2**10, 'TB': 2**20}[m.group(2)] if m else float('nan')
g = lambda p: (lambda m: m.group(1) if m else None)(re.search(p, t, re.M))
n = int(g(r'^\s+(\d+) requests in') or 0)
se = re.search(r'Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)', t)
errs = (sum(map(int, se.groups())) if se else 0) + int(g(r'Non-2xx or 3xx responses:\s+(\d+)') or 0)
cpu = (int(c1) - int(c0)) / hz
pct = lambda a, b, c, d: (int(b) - int(a)) / max(1, int(d) - int(c)) * 100
r1, r2 = int(r1), int(r2)
print('\t'.join([rnd, sc, tg, '%.0f' % float(g(r'^Requests/sec:\s+([\d.]+)') or 'nan'), '%.1f' % mb(g(r'^Transfer/sec:\s+(\S+)')),
    '%.3f' % ms(g(r'^\s+50%\s+(\S+)')), '%.3f' % ms(g(r'^\s+99%\s+(\S+)')), str(n), str(errs),
    '%.0f' % (cpu / el * 100) if proxy else '-', '%.1f' % (cpu * 1e6 / n) if proxy and n else '-',
    '%.0f' % ((int(n1) - int(n0)) / hz / el * 100), '%.0f' % pct(s0, s1, w0, w1), '%.0f' % pct(i0, i1, j0, j1),
    '%.2f' % (r1 / (r1 + r2)) if r1 + r2 > 0 else '-']))
PY
}

if ((WARM > 0)); then
  log "warm-up ${WARM} s per target and scenario (not counted)"
  for sc in "${SCS[@]}"; do for t in "${TARGETS[@]}"; do run_one w "$sc" "$t" "$WARM" >/dev/null; done; done
fi
for r in $(seq 1 "$ROUNDS"); do
  k=$(( (r - 1) % ${#TARGETS[@]} )); order=("${TARGETS[@]:k}" "${TARGETS[@]:0:k}")
  log "round $r/$ROUNDS, order ${order[*]}"
  for sc in "${SCS[@]}"; do for t in "${order[@]}"; do run_one "$r" "$sc" "$t" "$DUR"; done; done
done

for i in "${!VPIDS[@]}"; do   # the balancer's own view: both backends got connections, none failed
  name=${VNAMES[$i]}
  (cd "${VHOMES[$i]}" && VIREO_CLI_RETRIES=5 timeout 60 bin/vireo-cli 'balancer:scanners' >"$OUT/$name-scanners.txt" 2>&1)
  log "$name balancer:scanners:"; sed 's/^/  /' "$OUT/$name-scanners.txt"
  grep -E 'WARN|ERROR' "${VHOMES[$i]}/data/log/karaf.log" | tail -50 >"$OUT/$name-warn-error.log"
done

# ---------------------------------------------------------------- profiles (uncounted runs)
if $PROFILE || $PERF; then
  for n in $THREADS; do
    vp=${PID[vireo-t$n]}
    for sc in ka-1k close-1k; do
      f=$OUT/vireo-t$n-$sc
      if $PROFILE; then
        jcmd "$vp" JFR.start name=bench settings=profile duration="${DUR}s" filename="$f.jfr" >/dev/null 2>&1
        run_one p "$sc" "vireo-t$n" "$DUR" >/dev/null; sleep 2
        jfr print --events jdk.ExecutionSample "$f.jfr" \
          | awk '/stackTrace = \[/{getline; sub(/^ +/,""); sub(/ +line:.*/,""); print}' | sort | uniq -c | sort -rn \
          | head -40 >"$f-top-frames.txt"
        log "JFR vireo-t$n $sc, top frames:"; head -12 "$f-top-frames.txt"
      fi
      if $PERF; then
        perf record -q -F 499 -g -p "$vp" -o "$W/perf.data" -- sleep "$DUR" >/dev/null 2>&1 &
        PROF_PID=$!
        run_one p "$sc" "vireo-t$n" "$DUR" >/dev/null; wait "$PROF_PID"; PROF_PID=
        jcmd "$vp" Compiler.perfmap >/dev/null 2>&1   # /tmp/perf-PID.map: names for the JIT's code
        { echo "# by DSO"; perf report -i "$W/perf.data" --no-children --sort dso --stdio -g none 2>/dev/null | grep -v '^#' | grep '%' | head -12
          echo "# by symbol"; perf report -i "$W/perf.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null \
            | grep -v '^#' | grep '%' | head -70; } >"$f-perf.txt"
        rm -f "/tmp/perf-$vp.map"
        log "perf vireo-t$n $sc: $(head -6 "$f-perf.txt" | tr -s ' ' | tr '\n' ';')"
      fi
    done
  done
fi
cp "$W"/nginx-1.conf "$W"/haproxy-t*.cfg "$OUT/"
for name in "${VNAMES[@]}"; do cp "$W/$name/etc/org.vireo.balancer.cfg" "$OUT/$name-org.vireo.balancer.cfg"; done

# ---------------------------------------------------------------- summary
python3 - "$RES" "$THREADS" >"$OUT/summary.md" <<'PY'
import csv, sys, statistics as st
rows = [r for r in csv.DictReader(open(sys.argv[1]), delimiter='\t') if r['round'] not in ('w', 'p')]
threads = sys.argv[2].split()
med = lambda xs: st.median(xs) if xs else float('nan')
def vals(sc, t, k):
    return [float(r[k]) for r in rows if r['scenario'] == sc and r['target'] == t and r[k] not in ('-', 'nan')]
def paired(sc, t, base, k):  # per-round ratio, then the median: drift hits both sides of a pair alike
    by = {r['round']: float(r[k]) for r in rows if r['scenario'] == sc and r['target'] == base}
    return med([float(r[k]) / by[r['round']] for r in rows
                if r['scenario'] == sc and r['target'] == t and by.get(r['round'])])
f = lambda x, p='%.2f': '-' if x != x else p % x
scs = list(dict.fromkeys(r['scenario'] for r in rows))
targets = ['direct'] + [t for n in threads for t in ('haproxy-t' + n, 'vireo-t' + n, 'vireo0-t' + n)]
print('| scenario | target | req/s (median) | min..max | p50 ms | p99 ms | proxy CPU % | CPU µs/request | backend 1 share | errors |')
print('|---|---|---:|---|---:|---:|---:|---:|---:|---:|')
for sc in scs:
    for t in targets:
        rps = vals(sc, t, 'req_s')
        if not rps:
            continue
        errs = sum(int(r['errors']) for r in rows if r['scenario'] == sc and r['target'] == t)
        print(f"| {sc} | {t} | {med(rps):,.0f} | {min(rps):,.0f}..{max(rps):,.0f} | {f(med(vals(sc, t, 'p50_ms')))} | "
              f"{f(med(vals(sc, t, 'p99_ms')))} | {f(med(vals(sc, t, 'proxy_cpu_pct')), '%.0f')} | "
              f"{f(med(vals(sc, t, 'proxy_us_req')), '%.1f')} | {f(med(vals(sc, t, 'backend1_share')))} | {errs} |")
print()
print('| scenario | threads | Vireo/HAProxy req/s | Vireo/HAProxy p99 | Vireo/HAProxy CPU per request | Vireo/direct req/s | HAProxy/direct req/s | goal (req/s ≥ 1.0, p99 ≤ 1.2) |')
print('|---|---:|---:|---:|---:|---:|---:|---|')
for sc in scs:
    for n in threads:
        v, h = 'vireo-t' + n, 'haproxy-t' + n
        rr, pr = paired(sc, v, h, 'req_s'), paired(sc, v, h, 'p99_ms')
        cpu = med(vals(sc, v, 'proxy_us_req')) / med(vals(sc, h, 'proxy_us_req'))
        ok = 'met' if rr >= 1.0 and pr <= 1.2 else 'not met'
        print(f"| {sc} | {n} | {f(rr)} | {f(pr)} | {f(cpu)} | {f(paired(sc, v, 'direct', 'req_s'))} | "
              f"{f(paired(sc, h, 'direct', 'req_s'))} | {ok} |")
if any(r['target'].startswith('vireo0-') for r in rows):
    print()
    print('| scenario | threads | with/without the PROXY header: req/s | p99 | CPU per request |')
    print('|---|---:|---:|---:|---:|')
    for sc in scs:
        for n in threads:
            v, b = 'vireo-t' + n, 'vireo0-t' + n
            cpu = med(vals(sc, v, 'proxy_us_req')) / med(vals(sc, b, 'proxy_us_req'))
            print(f"| {sc} | {n} | {f(paired(sc, v, b, 'req_s'))} | {f(paired(sc, v, b, 'p99_ms'))} | {f(cpu)} |")
print()
print('Ratios of req/s and p99: per round, then the median; CPU per request: ratio of the medians.')
PY
cat "$OUT/summary.md"
log "done -> $OUT"
