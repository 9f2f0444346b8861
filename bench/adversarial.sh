#!/usr/bin/env bash
# adversarial.sh - the adversarial HTTP suite (issue 19) against the built Vireo node, Squid and HAProxy, side by side
#
#   bench/adversarial.sh [-t TARBALL] [-o OUTDIR] [-c CASES] [-O id,id,...]
#   defaults: -t karaf-assembly/target/vireo-*.tar.gz (build it first: mvn -o ... install -DskipTests)
#             -c bundles/vireo-scanner/src/test/resources/adversarial/cases.txt
#             output in bench/results/adversarial-<UTC ts>/ (table.md, results.tsv, meta.txt)
#
# Everything on 127.0.0.1, on ports free when the script starts; every process started here is stopped by PID and
# the work folder removed on exit. bench/adversarial.py is the client and the recording origins (per proxy, one
# listener its rules allow, A, and one "service" on loopback that no rule names, B). The three proxies:
#   vireo    the distribution unpacked in a temporary folder, role scanner, proxy on 127.0.0.1; its rules: the
#            origin by name (rule adversarial-origin allow destination 127.0.0.1 port A) before the shipped rules
#            (loopback clients allowed); the destination guard with its defaults
#   squid    a forward proxy (http_port 127.0.0.1), acl: loopback clients allowed, every destination and port allowed
#            (no to_localhost, Safe_ports or SSL_ports denies), no cache: only its parser decides; the
#            Cache-Control: max-age=259200 it adds to every request is removed (no case sends one)
#   haproxy  mode http, one frontend and one backend: the recording origin A. HAProxy is a reverse proxy: it forwards
#            every request it parses to A whatever its absolute-form target names (its destination and CONNECT rows
#            say what its parser lets through, not where it would connect)
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
TARBALL=$(ls "$TOP"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
CASES=$TOP/bundles/vireo-scanner/src/test/resources/adversarial/cases.txt
OUT=$HERE/results/adversarial-$(date -u +%Y%m%dT%H%M%SZ)
ONLY=
usage() { sed -n 2,21p "$0"; exit 2; }
while getopts "t:o:c:O:h" o; do case $o in
  t) TARBALL=$OPTARG;; o) OUT=$OPTARG;; c) CASES=$OPTARG;; O) ONLY=$OPTARG;; *) usage;; esac; done
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || {
  echo "no Vireo distribution (-t '$TARBALL'): build it with mvn -o ... install -DskipTests" >&2; exit 2; }
for c in squid haproxy python3 java; do command -v "$c" >/dev/null || { echo "$c is needed" >&2; exit 2; }; done

. "$HERE/lib.sh"   # stop_pid, free_ports, set_prop, squid_files
W=$(mktemp -d /tmp/adversarial.XXXXXX); chmod 755 "$W"
mkdir -p "$OUT" "$W/squid" "$W/vireo"; OUT=$(cd "$OUT" && pwd)
chown proxy:proxy "$W/squid" 2>/dev/null || true
SQ_PID=; HA_PID=; VI_PID=
log() { echo "[adversarial $(date -u +%T)] $*"; }
cleanup() { stop_pid "$VI_PID" TERM 20; stop_pid "$SQ_PID" TERM; stop_pid "$HA_PID" TERM; rm -rf "$W"; }
trap cleanup EXIT; trap 'exit 130' INT TERM

# each proxy its own recording origin and service (adversarial.py): O_x S_x
read -r O_V S_V O_S S_S O_H S_H SQUID HAPROXY VIREO SSH RMI1 RMI2 CLUSTER REDIRECT <<<"$(free_ports 14)"
listening() { # port pid seconds: until something accepts on 127.0.0.1:port
  local end=$((SECONDS + $3))
  while kill -0 "$2" 2>/dev/null && ((SECONDS < end)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1
  done; return 1
}

# ---------------------------------------------------------------- squid
cat >"$W/squid.conf" <<EOF
http_port 127.0.0.1:$SQUID
$(squid_files "$W/squid" squid-adversarial)
pinger_enable off
shutdown_lifetime 1 seconds
cache deny all
cache_mem 8 MB
connect_timeout 3 seconds
forward_timeout 5 seconds
dns_timeout 3 seconds
request_header_access Cache-Control deny all
acl clients src 127.0.0.0/8 ::1
http_access allow clients
http_access deny all
EOF
squid -N -f "$W/squid.conf" </dev/null >"$W/squid/stdout.log" 2>&1 &
SQ_PID=$!

# ---------------------------------------------------------------- haproxy
cat >"$W/haproxy.cfg" <<EOF
defaults
  mode http
  timeout connect 3s
  timeout client 10s
  timeout server 10s
  timeout http-request 5s
frontend adversarial
  bind 127.0.0.1:$HAPROXY
  default_backend origin
backend origin
  server origin 127.0.0.1:$O_H
EOF
haproxy -q -c -f "$W/haproxy.cfg" || { log "haproxy.cfg refused"; exit 1; }
haproxy -db -f "$W/haproxy.cfg" </dev/null >"$W/haproxy.log" 2>&1 &
HA_PID=$!

# ---------------------------------------------------------------- vireo
VH=$W/vireo
tar xzf "$TARBALL" -C "$VH" --strip-components=1 || { log "cannot unpack $TARBALL"; exit 1; }
rm -f "$VH"/etc/org.vireo.vrrp.instance-*.cfg
printf '%s\n' "name = adversarial" "managementAddress = 127.0.0.1" "interfaceName = lo" "role = scanner" \
  >"$VH/etc/org.vireo.node.cfg"
printf '%s\n' "listenAddress = 127.0.0.1" "port = $VIREO" >"$VH/etc/org.vireo.scanner.proxy.cfg"
set_prop "$VH/etc/org.apache.karaf.shell.cfg" sshHost 127.0.0.1 && set_prop "$VH/etc/org.apache.karaf.shell.cfg" \
  sshPort "$SSH" && set_prop "$VH/etc/org.apache.karaf.management.cfg" rmiRegistryPort "$RMI1" && \
  set_prop "$VH/etc/org.apache.karaf.management.cfg" rmiServerPort "$RMI2" && \
  set_prop "$VH/etc/org.vireo.cluster.cfg" bindAddress 127.0.0.1 && \
  set_prop "$VH/etc/org.vireo.cluster.cfg" bindPort "$CLUSTER" && \
  set_prop "$VH/etc/org.vireo.srv.redirect.cfg" port "$REDIRECT" || exit 1
{ echo "rule adversarial-origin allow destination 127.0.0.1 port $O_V"
  grep -v '^\s*#' "$VH/etc/vireo/rules.conf" | grep .; } >"$W/rules.conf"
mv "$W/rules.conf" "$VH/etc/vireo/rules.conf"
KLOG=$VH/data/log/karaf.log
(cd "$VH" && KARAF_EXEC=exec exec bin/karaf server </dev/null >"$W/vireo-stdout.log" 2>&1) &
VI_PID=$!

listening "$SQUID" "$SQ_PID" 90 || { log "squid does not listen: $(tail -3 "$W/squid/cache.log")"; exit 1; }
listening "$HAPROXY" "$HA_PID" 30 || { log "haproxy does not listen: $(tail -3 "$W/haproxy.log")"; exit 1; }
for i in $(seq 1800); do
  grep -q 'rules .* in force' "$KLOG" 2>/dev/null && grep -q 'HTTP proxy listening on' "$KLOG" && break
  kill -0 "$VI_PID" 2>/dev/null || break; sleep 0.1
done
listening "$VIREO" "$VI_PID" 5 || { log "vireo does not listen; see $KLOG"; tail -20 "$KLOG"; exit 1; }
log "squid pid $SQ_PID on $SQUID, haproxy pid $HA_PID on $HAPROXY, vireo pid $VI_PID on $VIREO;" \
  "origins (service) $O_V ($S_V), $O_S ($S_S), $O_H ($S_H)"

{
  echo "# adversarial $(date -u +%FT%TZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc)"
  echo "# $(squid -v | head -1) | $(haproxy -v | head -1) | $(java -version 2>&1 | head -1) | $(basename "$TARBALL")"
  echo "# cases: ${CASES#"$TOP"/} ($(sha256sum "$CASES" | cut -c1-16)), $(grep -c '^id: ' "$CASES") rows"
  echo "# command: bench/adversarial.sh $*"
} | tee "$OUT/meta.txt"

python3 "$HERE/adversarial.py" --cases "$CASES" --proxy "Vireo=$VIREO:$O_V:$S_V" \
  --proxy "Squid=$SQUID:$O_S:$S_S" --proxy "HAProxy=$HAPROXY:$O_H:$S_H" ${ONLY:+--only "$ONLY"} \
  --out "$OUT" | tee "$OUT/run.log"
rc=${PIPESTATUS[0]}
cp "$W/squid/cache.log" "$OUT/squid-cache.log" 2>/dev/null; gzip -f "$OUT/squid-cache.log" 2>/dev/null
exit "$rc"
