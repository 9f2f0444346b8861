#!/usr/bin/env bash
# relay-ceiling.sh - how fast ANY relay can move a big download on this machine's loopback: HAProxy `mode tcp`
# (splice on, the fastest user-space TCP relay we have) against the same download direct, interleaved. It bounds what
# the FTP benchmark's throughput goal (a proxy at >= 0.8 x direct, issue 22) can show here: on loopback "direct" is
# the server's sendfile straight into the client's socket, and a relay adds a second TCP connection on the same two
# cores.
#
#   bench/relay-ceiling.sh [-r REPS] [-s MIB]        defaults: -r 3 -s 1024
#
# Root, Debian (nginx, haproxy, curl). nginx (sendfile on, one worker) serves a file of random bytes; HAProxy (nbthread 1,
# option splice-auto) relays to it; both on free 127.0.0.1 ports, stopped by PID on exit. Per rep: `curl -o /dev/null
# -w %{speed_download}` direct, then through HAProxy; the ratio per rep, then the median. The runtime dir is removed.
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh
reps=3 mib=1024
while getopts "r:s:h" o; do case $o in
  r) reps=$OPTARG ;; s) mib=$OPTARG ;; *) sed -n '2,14p' "$0"; exit 2 ;; esac; done
[ "$(id -u)" = 0 ] || { echo "run as root (nginx drops to www-data)" >&2; exit 2; }
for tool in nginx haproxy curl; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install nginx haproxy curl)" >&2; exit 2; }; done

dir=$(mktemp -d /tmp/relay-ceiling.XXXXXX); chmod 755 "$dir"
nginx_pid= haproxy_pid=
cleanup() { stop_pid "$haproxy_pid" TERM || true; stop_pid "$nginx_pid" QUIT || true; rm -rf "$dir"; }
trap cleanup EXIT
read -r web relay <<<"$(free_ports 2)"
mkdir -p "$dir/www"
head -c "$((mib << 20))" /dev/urandom > "$dir/www/big.bin"
cat > "$dir/nginx.conf" <<CONF
daemon off; worker_processes 1; pid $dir/nginx.pid; error_log $dir/nginx-error.log;
events { worker_connections 64; }
http { access_log off; sendfile on; tcp_nopush on; client_body_temp_path $dir;
  server { listen 127.0.0.1:$web; root $dir/www; } }
CONF
cat > "$dir/haproxy.cfg" <<CONF
global
  nbthread 1
defaults
  mode tcp
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  option splice-auto
listen relay
  bind 127.0.0.1:$relay
  server web 127.0.0.1:$web
CONF
nginx -c "$dir/nginx.conf" & nginx_pid=$!
haproxy -f "$dir/haproxy.cfg" -db > "$dir/haproxy.log" 2>&1 & haproxy_pid=$!
for port in "$web" "$relay"; do
  for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/big.bin" -r 0-0 && break; sleep 0.1; done
done
speed() { curl -fs -o /dev/null -w '%{speed_download}' "http://127.0.0.1:$1/big.bin"; }
speed "$web" >/dev/null; speed "$relay" >/dev/null # warm-up: page cache, both paths
printf 'rep\tdirect_MBps\thaproxy_MBps\tratio\n'
ratios=()
for rep in $(seq "$reps"); do
  d=$(speed "$web"); h=$(speed "$relay")
  r=$(python3 -c "print(f'{$h/$d:.2f}')")
  ratios+=("$r")
  printf '%s\t%.0f\t%.0f\t%s\n' "$rep" "$(python3 -c "print($d/1e6)")" "$(python3 -c "print($h/1e6)")" "$r"
done
echo "median ratio (HAProxy relay / direct): $(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
echo "$(nproc) CPUs, $(haproxy -v | head -1), $(nginx -v 2>&1), $(curl --version | head -1 | cut -d' ' -f1-2)"
