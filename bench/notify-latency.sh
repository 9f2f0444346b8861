#!/usr/bin/env bash
# notify-latency.sh - how soon after a VRRP take-over its hook starts and its webhook's post arrives (issue 23), in
# the network-namespace lab, from the new master's first advert on the wire.
#
#   bench/notify-latency.sh [-n TAKEOVERS] [-i INTERVAL_MS] [-o OUTDIR] [-t vireo.tar.gz]
#   defaults: -n 100 -i 100 -o bench/results/notify-<UTC>; -t karaf-assembly/target/vireo-*.tar.gz
#
# Root (lab.sh). Two nodes, n1 (priority 150) and n2 (100), VRID 51, VIP 10.77.0.51, adverts every INTERVAL_MS;
# each runs, from its start, a hook for vrrp.transition (a bash script that writes bash's clock, EPOCHREALTIME, as
# its first act) and a webhook for vrrp.transition to a receiver in the lab's client namespace (python3's
# http.server, which writes its clock at each post's arrival). A capture on the lab's switch sees every advert.
# Take-overs, TAKEOVERS of them, alternate: `vrrp:resign --hold-off 1 vip1` on n1 (n2 takes over), and n1 back by
# preemption a second later. All clocks are the host's (network namespaces share it): tcpdump's kernel stamps,
# bash's and python's.
# Per take-over: the new master's first advert (its first advert with priority > 0 after a silence of more than
# 2.5 intervals), the run of its hook for the transition to MASTER, the post that arrived for it; latency =
# that time - the advert's. A new master enters MASTER, says so, claims its VIP and then advertises: a hook or post
# may come before the advert (a negative latency). Output: takeovers.tsv, summary.md, the capture, the raw files.
# The lab (prefix LAB, default nl) is brought up and taken down by this script; everything it started is stopped.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
n=100 interval=100 out="" dist=""
while getopts "n:i:o:t:h" o; do case $o in
  n) n=$OPTARG ;; i) interval=$OPTARG ;; o) out=$OPTARG ;; t) dist=$OPTARG ;; *) sed -n '2,21p' "$0"; exit 2 ;; esac
done
[ "$(id -u)" = 0 ] || { echo "run as root (the lab makes network namespaces)" >&2; exit 2; }
for tool in tcpdump tshark python3; do command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }; done
[ -n "$dist" ] || dist=$(ls "$root"/karaf-assembly/target/vireo-*.tar.gz | head -1)
[ -f "$dist" ] || { echo "no distribution $dist (build it: mvn -o install -DskipTests)" >&2; exit 2; }
[ -n "$out" ] || out="$root/bench/results/notify-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"; out=$(cd "$out" && pwd)
export LAB=${LAB:-nl}
state=$(mktemp -d /tmp/vireo-notify-latency.XXXXXX)
lab() { bash "$root/lab/lab.sh" --state "$state" "$@"; }
cleanup() { lab down >/dev/null 2>&1 || true; rm -rf "$state"; }
trap cleanup EXIT

cat >"$out/hook.sh" <<EOF
#!/bin/bash
t=\$EPOCHREALTIME
printf '%s %s %s %s\n' "\$t" "\$VIREO_NODE" "\$VIREO_EVENT_SEQ" "\$*" >> "$out/hooks.txt"
EOF
chmod 755 "$out/hook.sh"
cat >"$out/receiver.py" <<'EOF'
import http.server, json, sys, time
class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers['Content-Length']))
        arrived = time.time()
        event = json.loads(body)
        with open(sys.argv[1], 'a') as f:
            f.write('%.6f %s %s %s\n' % (arrived, event['node'], event['seq'], event.get('to', '-')))
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(('10.77.0.100', 8099), Receiver).serve_forever()
EOF
printf 'name = bench\ncommand = %s\nevents = vrrp.transition\n' "$out/hook.sh" >"$out/org.vireo.notify.hook-bench.cfg"
printf 'name = bench\nurl = http://10.77.0.100:8099/\nevents = vrrp.transition\nretries = 0\n' \
    >"$out/org.vireo.notify.webhook-bench.cfg"
: >"$out/hooks.txt"; : >"$out/webhook.txt"

lab up -n 2 >/dev/null
lab spawn c "$out/receiver.log" python3 "$out/receiver.py" "$out/webhook.txt" >/dev/null
cfgs=(--cfg "$out/org.vireo.notify.hook-bench.cfg" --cfg "$out/org.vireo.notify.webhook-bench.cfg")
lab vireo n1 --dist "$dist" --role director --vrid 51 --priority 150 --interval-ms "$interval" --vip 10.77.0.51 \
    "${cfgs[@]}" >/dev/null
lab vireo n2 --dist "$dist" --role backup --vrid 51 --priority 100 --interval-ms "$interval" --vip 10.77.0.51 \
    "${cfgs[@]}" >/dev/null
lab vireo-wait n1 'vip1 .*BACKUP -> MASTER' 300 >/dev/null
lab vireo-wait n2 'vip1 .*-> BACKUP' 120 >/dev/null
lab capture sw "$out/vrrp.pcap" ip proto 112 >/dev/null

masters() { grep -c " $1 .* INSTANCE vip1 MASTER " "$out/hooks.txt" || true; }
await_masters() { # node count: until the node's hook has run for that many transitions to MASTER (30 s at most)
    local end=$((SECONDS + 30))
    while [ "$(masters "$1")" -lt "$2" ]; do
        [ $SECONDS -lt $end ] || { echo "no hook run #$2 for MASTER on $1 within 30 s" >&2; exit 1; }
        sleep 0.05
    done
}
n1_masters=$(masters n1); n2_masters=$(masters n2)
for ((k = 1; k <= (n + 1) / 2; k++)); do
    lab vireo-cli n1 'vrrp:resign --hold-off 1 vip1' >>"$out/cli.log" 2>&1 || { cat "$out/cli.log" >&2; exit 1; }
    await_masters n2 $((n2_masters + k))
    await_masters n1 $((n1_masters + k))
    echo "take-over pair $k of $(((n + 1) / 2))" >&2
done
sleep 1 # the last posts and adverts in flight reach their files
lab capture-stop "$out/vrrp.pcap" 2>/dev/null
tshark -r "$out/vrrp.pcap" -T fields -e frame.time_epoch -e ip.src -e vrrp.prio >"$out/adverts.tsv" 2>/dev/null

python3 - "$out" "$n" "$interval" "$dist" <<'EOF'
import statistics, sys
out, wanted, interval, dist = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
names = {'10.77.0.11': 'n1', '10.77.0.12': 'n2'}
# the take-overs on the wire: a node's first advert with priority > 0 after a silence of more than 2.5 intervals
# (it was backup); the old master's last advert may still come after it, as it yields on hearing it
takeovers, last, first_line = [], {}, True
gap = 2.5 * int(interval) / 1000
for line in open(out + '/adverts.tsv'):
    t, src, prio = line.split()
    t, node = float(t), names.get(src)
    if int(prio) == 0:
        continue
    if not first_line and (node not in last or t - last[node] > gap):
        takeovers.append((node, t))
    first_line = False
    last[node] = t
start = float(open(out + '/adverts.tsv').readline().split()[0])
def runs(file, pick):
    by_node = {}
    for line in open(file):
        r = pick(line.split())
        if r and r[1] > start:
            by_node.setdefault(r[0], []).append(r[1])
    return by_node
hooks = runs(out + '/hooks.txt', lambda f: (f[1], float(f[0])) if f[3:7] == ['INSTANCE', 'vip1', 'MASTER', f[6]] else None)
posts = runs(out + '/webhook.txt', lambda f: (f[1], float(f[0])) if f[3] == 'MASTER' else None)
rows, seen = [], {}
for node, advert in takeovers:
    i = seen.get(node, 0); seen[node] = i + 1
    hook = hooks.get(node, [])[i] if i < len(hooks.get(node, [])) else None
    post = posts.get(node, [])[i] if i < len(posts.get(node, [])) else None
    rows.append((node, advert, hook, post))
with open(out + '/takeovers.tsv', 'w') as f:
    f.write('node\tfirst_advert\thook_ms\twebhook_ms\n')
    for node, advert, hook, post in rows:
        ms = lambda x: '' if x is None else '%.1f' % ((x - advert) * 1000)
        f.write('%s\t%.6f\t%s\t%s\n' % (node, advert, ms(hook), ms(post)))
def stats(values):
    values = sorted(values)
    q = lambda p: values[min(len(values) - 1, int(round(p * (len(values) - 1))))]
    return 'n %d, median %.1f, p90 %.1f, p99 %.1f, min %.1f, max %.1f' % (
        len(values), statistics.median(values), q(0.9), q(0.99), values[0], values[-1])
hook_ms = [(h - a) * 1000 for _, a, h, _ in rows if h is not None]
post_ms = [(p - a) * 1000 for _, a, _, p in rows if p is not None]
summary = ['# Notification latency after a VRRP take-over', '',
           '`bench/notify-latency.sh -n %d -i %s` (distribution %s)' % (wanted, interval, dist), '',
           'take-overs on the wire: %d; a hook run matched for %d, a webhook post for %d' % (
               len(rows), len(hook_ms), len(post_ms)), '',
           '| from the new master\'s first advert to | ms |', '|---|---|',
           '| its hook\'s start | %s |' % stats(hook_ms), '| its webhook\'s arrival | %s |' % stats(post_ms), '',
           'p99 of |latency| (goal < 50 ms): hook %.1f ms, webhook %.1f ms' % (
               sorted(abs(x) for x in hook_ms)[int(round(0.99 * (len(hook_ms) - 1)))],
               sorted(abs(x) for x in post_ms)[int(round(0.99 * (len(post_ms) - 1)))])]
open(out + '/summary.md', 'w').write('\n'.join(summary) + '\n')
print('\n'.join(summary))
EOF
