#!/usr/bin/env bash
# scanner-bench.sh - the Vireo scanner proxy against Squid and going direct (issue 6), in one interleaved run
#
#   bench/scanner-bench.sh [-o OUTDIR] [-r REPS] [-d SECS] [-C CONNS] [-n LIST] [-m BIGLIST] [-b "1k 64k"]
#                          [-t TARBALL] [-P] [-F] [-V 'proxy.cfg line' (repeatable)]
#   defaults: -r 3 -d 10 -C 64 -n 100000 -m 1000000 -b "1k 64k"
#             -t karaf-assembly/target/vireo-*.tar.gz (build it first: mvn -o ... install -DskipITs)
#             output in bench/results/scanner-<UTC ts>/; -P records a 10 s JFR profile of Vireo (1k, last rep);
#             -F records the same run with perf (Java frames named through jcmd Compiler.perfmap):
#             the top DSOs and symbols of the JVM's CPU time, kernel included;
#             -V adds a line to etc/org.vireo.scanner.proxy.cfg, e.g. -V "poolMaxIdlePerHost = 64"
#
# Everything listens on 127.0.0.1 and every process started here is stopped by PID (trap on exit):
#   origin  nginx 127.0.0.1:18081, /1k.bin and /64k.bin, /nginx_status
#   squid   127.0.0.1:3128, workers 1, cache deny all, access log ON (a file: ours is on too),
#           acl blocked dstdomain -n LIST
#   vireo   the distribution unpacked in $WORKDIR/vireo, role scanner, proxy on 127.0.0.1:3129, rules.conf =
#           "rule blocklist block "listed" domain-list lists-100k.txt", a rule allowing the loopback origin
#           (destination 127.0.0.1 port 18081) + the shipped rules, access log on
#   1. checks: a listed name gets 403 from both proxies, the origin 200 through both
#   2. wrk -t1 -cCONNS -dSECS --latency per rep, per body: direct, squid, vireo (the order rotates per rep);
#      CPU per request = utime+stime delta of the proxy process (/proc/PID/stat) / wrk's request count
#   3. the big list: rules.conf naming it is renamed into place while wrk runs against Vireo; time from the
#      rename to the "rules ... in force" line, live heap before/after (jcmd GC.class_histogram: full GC, total),
#      and wrk's errors and non-2xx during the swap (the previous rule set must keep serving)
#   4. results.tsv, swap.tsv and summary.md (medians, ratios Vireo/Squid and Vireo/direct) in OUTDIR
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
REPS=3; DUR=10; CONNS=64; NLIST=100000; NBIG=1000000; BODIES="1k 64k"; PROFILE=false; PERF=false; PROXY_CFG=()
TARBALL=$(ls "$TOP"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
OUT=$HERE/results/scanner-$(date -u +%Y%m%dT%H%M%SZ)
usage() { sed -n 2,25p "$0"; exit 2; }
while getopts "o:r:d:C:n:m:b:t:PFV:h" o; do case $o in
  V) PROXY_CFG+=("$OPTARG");;
  o) OUT=$OPTARG;; r) REPS=$OPTARG;; d) DUR=$OPTARG;; C) CONNS=$OPTARG;; n) NLIST=$OPTARG;;
  m) NBIG=$OPTARG;; b) BODIES=$OPTARG;; t) TARBALL=$OPTARG;; P) PROFILE=true;; F) PERF=true;; *) usage;; esac; done
for v in REPS DUR CONNS NLIST NBIG; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "$v = '${!v}': expected a positive whole number" >&2; exit 2; }
done
for b in $BODIES; do [[ $b == 1k || $b == 64k ]] || { echo "-b: body '$b': expected 1k or 64k" >&2; exit 2; }; done
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || {
  echo "no Vireo distribution (-t '$TARBALL'): build it with mvn -o ... install -DskipITs" >&2; exit 2; }

W=${WORKDIR:-/tmp/scanner-bench}     # runtime dir; nginx and squid (user proxy) must be able to read it
ORIGIN=127.0.0.1:18081; SQUID=127.0.0.1:3128; VIREO=127.0.0.1:3129
HZ=$(getconf CLK_TCK)
NGX_PID=; SQ_PID=; VI_PID=; BG_WRK=

missing=()
for c in squid wrk nginx; do command -v "$c" >/dev/null || missing+=("$c"); done
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null || { echo "apt-get failed" >&2; exit 1; }
fi
for p in 18081 3128 3129; do
  if ss -Hltn "sport = :$p" | grep -q .; then echo "port $p busy, abort" >&2; exit 1; fi
done

mkdir -p "$OUT/raw"; OUT=$(cd "$OUT" && pwd)   # absolute: the JVM (JFR) writes there from its own folder
rm -rf "$W"; mkdir -p "$W/www" "$W/squid" "$W/vireo"; chmod 755 "$W" "$W/www"
chown proxy:proxy "$W/squid"
RES=$OUT/results.tsv
exec > >(tee -a "$OUT/harness.log") 2>&1
log() { echo "[scanner-bench $(date -u +%T)] $*"; }

. "$HERE/lib.sh"   # stop_pid, squid_files
cleanup() {
  stop_pid "$BG_WRK" TERM; stop_pid "$VI_PID" TERM; stop_pid "$SQ_PID" TERM; stop_pid "$NGX_PID" QUIT
}
trap cleanup EXIT; trap 'exit 130' INT TERM

# ---------------------------------------------------------------- origin
head -c 1024 /dev/urandom >"$W/www/1k.bin"; head -c 65536 /dev/urandom >"$W/www/64k.bin"
cat >"$W/nginx.conf" <<EOF
worker_processes 1;
pid $W/nginx.pid;
error_log $W/nginx-error.log warn;
events { worker_connections 8192; }
http {
  access_log off; sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_timeout 65; keepalive_requests 100000000;
  default_type application/octet-stream;
  client_body_temp_path $W/ngx-body; proxy_temp_path $W/ngx-proxy; fastcgi_temp_path $W/ngx-fcgi;
  uwsgi_temp_path $W/ngx-uwsgi; scgi_temp_path $W/ngx-scgi;
  server { listen $ORIGIN; root $W/www; location = /nginx_status { stub_status; } }
}
EOF
nginx -c "$W/nginx.conf" -g 'daemon off;' &
NGX_PID=$!
for i in $(seq 50); do curl -sf -o /dev/null "http://$ORIGIN/1k.bin" && break; sleep 0.1; done

# ---------------------------------------------------------------- block lists (the same file for both proxies)
REAL=(.doubleclick.net .googlesyndication.com ads.example-adnet.com tracker.example-metrics.net
      .malware-cdn.example.org phishing-login.example.net .coinhive.com .adservice.example.co.uk
      telemetry.example-spy.io .popads.net .example-ransom.top cdn.badstuff.example.info)
mklist() { # N file: 12 real-looking names + N-12 synthetic ones
  { printf '%s\n' "${REAL[@]}"; seq 1 $(( $1 - ${#REAL[@]} )) | sed 's/.*/blk&.example-block.test/'; } >"$2"
}
mklist "$NLIST" "$W/list-small.txt"; chmod 644 "$W/list-small.txt"
log "list: $(wc -l <"$W/list-small.txt") names"

# ---------------------------------------------------------------- squid
cat >"$W/squid.conf" <<EOF
http_port $SQUID
workers 1
$(squid_files "$W/squid" squid-bench)
dns_nameservers 127.0.0.1
shutdown_lifetime 1 seconds
max_filedescriptors 16384
cache_mem 8 MB
cache deny all
acl blocked dstdomain -n "$W/list-small.txt"
http_access deny blocked
http_access allow localhost
http_access deny all
EOF
proxied_code() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 -x "http://$1" "$2"; }
up_within() { # proxy pid seconds: until a proxied 200 from the origin
  local end=$((SECONDS + $3))
  while kill -0 "$2" 2>/dev/null && ((SECONDS < end)); do
    [ "$(proxied_code "$1" "http://$ORIGIN/1k.bin")" = 200 ] && return 0; sleep 0.1
  done; return 1
}
squid -N -f "$W/squid.conf" </dev/null >>"$W/squid/stdout.log" 2>&1 &
SQ_PID=$!
up_within "$SQUID" "$SQ_PID" 90 || { log "squid did not come up; see $W/squid/cache.log"; exit 1; }
log "squid up, pid $SQ_PID"

# ---------------------------------------------------------------- vireo
VH=$W/vireo
tar xzf "$TARBALL" -C "$VH" --strip-components=1 || { log "cannot unpack $TARBALL"; exit 1; }
rm -f "$VH"/etc/org.vireo.vrrp.instance-*.cfg
printf '%s\n' "name = bench" "managementAddress = 127.0.0.1" "interfaceName = lo" "role = scanner" \
  >"$VH/etc/org.vireo.node.cfg"
printf '%s\n' "listenAddress = 127.0.0.1" "port = 3129" "${PROXY_CFG[@]}" >"$VH/etc/org.vireo.scanner.proxy.cfg"
# Karaf's own listeners on loopback too (ssh, JMX)
sed -i 's/^#\?\s*sshHost\s*=.*/sshHost = 127.0.0.1/' "$VH/etc/org.apache.karaf.shell.cfg" 2>/dev/null
sed -i -e 's/^#\?\s*rmiRegistryHost\s*=.*/rmiRegistryHost = 127.0.0.1/' \
       -e 's/^#\?\s*rmiServerHost\s*=.*/rmiServerHost = 127.0.0.1/' "$VH/etc/org.apache.karaf.management.cfg" 2>/dev/null
SHIPPED=$VH/etc/vireo/rules.conf
cp "$SHIPPED" "$W/rules-shipped.conf"
cp "$W/list-small.txt" "$VH/etc/vireo/lists-100k.txt"
write_rules() { # list file name -> etc/vireo/rules.conf, renamed into place
  # the origin is on this node's loopback, which the proxy reaches only for a rule naming it (docs/rules.md)
  { echo "rule blocklist block \"listed\" domain-list $1"
    echo "rule bench-origin allow destination 127.0.0.1 port ${ORIGIN##*:}"
    grep -v '^\s*#' "$W/rules-shipped.conf" | grep .; } \
    >"$VH/etc/vireo/.rules.conf.new"
  mv -f "$VH/etc/vireo/.rules.conf.new" "$VH/etc/vireo/rules.conf"
}
write_rules lists-100k.txt
KLOG=$VH/data/log/karaf.log
(cd "$VH" && KARAF_EXEC=exec exec bin/karaf server </dev/null >"$W/vireo-stdout.log" 2>&1) &
VI_PID=$!
wait_log() { # regex seconds [byte offset] -> the matching line after offset
  local end=$((SECONDS + $2)) l
  while ((SECONDS < end)); do
    l=$(tail -c +"$((${3:-0} + 1))" "$KLOG" 2>/dev/null | grep -m1 -E "$1") && { echo "$l"; return 0; }
    kill -0 "$VI_PID" 2>/dev/null || return 1; sleep 0.02
  done; return 1
}
wait_log 'HTTP proxy listening on' 180 >/dev/null || { log "vireo: no 'HTTP proxy listening on' in $KLOG"; exit 1; }
wait_log 'rules .*lists-100k|rules .* in force' 60 >/dev/null || { log "vireo: no rules-in-force line"; exit 1; }
# the JVM is the karaf process (exec); its java child if a wrapper stays
JPID=$VI_PID; [ "$(readlink "/proc/$VI_PID/exe")" != "$(command -v java | xargs readlink -f)" ] && \
  JPID=$(pgrep -P "$VI_PID" java | head -1 || echo "$VI_PID")
up_within "$VIREO" "$JPID" 30 || { log "vireo does not proxy to the origin"; exit 1; }
log "vireo up, pid $JPID: $(grep -E 'HTTP proxy listening on' "$KLOG" | tail -1 | sed 's/.*| //')"
log "vireo: $(grep -E 'rules .* in force' "$KLOG" | tail -1 | sed 's/.*| //')"

{
  echo "# scanner-bench $(date -u +%FT%TZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc) mem=$(free -g | awk '/Mem:/{print $2}')G"
  echo "# $(squid -v | head -1) | $(nginx -v 2>&1) | $(wrk -v 2>&1 | head -1) | $(java -version 2>&1 | head -1) | $(basename "$TARBALL")"
  echo "# reps=$REPS dur=${DUR}s wrk -t1 -c$CONNS --latency; bodies: $BODIES; list $NLIST names; big list $NBIG; vireo proxy.cfg extra: ${PROXY_CFG[*]:-none}"
} | tee "$OUT/meta.txt"

# ---------------------------------------------------------------- checks
printf 'proxy\turl\tcode\texpected\n' >"$OUT/checks.tsv"; bad=0
for p in squid:$SQUID vireo:$VIREO; do
  for u in "http://blk$((NLIST - 12)).example-block.test/x 403" "http://ads.doubleclick.net/ 403" \
           "http://$ORIGIN/1k.bin 200"; do
    set -- $u; c=$(proxied_code "${p#*:}" "$1")
    printf '%s\t%s\t%s\t%s\n' "${p%%:*}" "$1" "$c" "$2" >>"$OUT/checks.tsv"
    log "check ${p%%:*}: $1 -> $c (want $2)"; [ "$c" = "$2" ] || bad=1
  done
done
((bad)) && { log "a check failed: see checks.tsv"; exit 1; }

# ---------------------------------------------------------------- throughput
for b in 1k 64k; do
  printf 'wrk.path = "http://%s/%s.bin"\nwrk.headers["Host"] = "%s"\n' "$ORIGIN" "$b" "$ORIGIN" >"$W/abs-$b.lua"
done
cpu_ticks() { awk '{s=$0; sub(/^.*\) /,"",s); split(s,f," "); print f[12]+f[13]}' "/proc/$1/stat" 2>/dev/null || echo 0; }
origin_accepts() { curl -s "http://$ORIGIN/nginx_status" | awk 'NR==3{print $1}'; }
target_pid() { case $1 in squid) echo "$SQ_PID";; vireo) echo "$JPID";; *) echo "";; esac; }
wrk_to() { # target body secs conns -> wrk (bounded by timeout) on stdout
  local url
  case $1 in
    direct) url=(http://$ORIGIN/$2.bin);;
    squid)  url=(-s "$W/abs-$2.lua" "http://$SQUID");;
    vireo)  url=(-s "$W/abs-$2.lua" "http://$VIREO");;
  esac
  timeout $(($3 + 30)) wrk -t1 -c"$4" -d"${3}s" --latency "${url[@]}"
}
parse_wrk() { # raw -> "req_s p50_ms p99_ms requests non2xx sock_err"
  python3 - "$1" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def ms(v):
    m = re.match(r'([\d.]+)(us|ms|s|m)$', v)
    return float(m.group(1)) * {'us': 1e-3, 'ms': 1, 's': 1e3, 'm': 6e4}[m.group(2)] if m else float('nan')
g = lambda p: (lambda m: m.group(1) if m else None)(re.search(p, t, re.M))
se = re.search(r'Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)', t)
print(g(r'^Requests/sec:\s+([\d.]+)') or 'nan', '%.2f' % ms(g(r'^\s+50%\s+(\S+)') or ''),
      '%.2f' % ms(g(r'^\s+99%\s+(\S+)') or ''), g(r'^\s+(\d+) requests in') or 0,
      g(r'Non-2xx or 3xx responses:\s+(\d+)') or 0, sum(map(int, se.groups())) if se else 0)
PY
}
printf 'rep\tbody\ttarget\treq_s\tp50_ms\tp99_ms\trequests\tnon2xx\tsock_err\tproxy_cpu_pct\tproxy_us_req\torigin_conns\n' >"$RES"
run_one() { # rep body target secs
  local raw=$OUT/raw/$1-$2-$3.txt pid c0 c1 t0 t1 rps p50 p99 n non serr
  local a0 a1; a0=$(origin_accepts)
  pid=$(target_pid "$3"); c0=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); t0=$EPOCHREALTIME
  wrk_to "$3" "$2" "$4" "$CONNS" >"$raw" 2>&1
  t1=$EPOCHREALTIME; c1=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); a1=$(origin_accepts)
  read -r rps p50 p99 n non serr < <(parse_wrk "$raw")
  local cpu=- us=-
  if [ -n "$pid" ]; then
    cpu=$(awk -v a="$c0" -v b="$c1" -v hz="$HZ" -v el="$(awk -v x="$t0" -v y="$t1" 'BEGIN{print y-x}')" \
      'BEGIN{printf "%.0f", (b-a)/hz/el*100}')
    us=$(awk -v a="$c0" -v b="$c1" -v hz="$HZ" -v n="$n" 'BEGIN{printf "%.1f", (n > 0 ? (b-a)/hz*1e6/n : 0)}')
  fi
  # origin_conns: connections nginx accepted during the run (about CONNS when keep-alive to the origin works)
  printf '%s\t%s\t%s\t%.0f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$rps" "$p50" "$p99" "$n" "$non" "$serr" "$cpu" "$us" "$((a1 - a0 - 1))" \
    | tee -a "$RES" | sed 's/^/  /'
}
log "warm-up 10 s each (not counted; the JVM compiles its hot paths in the first seconds)"
for b in $BODIES; do for t in direct squid vireo; do run_one w "$b" "$t" 10 >/dev/null; done; done
TARGETS=(direct squid vireo)
for rep in $(seq 1 "$REPS"); do
  k=$(( (rep - 1) % 3 )); order=("${TARGETS[@]:k}" "${TARGETS[@]:0:k}")
  log "rep $rep/$REPS, order ${order[*]}"
  for b in $BODIES; do
    for t in "${order[@]}"; do
      if $PROFILE && [ "$rep" = "$REPS" ] && [ "$b" = 1k ] && [ "$t" = vireo ]; then
        jcmd "$JPID" JFR.start name=bench settings=profile duration=$((DUR > 10 ? 10 : DUR))s filename="$OUT/vireo-1k.jfr" >/dev/null 2>&1
      fi
      if $PERF && [ "$rep" = "$REPS" ] && [ "$b" = 1k ] && [ "$t" = vireo ]; then
        perf record -q -F 499 -g -p "$JPID" -o "$OUT/vireo-1k.perf.data" -- sleep "$((DUR > 10 ? 10 : DUR))" >/dev/null 2>&1 &
        PERF_PID=$!
      fi
      run_one "$rep" "$b" "$t" "$DUR"
    done
  done
done
log "access logs: squid $(wc -l <"$W/squid/access.log") lines, vireo $(cat "$VH"/data/log/access*.log 2>/dev/null | wc -l) lines"

# ---------------------------------------------------------------- the big list, swapped in under load
heap_used_kb() { # live heap in KB: GC.class_histogram runs a full GC first, then sums what is left
  jcmd "$JPID" GC.class_histogram 2>/dev/null | awk '$1=="Total"{printf "%d", $3/1024}'
}
mklist "$NBIG" "$VH/etc/vireo/lists-big.txt"
sleep 3   # a new file in the rules folder may trigger a reload of the old rules: let it pass first
h0=$(heap_used_kb); rss0=$(awk '/VmRSS/{print $2}' "/proc/$JPID/status")
SWAPDUR=$((DUR * 2 > 20 ? DUR * 2 : 20))
# started here, not through wrk_to: $! is then timeout's PID, which passes a TERM on to wrk
timeout $((SWAPDUR + 30)) wrk -t1 -c"$CONNS" -d"${SWAPDUR}s" --latency -s "$W/abs-1k.lua" "http://$VIREO" \
  >"$OUT/raw/swap-wrk.txt" 2>&1 &
BG_WRK=$!
sleep 3
off=$(stat -c %s "$KLOG"); t0=$EPOCHREALTIME
write_rules lists-big.txt
line=$(wait_log 'rules .* in force|refused' 60 "$off"); t1=$EPOCHREALTIME
swap_s=$(awk -v x="$t0" -v y="$t1" 'BEGIN{printf "%.2f", y-x}')
wait "$BG_WRK"; BG_WRK=
h1=$(heap_used_kb); rss1=$(awk '/VmRSS/{print $2}' "/proc/$JPID/status")
read -r srps _ _ sn snon sserr < <(parse_wrk "$OUT/raw/swap-wrk.txt")
c=$(proxied_code "$VIREO" "http://blk$((NBIG - 12)).example-block.test/"); c2=$(proxied_code "$VIREO" "http://$ORIGIN/1k.bin")
printf 'list\tswap_s\theap_before_kb\theap_after_kb\theap_delta_kb\trss_before_kb\trss_after_kb\twrk_req_s\twrk_requests\twrk_non2xx\twrk_sock_err\tlast_name_code\torigin_code\tlog_line\n' >"$OUT/swap.tsv"
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$NBIG" "$swap_s" "$h0" "$h1" "$((h1 - h0))" "$rss0" "$rss1" \
  "$srps" "$sn" "$snon" "$sserr" "$c" "$c2" "${line##*| }" >>"$OUT/swap.tsv"
log "big list: ${swap_s}s to '${line##*| }'; heap used ${h0}K -> ${h1}K; wrk during swap: $srps req/s, non2xx $snon, socket errors $sserr; last name -> $c, origin -> $c2"

if $PROFILE && [ -f "$OUT/vireo-1k.jfr" ]; then
  jfr print --events jdk.ExecutionSample "$OUT/vireo-1k.jfr" \
    | awk '/stackTrace = \[/{getline; sub(/^ +/,""); sub(/ +line:.*/,""); print}' | sort | uniq -c | sort -rn | head -25 \
    >"$OUT/vireo-1k-top-frames.txt"
  log "JFR top frames (Vireo, 1k):"; head -15 "$OUT/vireo-1k-top-frames.txt"
fi
if $PERF && [ -f "$OUT/vireo-1k.perf.data" ]; then
  wait "$PERF_PID" # perf's own end
  jcmd "$JPID" Compiler.perfmap >/dev/null 2>&1 # /tmp/perf-PID.map: names for the JIT's code
  { echo "# by DSO"; perf report -i "$OUT/vireo-1k.perf.data" --no-children --sort dso --stdio 2>/dev/null | grep -v '^#' | grep '%' | head -12
    echo "# by symbol"; perf report -i "$OUT/vireo-1k.perf.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null | grep -v '^#' | grep '%' | head -60
  } >"$OUT/vireo-1k-perf.txt"
  mv "/tmp/perf-$JPID.map" "$OUT/vireo-1k.perf.data" "$W/" 2>/dev/null # binary: kept out of the results
  log "perf (Vireo, 1k): $(head -8 "$OUT/vireo-1k-perf.txt" | tr -s ' ' | tr '\n' ';')"
fi
cp "$W/squid.conf" "$W/nginx.conf" "$W/abs-1k.lua" "$OUT/"; cp "$VH/etc/vireo/rules.conf" "$OUT/vireo-rules.conf"
grep -E 'ERROR|WARN' "$KLOG" | tail -50 >"$OUT/vireo-warn-error.log"

# ---------------------------------------------------------------- summary
python3 - "$RES" "$OUT/swap.tsv" >"$OUT/summary.md" <<'PY'
import csv, sys, statistics as st
rows = [r for r in csv.DictReader(open(sys.argv[1]), delimiter='\t') if r['rep'] != 'w']
med = lambda xs: st.median(xs) if xs else float('nan')
def pick(b, t, k):
    return [float(r[k]) for r in rows if r['body'] == b and r['target'] == t and r[k] not in ('-', 'nan')]
def paired(b, t, base):  # per-rep ratio, then the median: drift hits both sides of a pair alike
    by = {r['rep']: float(r['req_s']) for r in rows if r['body'] == b and r['target'] == base}
    return med([float(r['req_s']) / by[r['rep']] for r in rows if r['body'] == b and r['target'] == t and by.get(r['rep'])])
print('| body | target | req/s (median) | min..max | p50 ms | p99 ms | proxy CPU % | CPU µs/request | non-2xx + socket errors |')
print('|---|---|---:|---|---:|---:|---:|---:|---:|')
bodies = list(dict.fromkeys(r['body'] for r in rows))
for b in bodies:
    for t in ('direct', 'squid', 'vireo'):
        rps = pick(b, t, 'req_s'); cpu = pick(b, t, 'proxy_cpu_pct'); us = pick(b, t, 'proxy_us_req')
        errs = sum(int(r['non2xx']) + int(r['sock_err']) for r in rows if r['body'] == b and r['target'] == t)
        print(f"| {b} | {t} | {med(rps):,.0f} | {min(rps):,.0f}..{max(rps):,.0f} | {med(pick(b, t, 'p50_ms')):.2f} | "
              f"{med(pick(b, t, 'p99_ms')):.2f} | {'-' if not cpu else '%.0f' % med(cpu)} | {'-' if not us else '%.1f' % med(us)} | {errs} |")
print()
print('| body | Vireo/Squid req/s | Vireo/direct req/s | Squid/direct req/s | Vireo/Squid CPU per request | Vireo/Squid p99 |')
print('|---|---:|---:|---:|---:|---:|')
for b in bodies:
    cpu = med(pick(b, 'vireo', 'proxy_us_req')) / med(pick(b, 'squid', 'proxy_us_req'))
    p99 = med(pick(b, 'vireo', 'p99_ms')) / med(pick(b, 'squid', 'p99_ms'))
    print(f"| {b} | {paired(b, 'vireo', 'squid'):.2f} | {paired(b, 'vireo', 'direct'):.2f} | {paired(b, 'squid', 'direct'):.2f} | {cpu:.2f} | {p99:.2f} |")
print()
s = list(csv.DictReader(open(sys.argv[2]), delimiter='\t'))
print('| big list | rename → in force | heap used before → after (MB) | Δ heap MB | wrk during the swap | non-2xx + socket errors | last name / origin |')
print('|---|---:|---|---:|---|---:|---|')
for r in s:
    mb = lambda k: '%.0f' % (int(r[k]) / 1024) if r[k].lstrip('-').isdigit() else '?'
    print(f"| {int(r['list']):,} | {r['swap_s']} s | {mb('heap_before_kb')} → {mb('heap_after_kb')} | {mb('heap_delta_kb')} | "
          f"{float(r['wrk_req_s']):,.0f} req/s, {r['wrk_requests']} requests | {int(r['wrk_non2xx']) + int(r['wrk_sock_err'])} | "
          f"{r['last_name_code']} / {r['origin_code']} |")
PY
cat "$OUT/summary.md"
log "done -> $OUT"
