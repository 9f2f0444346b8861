#!/usr/bin/env bash
# ftp-bench.sh - the scanner's FTP proxy against direct FTP and Squid's FTP gateway (issue 22), in one interleaved run
#
#   bench/ftp-bench.sh [-o OUTDIR] [-r REPS] [-n SESSIONS] [-p PARALLEL] [-s BIG_MIB] [-w WARM] [-t TARBALL] [-k]
#   defaults: -r 3 -n 500 -p 8 -s 1024 -w 2000
#             -t karaf-assembly/target/vireo-*.tar.gz (build it first: mvn -o ... install -DskipITs)
#             output in bench/results/ftp-<UTC ts>/; the runtime dir is $WORKDIR (default a new /tmp/ftp-bench.XXXXXX),
#             removed on exit unless -k; -k keeps it (the logs, the 1 GiB file)
#
# Root, Debian: installs squid vsftpd curl with apt-get if missing. Everything listens on 127.0.0.1, on ports that
# were free just before (lib.sh free_ports; the passive range below the kernel's ephemeral range), and every process
# started here is stopped by PID (trap on exit):
#   origin  vsftpd, anonymous, pasv on, anon_root = a root-owned read-only dir with pub/1k.bin and pub/big.bin
#           (-s MiB of random bytes, 1 GiB by default)
#   squid   HTTP proxy, workers 1, cache deny all, access log ON (a file); its FTP gateway: clients ask
#           `curl -x http://squid ftp://127.0.0.1:<vsftpd>/pub/...` (no Safe_ports rule in this squid.conf, so any port)
#   vireo   the distribution unpacked in $WORKDIR/vireo, role scanner (KARAF_EXEC=exec bin/karaf server: the PID is the
#           JVM's), HTTP proxy and FTP proxy (org.vireo.scanner.ftp) on 127.0.0.1, ftpPassivePorts (org.vireo.balancer)
#           a free range of 64, rules.conf = "rule bench-origin allow destination 127.0.0.1 port <vsftpd>" (the
#           loopback origin is a protected destination otherwise) + the shipped rules; Karaf's ssh/JMX/HTTP on free
#           loopback ports. Clients log in as USER anonymous@127.0.0.1:<vsftpd> (docs/ftp.md)
#   1. checks: pub/1k.bin through each path is the file (cmp); whether Vireo's HTTP proxy answers ftp:// URLs
#      (`curl -x http://vireo ftp://...`): if it gives the file, that path ("vireo-http") is measured too
#   2. per rep, the order of the paths rotating: RETR of the big file, `curl -o /dev/null -w %{speed_download}`;
#      the proxy's CPU (utime+stime of its process) and the box's busy % over the transfer; during Vireo's, the JVM's VmRSS every 200 ms
#   3. per rep, the order rotating: SESSIONS small-file sessions, PARALLEL at a time (xargs -P), each a new curl
#      (connect, login, RETR 1 KiB, QUIT); sessions/s = SESSIONS / wall time; failures = curl exit != 0 or a short file;
#      p50/p90/p99 of the sessions' own time (curl %{time_total})
#   4. results.tsv (every run), rss/ (Vireo's samples), summary.md (medians; ratios per rep, then their median; the
#      issue's goals), meta.txt (the command line, versions, CPUs), checks.tsv, the configs
# Warm-up, not counted: each path one big transfer and SESSIONS/5 sessions, the Vireo paths WARM sessions more (the
# JVM is still compiling the session's code after a few hundred sessions: 5 ms of CPU per session then, 2 ms warm).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
CMDLINE="bench/ftp-bench.sh $*"
REPS=3; NSESS=500; PAR=8; BIG_MIB=1024; WARM=2000; KEEP=false
TARBALL=$(ls "$TOP"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
OUT=$HERE/results/ftp-$(date -u +%Y%m%dT%H%M%SZ)
usage() { sed -n 2,32p "$0"; exit 2; }
while getopts "o:r:n:p:s:w:t:kh" o; do case $o in
  w) WARM=$OPTARG;; o) OUT=$OPTARG;; r) REPS=$OPTARG;; n) NSESS=$OPTARG;; p) PAR=$OPTARG;; s) BIG_MIB=$OPTARG;;
  t) TARBALL=$OPTARG;; k) KEEP=true;; *) usage;; esac; done
shift $((OPTIND - 1)); (($#)) && { echo "unexpected argument: $1" >&2; usage; }
for v in REPS NSESS PAR BIG_MIB WARM; do
  [[ ${!v} =~ ^[0-9]+$ ]] && { ((${!v} > 0)) || [ $v = WARM ]; } || { echo "$v = '${!v}': expected a whole number (above 0; -w may be 0)" >&2; exit 2; }
done
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || {
  echo "no Vireo distribution (-t '$TARBALL'): build it with mvn -o ... install -DskipITs" >&2; exit 2; }
TARBALL=$(readlink -f "$TARBALL")
[ "$(id -u)" = 0 ] || { echo "run as root (vsftpd drops to user ftp, squid to user proxy)" >&2; exit 2; }

missing=()
for c in squid vsftpd curl; do command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || missing+=("$c"); done
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null || { echo "apt-get install ${missing[*]} failed" >&2; exit 1; }
fi
for c in squid vsftpd curl java python3 ss xargs; do
  command -v "$c" >/dev/null || [ -x "/usr/sbin/$c" ] || { echo "missing tool: $c" >&2; exit 1; }
done
VSFTPD=$(command -v vsftpd || echo /usr/sbin/vsftpd)

. "$HERE/lib.sh"   # stop_pid, free_ports, set_prop, squid_files
busy() { ss -Hltn "sport = :$1" | grep -q .; }
read -r FTP_PORT SQ_PORT VH_PORT VF_PORT KHTTP KSSH KRREG KRSRV <<<"$(free_ports 8)"
# 64 passive ports for Vireo, free now, below the ephemeral range (no client's local port lands on them)
read -r EPH_LO _ </proc/sys/net/ipv4/ip_local_port_range
PASV_FIRST=
for base in $(seq $((EPH_LO - 64 - 1000)) -64 20000); do
  ok=1; for p in $(seq "$base" $((base + 63))); do busy "$p" && { ok=0; break; }; done
  ((ok)) && { PASV_FIRST=$base; break; }
done
[ -n "$PASV_FIRST" ] || { echo "no 64 free consecutive ports below $EPH_LO for ftpPassivePorts" >&2; exit 1; }
PASV_LAST=$((PASV_FIRST + 63))
for p in "$FTP_PORT" "$SQ_PORT" "$VH_PORT" "$VF_PORT"; do
  busy "$p" && { echo "port $p busy (just taken by someone else?), abort" >&2; exit 1; }
done

W=${WORKDIR:-}
if [ -n "$W" ]; then mkdir -p "$W" && W=$(mktemp -d "$(readlink -f "$W")/run.XXXXXX"); else W=$(mktemp -d /tmp/ftp-bench.XXXXXX); fi
chmod 755 "$W"; mkdir -p "$W/squid" "$W/vireo" "$W/ftp/root/pub" "$W/ftp/empty"; chown proxy:proxy "$W/squid"
mkdir -p "$OUT/rss"; OUT=$(cd "$OUT" && pwd)
RES=$OUT/results.tsv
exec > >(tee -a "$OUT/harness.log") 2>&1
log() { echo "[ftp-bench $(date -u +%T)] $*"; }

VS_PID=; SQ_PID=; VI_PID=; RSS_PID=
cleanup() {
  stop_pid "$RSS_PID" TERM 1; stop_pid "$VI_PID" TERM 20; stop_pid "$SQ_PID" TERM 5; stop_pid "$VS_PID" TERM 5
  if $KEEP; then log "kept $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT; trap 'exit 130' INT TERM
log "ports: vsftpd $FTP_PORT, squid $SQ_PORT, vireo http $VH_PORT ftp $VF_PORT passive $PASV_FIRST-$PASV_LAST; dir $W"

# ---------------------------------------------------------------- origin: vsftpd
R=$W/ftp/root
head -c 1024 /dev/urandom >"$R/pub/1k.bin"
log "writing pub/big.bin ($BIG_MIB MiB of random bytes)"
head -c $((BIG_MIB * 1048576)) /dev/urandom >"$R/pub/big.bin" || { log "cannot write $R/pub/big.bin"; exit 1; }
BIG_BYTES=$((BIG_MIB * 1048576))
chmod 644 "$R"/pub/*; chmod 755 "$R/pub" "$W/ftp"; chmod 555 "$R"   # vsftpd refuses a writable anonymous root
cat >"$W/ftp/vsftpd.conf" <<EOF
listen=YES
listen_address=127.0.0.1
listen_port=$FTP_PORT
background=NO
anonymous_enable=YES
anon_root=$R
no_anon_password=YES
write_enable=NO
local_enable=NO
secure_chroot_dir=$W/ftp/empty
pasv_enable=YES
port_enable=YES
connect_from_port_20=NO
seccomp_sandbox=NO
xferlog_enable=NO
vsftpd_log_file=$W/ftp/vsftpd.log
ftp_username=ftp
max_per_ip=0
max_clients=0
EOF
"$VSFTPD" "$W/ftp/vsftpd.conf" </dev/null >"$W/ftp/vsftpd.out" 2>&1 &
VS_PID=$!
greets() { curl -s -o /dev/null --max-time 2 "ftp://127.0.0.1:$1/pub/1k.bin"; }
for i in $(seq 100); do greets "$FTP_PORT" && break; kill -0 "$VS_PID" 2>/dev/null || break; sleep 0.05; done
greets "$FTP_PORT" || { log "vsftpd did not start: $(cat "$W/ftp/vsftpd.out")"; exit 1; }
log "vsftpd up, pid $VS_PID"

# ---------------------------------------------------------------- squid
cat >"$W/squid.conf" <<EOF
http_port 127.0.0.1:$SQ_PORT
workers 1
$(squid_files "$W/squid" ftp-bench)
dns_nameservers 127.0.0.1
shutdown_lifetime 1 seconds
max_filedescriptors 16384
cache_mem 8 MB
cache deny all
http_access allow localhost
http_access deny all
EOF
SMALL_DIRECT=ftp://127.0.0.1:$FTP_PORT/pub/1k.bin
squid -N -f "$W/squid.conf" </dev/null >>"$W/squid/stdout.log" 2>&1 &
SQ_PID=$!
for i in $(seq 900); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -x "http://127.0.0.1:$SQ_PORT" "$SMALL_DIRECT")" = 200 ] && break
  kill -0 "$SQ_PID" 2>/dev/null || break; sleep 0.1
done
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -x "http://127.0.0.1:$SQ_PORT" "$SMALL_DIRECT")" = 200 ] || {
  log "squid does not fetch $SMALL_DIRECT; see $W/squid/cache.log"; tail -5 "$W/squid/cache.log"; exit 1; }
log "squid up, pid $SQ_PID"

# ---------------------------------------------------------------- vireo
VH=$W/vireo
tar xzf "$TARBALL" -C "$VH" --strip-components=1 || { log "cannot unpack $TARBALL"; exit 1; }
E=$VH/etc
rm -f "$E"/org.vireo.vrrp.instance-*.cfg
printf '%s\n' "name = ftpbench" "managementAddress = 127.0.0.1" "interfaceName = lo" "role = scanner" >"$E/org.vireo.node.cfg"
printf '%s\n' "listenAddress = 127.0.0.1" "port = $VH_PORT" >"$E/org.vireo.scanner.proxy.cfg"
printf '%s\n' "listenAddress = 127.0.0.1" "port = $VF_PORT" >"$E/org.vireo.scanner.ftp.cfg"
set_prop "$E/org.vireo.balancer.cfg" ftpPassivePorts "$PASV_FIRST-$PASV_LAST" || exit 1
set_prop "$E/org.ops4j.pax.web.cfg" org.osgi.service.http.port "$KHTTP" || exit 1
set_prop "$E/org.apache.karaf.shell.cfg" sshPort "$KSSH" || exit 1
set_prop "$E/org.apache.karaf.shell.cfg" sshHost 127.0.0.1
set_prop "$E/org.apache.karaf.management.cfg" rmiRegistryPort "$KRREG" || exit 1
set_prop "$E/org.apache.karaf.management.cfg" rmiServerPort "$KRSRV" || exit 1
sed -i -e 's/^#\?\s*rmiRegistryHost\s*=.*/rmiRegistryHost = 127.0.0.1/' \
       -e 's/^#\?\s*rmiServerHost\s*=.*/rmiServerHost = 127.0.0.1/' "$E/org.apache.karaf.management.cfg"
# the origin is on this node's loopback, which the proxy reaches only for a rule naming it (docs/rules.md, docs/ftp.md)
{ echo "rule bench-origin allow destination 127.0.0.1 port $FTP_PORT"
  grep -v '^\s*#' "$E/vireo/rules.conf" | grep .; } >"$E/vireo/.rules.conf.new"
mv -f "$E/vireo/.rules.conf.new" "$E/vireo/rules.conf"
KLOG=$VH/data/log/karaf.log
(cd "$VH" && KARAF_EXEC=exec exec bin/karaf server </dev/null >"$W/vireo-stdout.log" 2>&1) &
VI_PID=$!
wait_log() { # regex seconds -> the matching line
  local end=$((SECONDS + $2)) l
  while ((SECONDS < end)); do
    l=$(grep -m1 -E "$1" "$KLOG" 2>/dev/null) && { echo "$l"; return 0; }
    kill -0 "$VI_PID" 2>/dev/null || return 1; sleep 0.1
  done; return 1
}
wait_log 'FTP proxy listening on' 180 >/dev/null || {
  log "vireo: no 'FTP proxy listening on' in $KLOG"; grep -E 'ERROR|ftp' "$KLOG" | tail -5; exit 1; }
wait_log 'rules .* in force' 60 >/dev/null || { log "vireo: no rules-in-force line in $KLOG"; exit 1; }
JPID=$VI_PID; [ "$(readlink "/proc/$VI_PID/exe")" != "$(command -v java | xargs readlink -f)" ] && \
  JPID=$(pgrep -P "$VI_PID" java | head -1 || echo "$VI_PID")
log "vireo up, pid $JPID: $(grep -E 'FTP proxy listening on' "$KLOG" | tail -1 | sed 's/.*| //')"

{
  echo "# ftp-bench $(date -u +%FT%TZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc) mem=$(free -g | awk '/Mem:/{print $2}')G load=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# command: $CMDLINE"
  echo "# $(squid -v | head -1) | $( ("$VSFTPD" -v 0>&1) 2>&1 | head -1) | $(curl -V | head -1)"
  echo "# $(java -version 2>&1 | head -1) | $(basename "$TARBALL") ($(sha256sum "$TARBALL" | cut -c1-12)) | JVM options: $(tr '\0' ' ' </proc/"$JPID"/cmdline | grep -oE -- '-X[^ ]*' | paste -sd' ')"
  echo "# reps=$REPS big=${BIG_MIB}MiB sessions=$NSESS parallel=$PAR warm-up=$WARM; ports vsftpd $FTP_PORT squid $SQ_PORT vireo http $VH_PORT ftp $VF_PORT passive $PASV_FIRST-$PASV_LAST"
} | tee "$OUT/meta.txt"

# ---------------------------------------------------------------- paths
VUSER="anonymous%40127.0.0.1%3A$FTP_PORT:x"   # USER anonymous@127.0.0.1:<vsftpd>, PASS x
url_of() { # path file -> the curl arguments that fetch pub/<file> that way
  case $1 in
    direct)     echo "ftp://127.0.0.1:$FTP_PORT/pub/$2";;
    squid)      echo "-x http://127.0.0.1:$SQ_PORT ftp://127.0.0.1:$FTP_PORT/pub/$2";;
    vireo)      echo "ftp://$VUSER@127.0.0.1:$VF_PORT/pub/$2";;
    vireo-http) echo "-x http://127.0.0.1:$VH_PORT ftp://127.0.0.1:$FTP_PORT/pub/$2";;
  esac
}
proc_of() { case $1 in squid) echo "$SQ_PID";; vireo|vireo-http) echo "$JPID";; *) echo "";; esac; }

# ---------------------------------------------------------------- checks
printf 'path\tcurl_exit\tcode\tbytes\tsame_as_file\n' >"$OUT/checks.tsv"; bad=0
check() { # path -> 0 when pub/1k.bin comes back intact
  local rc code same=no
  # shellcheck disable=SC2046
  code=$(curl -s --max-time 10 -o "$W/check-$1.bin" -w '%{response_code}' $(url_of "$1" 1k.bin)); rc=$?
  cmp -s "$W/check-$1.bin" "$R/pub/1k.bin" && same=yes
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$rc" "$code" "$(stat -c %s "$W/check-$1.bin" 2>/dev/null || echo 0)" "$same" >>"$OUT/checks.tsv"
  log "check $1: curl exit $rc, code $code, same file: $same"
  [ "$same" = yes ] && [ "$rc" = 0 ]
}
for p in direct squid vireo; do check "$p" || bad=1; done
((bad)) && { log "a check failed: see checks.tsv; $KLOG"; exit 1; }
PATHS=(direct squid vireo)
if check vireo-http; then
  PATHS+=(vireo-http); VHTTP_NOTE="Vireo's HTTP proxy fetches ftp:// URLs: measured as vireo-http"
else
  VHTTP_NOTE="Vireo's HTTP proxy does not fetch ftp:// URLs (curl exit $(tail -1 "$OUT/checks.tsv" | cut -f2), HTTP $(tail -1 "$OUT/checks.tsv" | cut -f3)): vireo-http not measured"
fi
log "$VHTTP_NOTE"; echo "# $VHTTP_NOTE" >>"$OUT/meta.txt"

# ---------------------------------------------------------------- measurements
HZ=$(getconf CLK_TCK)
cpu_ticks() { awk '{s=$0; sub(/^.*\) /,"",s); split(s,f," "); print f[12]+f[13]}' "/proc/$1/stat" 2>/dev/null || echo 0; }
busy_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; } # busy total
busy_pct() { # "busy total" before, after -> the box's CPU busy % in between (every core: 100 % = all busy)
  awk -v a="$1" -v b="$2" 'BEGIN{split(a,x," "); split(b,y," "); t=y[2]-x[2]; printf "%.0f", (t > 0 ? (y[1]-x[1])*100/t : 0)}'
}
rss_kb() { awk '/^VmRSS/{print $2}' "/proc/$JPID/status" 2>/dev/null; }
printf 'rep\ttest\tpath\tvalue\tunit\tsecs\tok\tfailed\tproxy_cpu_s\tbox_busy_pct\trss_start_kb\trss_min_kb\trss_max_kb\trss_end_kb\tp50_ms\tp90_ms\tp99_ms\n' >"$RES"

retr_big() { # rep path -> a results.tsv row: MB/s (10^6 bytes) of the big file
  local pid c0 c1 b0 b1 out rc speed size secs rssf="" rs=- rmin=- rmax=- re=-
  pid=$(proc_of "$2"); c0=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); b0=$(busy_ticks)
  if [[ $2 == vireo* ]]; then
    rssf=$OUT/rss/$1-$2.txt
    ( while :; do echo "$EPOCHREALTIME $(rss_kb)"; sleep 0.2; done ) >"$rssf" &
    RSS_PID=$!
  fi
  # shellcheck disable=SC2046
  out=$(curl -s --max-time 600 -o /dev/null -w '%{speed_download} %{size_download} %{time_total}' $(url_of "$2" big.bin)); rc=$?
  if [ -n "$rssf" ]; then stop_pid "$RSS_PID" TERM 1; RSS_PID=; echo "$EPOCHREALTIME $(rss_kb)" >>"$rssf"
    read -r rs rmin rmax re < <(awk '$2 != "" {v[++n]=$2} END {mn=v[1]; mx=v[1]; for (i=1;i<=n;i++){if(v[i]<mn)mn=v[i]; if(v[i]>mx)mx=v[i]} print v[1], mn, mx, v[n]}' "$rssf")
  fi
  c1=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); b1=$(busy_ticks)
  read -r speed size secs <<<"$out"
  local ok=1 failed=0; { [ "$rc" = 0 ] && [ "${size:-0}" = "$BIG_BYTES" ]; } || { ok=0; failed=1; }
  printf '%s\tretr\t%s\t%.1f\tMB/s\t%.2f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$(awk -v s="${speed:-0}" 'BEGIN{print s/1e6}')" \
    "${secs:-0}" "$ok" "$failed" "$([ -n "$pid" ] && awk -v a="$c0" -v b="$c1" -v hz="$HZ" 'BEGIN{printf "%.2f", (b-a)/hz}' || echo -)" \
    "$(busy_pct "$b0" "$b1")" "$rs" "$rmin" "$rmax" "$re" - - - | tee -a "$RES" | sed 's/^/  /'
  ((failed)) && log "  $2: curl exit $rc, $size of $BIG_BYTES bytes"
}
sessions() { # rep path n -> a results.tsv row: sessions/s, each session a new curl fetching pub/1k.bin
  local pid c0 c1 b0 b1 t0 t1 f=$W/sessions-$1-$2.txt ok failed
  pid=$(proc_of "$2"); c0=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); b0=$(busy_ticks)
  t0=$EPOCHREALTIME
  # shellcheck disable=SC2046
  seq "$3" | xargs -P "$PAR" -I{} sh -c 'r=$(curl -s --max-time 30 -o /dev/null -w "%{size_download} %{response_code} %{time_total}" "$@" 2>/dev/null); echo "$r $?"' _ $(url_of "$2" 1k.bin) >"$f"
  t1=$EPOCHREALTIME; c1=$([ -n "$pid" ] && cpu_ticks "$pid" || echo 0); b1=$(busy_ticks)
  ok=$(awk '$1 == 1024 && $NF == 0' "$f" | wc -l); failed=$(($3 - ok))
  local lat; lat=$(awk '$NF == 0 {print $3 * 1000}' "$f" | sort -n | awk '{v[NR] = $1}
    END {if (NR == 0) print "- - -"; else printf "%.1f %.1f %.1f", v[int((NR-1)*0.5)+1], v[int((NR-1)*0.9)+1], v[int((NR-1)*0.99)+1]}')
  printf '%s\tsessions\t%s\t%.1f\tsessions/s\t%.2f\t%s\t%s\t%s\t%s\t-\t-\t-\t-\t%s\t%s\t%s\n' "$1" "$2" "$(awk -v n="$3" -v a="$t0" -v b="$t1" 'BEGIN{print n/(b-a)}')" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$ok" "$failed" \
    "$([ -n "$pid" ] && awk -v a="$c0" -v b="$c1" -v hz="$HZ" 'BEGIN{printf "%.2f", (b-a)/hz}' || echo -)" "$(busy_pct "$b0" "$b1")" $lat | tee -a "$RES" | sed 's/^/  /'
  ((failed)) && { log "  $2: $failed failed sessions; curl exits: $(awk '$NF != 0 {print $NF}' "$f" | sort | uniq -c | tr -s ' ' | paste -sd,)"
                  cp "$f" "$OUT/failed-sessions-$1-$2.txt"; }
  rm -f "$f"
}

log "warm-up (not counted): one big transfer and $((NSESS / 5)) sessions per path, $WARM sessions more through Vireo"
for p in "${PATHS[@]}"; do
  extra=0; [[ $p == vireo* ]] && extra=$WARM
  retr_big w "$p" >/dev/null; sessions w "$p" $((NSESS / 5 + extra)) >/dev/null
done
RSS_BASE=$(rss_kb); log "vireo RSS after the warm-up: $RSS_BASE kB"
for rep in $(seq 1 "$REPS"); do
  k=$(( (rep - 1) % ${#PATHS[@]} )); order=("${PATHS[@]:k}" "${PATHS[@]:0:k}")
  log "rep $rep/$REPS, order ${order[*]}: RETR big.bin"
  for p in "${order[@]}"; do retr_big "$rep" "$p"; done
  log "rep $rep/$REPS: $NSESS sessions, $PAR at a time"
  for p in "${order[@]}"; do sessions "$rep" "$p" "$NSESS"; done
done
RSS_END=$(rss_kb)
echo "# vireo RSS after the warm-up $RSS_BASE kB, after the last rep $RSS_END kB; load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/meta.txt"
log "access logs: squid $(wc -l <"$W/squid/access.log") lines, vireo $(cat "$VH"/data/log/access*.log 2>/dev/null | wc -l) lines"
{ echo "# vireo's access log, FTP lines by status:"
  cat "$VH"/data/log/access*.log 2>/dev/null | grep -o '"status":[0-9]*' | sort | uniq -c; } >>"$OUT/meta.txt"
cp "$W/squid.conf" "$W/ftp/vsftpd.conf" "$OUT/"; cp "$E/vireo/rules.conf" "$OUT/vireo-rules.conf"
cp "$E/org.vireo.scanner.ftp.cfg" "$OUT/"
grep -E 'ERROR|WARN' "$KLOG" | tail -50 >"$OUT/vireo-warn-error.log"

# ---------------------------------------------------------------- summary
python3 - "$RES" "$BIG_MIB" "$RSS_BASE" "$RSS_END" "$CMDLINE" "$VHTTP_NOTE" >"$OUT/summary.md" <<'PY'
import csv, sys, statistics as st
res, big_mib, rss_base, rss_end, cmd, vhttp = sys.argv[1:7]
rows = [r for r in csv.DictReader(open(res), delimiter='\t') if r['rep'] != 'w']
med = lambda xs: st.median(xs) if xs else float('nan')
paths = list(dict.fromkeys(r['path'] for r in rows))
def vals(test, p, k='value'):
    return [float(r[k]) for r in rows if r['test'] == test and r['path'] == p and r[k] not in ('-', '') and r['ok'] != '0']
def paired(test, p, base):  # per-rep ratio, then the median: drift hits both sides of a pair alike
    by = {r['rep']: float(r['value']) for r in rows if r['test'] == test and r['path'] == base}
    return med([float(r['value']) / by[r['rep']] for r in rows
                if r['test'] == test and r['path'] == p and by.get(r['rep'])])
fails = lambda test, p: sum(int(r['failed']) for r in rows if r['test'] == test and r['path'] == p)
print(f'`{cmd}`\n')
print(f'RETR of a {big_mib} MiB file (MB = 10^6 bytes; proxy CPU = utime+stime of the proxy process over the transfer):\n')
print('| path | MB/s (median) | min..max | ratio to direct | proxy CPU s | box CPU busy % | failed |')
print('|---|---:|---|---:|---:|---:|---:|')
for p in paths:
    v = vals('retr', p); c = vals('retr', p, 'proxy_cpu_s')
    print(f"| {p} | {med(v):.0f} | {min(v, default=0):.0f}..{max(v, default=0):.0f} | {paired('retr', p, 'direct'):.2f} | "
          f"{'-' if not c else '%.1f' % med(c)} | {med(vals('retr', p, 'box_busy_pct')):.0f} | {fails('retr', p)} |")
print()
n = next((int(r['ok']) + int(r['failed']) for r in rows if r['test'] == 'sessions'), 0)
print(f'Sessions of {n} curl processes (connect, login, RETR 1 KiB, QUIT), sessions/s = sessions / wall time:\n')
print('| path | sessions/s (median) | min..max | ratio to squid | ratio to direct | session p50 / p90 / p99 ms | proxy CPU ms/session | box CPU busy % | failed |')
print('|---|---:|---|---:|---:|---|---:|---:|---:|')
for p in paths:
    v = vals('sessions', p); c = vals('sessions', p, 'proxy_cpu_s')
    print(f"| {p} | {med(v):.0f} | {min(v, default=0):.0f}..{max(v, default=0):.0f} | {paired('sessions', p, 'squid'):.2f} | "
          f"{paired('sessions', p, 'direct'):.2f} | "
          f"{med(vals('sessions', p, 'p50_ms')):.0f} / {med(vals('sessions', p, 'p90_ms')):.0f} / {med(vals('sessions', p, 'p99_ms')):.0f} | "
          f"{'-' if not c else '%.2f' % (med(c) * 1000 / n)} | "
          f"{med(vals('sessions', p, 'box_busy_pct')):.0f} | {fails('sessions', p)} |")
print()
print('Vireo JVM VmRSS during each RETR (sampled every 200 ms, kB):\n')
print('| rep | path | start | min | max | end | max - min (MiB) |')
print('|---|---|---:|---:|---:|---:|---:|')
growth = []
for r in rows:
    if r['test'] == 'retr' and r['rss_min_kb'] not in ('-', ''):
        g = (int(r['rss_max_kb']) - int(r['rss_min_kb'])) / 1024; growth.append(g)
        print(f"| {r['rep']} | {r['path']} | {r['rss_start_kb']} | {r['rss_min_kb']} | {r['rss_max_kb']} | {r['rss_end_kb']} | {g:.1f} |")
print(f"\nRSS after the warm-up {int(rss_base)/1024:.0f} MiB, after the last rep {int(rss_end)/1024:.0f} MiB.\n")
print(vhttp + '\n')
tv, ts = paired('retr', 'vireo', 'direct'), paired('sessions', 'vireo', 'squid')
mg = max(growth, default=float('nan'))
verdict = lambda ok: '**met**' if ok else '**missed**'
print('| goal (issue 22) | measured | |')
print('|---|---:|---|')
print(f"| throughput ≥ 0.8 × direct | {tv:.2f} × | {verdict(tv >= 0.8)}{'' if tv >= 0.8 else ' (%.0f %% short of 0.8)' % ((0.8 - tv) / 0.8 * 100)} |")
print(f"| sessions/s ≥ 2 × Squid's | {ts:.2f} × | {verdict(ts >= 2)}{'' if ts >= 2 else ' (%.0f %% short of 2)' % ((2 - ts) / 2 * 100)} |")
print(f"| memory flat during the transfer (RSS max - min < 32 MiB) | {mg:.1f} MiB | {verdict(mg < 32)} |")
PY
cat "$OUT/summary.md"
log "done -> $OUT"
