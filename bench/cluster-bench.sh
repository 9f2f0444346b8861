#!/usr/bin/env bash
# cluster-bench.sh - config sync latency and catch-up (issue 7): 3 real nodes in the network-namespace lab
# and 8 in-JVM members, in one run
#
#   bench/cluster-bench.sh [-o OUTDIR] [-n CHANGES] [-d DOCS] [-w WARMUP] [-t TARBALL] [-j JAR]
#                          [--skip-lab] [--skip-jvm]
#   defaults: -n 200 -d 1000 -w 50 (in-JVM warm-up; the lab's first 10 changes are a warm-up too)
#             -t karaf-assembly/target/vireo-*.tar.gz (build: mvn -o ... install -DskipTests)
#             -j bench/jmh/target/benchmarks.jar (built by the same install, module bench/jmh)
#             output in bench/results/cluster-<UTC ts>/
#   env LAB   lab prefix (default cb); the lab is brought up here and taken down on exit
#
# LAB (root): nodes n1..n3 (10.77.0.11-13), role scanner, set up as itests' ClusterLabIT: n1 makes the CA and
#   the three node certificates (cluster:init-ca, cluster:issue-cert), each node's etc/org.vireo.cluster.cfg is
#   written (bindAddress, members, keystore, keystorePassword, and replicatedFiles with bench/*.txt added: files
#   under etc/bench/ that no bundle reads, so the figures are sync's, not a reload's); n1 joins first.
#   a. CHANGES changes on n1, one at a time: a new content for etc/bench/doc.txt written beside it (etc/.bench-tmp,
#      not watched) and renamed into place; the next change only once n2 and n3 both logged `applied` of the
#      version n1 logged `changed here` for (logs followed every 2 ms, each wait bounded to 30 s).
#        watcher = rename -> n1's "config sync: file:bench/doc.txt changed here, version V"
#        sync    = n1's "changed here" -> the later of n2's and n3's "applied, version V" (also each node's)
#        e2e     = rename -> applied on both
#      Times are karaf.log timestamps (milliseconds; the namespaces share the host's clock) and the rename's
#      clock reading just before it.
#   b. catch-up: n3 stopped (vireo-stop, graceful), DOCS documents etc/bench/dNNNN.txt created on n1 (each
#      renamed into place), wait until n2 applied them all, n3 restarted with --keep; from n3's launch (lab.sh's
#      `launched`) and from its 3-member `cluster: view` line to its last `applied` of a dNNNN.txt (all DOCS
#      counted).
# IN-JVM: java -cp JAR org.vireo.bench.cluster.SyncLatencyBench (8 JGroupsTransport members on 127.0.0.1 with
#   mutual TLS, a SyncEngine each over in-memory documents, one thread each as a node has): WARMUP + CHANGES
#   changes on m0, change -> applied on all 7 others (SyncListener, System.nanoTime); catch-up of m7 after DOCS
#   documents created while it was away. See the class's comment.
# OUTPUT: OUTDIR/lab-changes.tsv, lab-catchup.tsv, jvm-changes.tsv, jvm-catchup.tsv, summary.md, meta.txt,
#   logs/ (the nodes' karaf.log, gzipped; the in-JVM run's output). Every process is stopped by PID (trap), lab down.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
LABSH=$TOP/lab/lab.sh
export LAB=${LAB:-cb}
STATE=/tmp/vireo-lab-$LAB
CHANGES=200; DOCS=1000; WARMUP=50; SKIP_LAB=false; SKIP_JVM=false
TARBALL=$(ls "$TOP"/karaf-assembly/target/vireo-*.tar.gz 2>/dev/null | head -1)
JAR=$TOP/bench/jmh/target/benchmarks.jar
OUT=$HERE/results/cluster-$(date -u +%Y%m%dT%H%M%SZ)
CMDLINE="$0 $*"
usage() { sed -n 2,37p "$0"; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -o) OUT=$2; shift 2;; -n) CHANGES=$2; shift 2;; -d) DOCS=$2; shift 2;; -w) WARMUP=$2; shift 2;;
    -t) TARBALL=$2; shift 2;; -j) JAR=$2; shift 2;;
    --skip-lab) SKIP_LAB=true; shift;; --skip-jvm) SKIP_JVM=true; shift;;
    *) usage;;
  esac
done
for v in CHANGES DOCS; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "$v = '${!v}': expected a positive whole number" >&2; exit 2; }
done
[[ $WARMUP =~ ^[0-9]+$ ]] || { echo "-w '$WARMUP': expected a whole number" >&2; exit 2; }
((DOCS <= 9999)) || { echo "-d $DOCS: at most 9999 (dNNNN.txt)" >&2; exit 2; }
if [ "$SKIP_LAB" = false ]; then
  [ "$(id -u)" = 0 ] || { echo "the lab part needs root (or --skip-lab)" >&2; exit 2; }
  [ -n "$TARBALL" ] && [ -f "$TARBALL" ] || {
    echo "no Vireo distribution (-t '$TARBALL'): build it with mvn -o ... install -DskipTests" >&2; exit 2; }
  TARBALL=$(realpath "$TARBALL")
fi
[ "$SKIP_JVM" = true ] || [ -f "$JAR" ] || {
  echo "no $JAR: build bench/jmh (mvn -o ... install -DskipTests, or package in bench/jmh)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed" >&2; exit 2; }

mkdir -p "$OUT/logs"; OUT=$(cd "$OUT" && pwd)
exec > >(tee -a "$OUT/harness.log") 2>&1
log() { echo "[cluster-bench $(date -u +%T)] $*"; }
JVM_PID=; LAB_UP=false
lab() { timeout 300 "$LABSH" "$@"; }
. "$HERE/lib.sh"   # stop_pid
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  stop_pid "$JVM_PID" TERM 10
  if [ "$LAB_UP" = true ]; then
    for n in n1 n2 n3; do
      [ -f "$STATE/vireo-$n/data/log/karaf.log" ] && cp "$STATE/vireo-$n/data/log/karaf.log" "$OUT/logs/$n-karaf.log"
    done
    log "tearing down lab $LAB"
    timeout 180 "$LABSH" down >/dev/null 2>&1 || log "warning: lab.sh down failed"
  fi
  log "results in $OUT"
  exit "$rc"
}
trap cleanup EXIT; trap 'exit 130' INT TERM

{
  echo "# cluster-bench $(date -u +%FT%TZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc) mem=$(free -g | awk '/Mem:/{print $2}')G"
  echo "# git $(git -C "$TOP" rev-parse --short HEAD 2>/dev/null)$(git -C "$TOP" diff --quiet 2>/dev/null || echo '+dirty') | $(java -version 2>&1 | head -1)"
  echo "# command: $CMDLINE"
  echo "# changes=$CHANGES docs=$DOCS jvm-warmup=$WARMUP lab=$LAB"
  [ "$SKIP_LAB" = true ] || echo "# dist: $TARBALL sha256 $(sha256sum "$TARBALL" | cut -c1-16)"
  [ "$SKIP_JVM" = true ] || echo "# jar: $JAR"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$OUT/meta.txt"

# ---------------------------------------------------------------- lab
ip4() { echo "10.77.0.$((10 + ${1#n}))"; }
cluster_cfg() { # node: written atomically, so the node reads it whole
  local n=$1 home=$STATE/vireo-$1
  cat >"$home/etc/org.vireo.cluster.cfg.tmp" <<EOF
clusterName = lab
bindAddress = $(ip4 "$n")
bindPort = 7800
members = $(ip4 n1), $(ip4 n2), $(ip4 n3)
keystore = $home/etc/vireo/cluster/node.p12
keystorePassword = pw-$n
replicatedFiles = vireo/rules.conf, vireo/*.txt, vireo/lists/*.txt, bench/*.txt
EOF
  mv "$home/etc/org.vireo.cluster.cfg.tmp" "$home/etc/org.vireo.cluster.cfg"
}

run_lab() {
  log "lab $LAB: 3 nodes"
  lab down >/dev/null 2>&1 || true
  lab up -n 3 >/dev/null || { log "lab up failed"; return 1; }
  LAB_UP=true
  local n
  for n in n1 n2 n3; do lab vireo "$n" --role scanner --dist "$TARBALL" >/dev/null || return 1; done
  for n in n1 n2 n3; do
    lab vireo-wait "$n" 'role scanner active' 240 >/dev/null || { log "$n did not boot"; return 1; }
    # the watcher registers the folders that exist when the cluster component starts
    mkdir -p "$STATE/vireo-$n/etc/bench" "$STATE/vireo-$n/etc/.bench-tmp"
  done
  lab vireo-cli n1 'cluster:init-ca --name lab' >"$OUT/logs/init-ca.txt" 2>&1 || { log "init-ca failed"; return 1; }
  for n in n1 n2 n3; do
    lab vireo-cli n1 "cluster:issue-cert --ip $(ip4 "$n") --password pw-$n --out $STATE/vireo-$n/etc/vireo/cluster/node.p12 $n" \
      >>"$OUT/logs/issue-cert.txt" 2>&1
    [ -f "$STATE/vireo-$n/etc/vireo/cluster/node.p12" ] || { log "no certificate for $n"; return 1; }
  done
  cluster_cfg n1
  lab vireo-wait n1 'cluster: view [0-9]+ \[n1\]' 90 >/dev/null || { log "n1 did not join"; return 1; }
  cluster_cfg n2; cluster_cfg n3
  for n in n1 n2 n3; do
    lab vireo-wait "$n" 'cluster: view [0-9]+ \[n1, n[0-9], n[0-9]\]' 120 >/dev/null || { log "$n: no 3-member view"; return 1; }
  done
  log "3 nodes in one view: $(lab vireo-wait n1 'cluster: view [0-9]+ \[n1, n[0-9], n[0-9]\]' 5 | sed 's/.*| //')"
  sleep 3   # the view change's anti-entropy rounds and the first reports

  python3 - "$STATE" "$OUT" "$CHANGES" "$DOCS" <<'PY' || return 1
import os, sys, time, re, subprocess, datetime
state, out, changes, docs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
LABSH = os.environ.get("LABSH")
home = {n: f"{state}/vireo-{n}" for n in ("n1", "n2", "n3")}
TS = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d),(\d{3}) ")

def ts(line):  # karaf.log's local time (ISO8601 with ,SSS) -> epoch seconds
    m = TS.match(line)
    if not m:
        return None
    return time.mktime(time.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S")) + int(m.group(2)) / 1000

class Follow:  # new complete lines of a node's karaf.log
    def __init__(self, node, start=None):
        self.path = f"{home[node]}/data/log/karaf.log"
        self.f = open(self.path, "r", errors="replace")
        if start is None:
            self.f.seek(0, os.SEEK_END)
        else:
            self.f.seek(start)
        self.buf = ""
    def lines(self):
        chunk = self.f.read()
        if not chunk:
            return []
        self.buf += chunk
        *done, self.buf = self.buf.split("\n")
        return done

def wait(pred, secs, what):  # poll every 2 ms until pred() is true; bounded
    end = time.time() + secs
    while time.time() < end:
        if pred():
            return True
        time.sleep(0.002)
    print(f"  timeout ({secs} s) waiting for {what}", flush=True)
    return False

def atomic_write(node, rel, content):  # write beside (etc/.bench-tmp, not watched), rename into place
    tmp = f"{home[node]}/etc/.bench-tmp/{os.path.basename(rel)}"
    with open(tmp, "w") as f:
        f.write(content)
    t = time.time()
    os.rename(tmp, f"{home[node]}/etc/{rel}")
    return t

CHANGED = re.compile(r"config sync: (\S+) changed here, version (\S+)")
APPLIED = re.compile(r"config sync: (\S+) applied, version (\S+)")

# ---- a. changes, one at a time
fol = {n: Follow(n) for n in home}
warm = 10
rows = []
with open(f"{out}/lab-changes.tsv", "w") as tsv:
    tsv.write("seq\trename_epoch\tversion\twatcher_ms\tn2_ms\tn3_ms\tsync_ms\te2e_ms\n")
    for i in range(-warm, changes):
        t_rename = atomic_write("n1", "bench/doc.txt", f"change {i} {time.time_ns()}\n")
        got = {}
        def n1_changed():
            for l in fol["n1"].lines():
                m = CHANGED.search(l)
                if m and m.group(1) == "file:bench/doc.txt":
                    got["v"], got["t1"] = m.group(2), ts(l)
            return "v" in got
        def applied_both():
            for n in ("n2", "n3"):
                for l in fol[n].lines():
                    m = APPLIED.search(l)
                    if m and m.group(1) == "file:bench/doc.txt" and m.group(2) == got["v"]:
                        got[n] = ts(l)
            return "n2" in got and "n3" in got
        if not wait(n1_changed, 30, f"n1 to log change {i}") or not wait(applied_both, 30, f"n2/n3 to apply {got['v']}"):
            tsv.write(f"{i + 1}\t{t_rename:.3f}\t{got.get('v', 'NA')}\tNA\tNA\tNA\tNA\tNA\n")
            continue
        w = (got["t1"] - t_rename) * 1000
        d2, d3 = (got["n2"] - got["t1"]) * 1000, (got["n3"] - got["t1"]) * 1000
        s = max(d2, d3)
        e = (max(got["n2"], got["n3"]) - t_rename) * 1000
        if i >= 0:
            rows.append((w, d2, d3, s, e))
            tsv.write(f"{i + 1}\t{t_rename:.3f}\t{got['v']}\t{w:.0f}\t{d2:.0f}\t{d3:.0f}\t{s:.0f}\t{e:.0f}\n")
        if i >= 0 and (i + 1) % 50 == 0:
            print(f"  {i + 1} changes", flush=True)

def pct(vals, p):
    v = sorted(vals)
    k = max(0, min(len(v) - 1, -(-p * len(v) // 100) - 1))
    return v[int(k)]

def stats(vals):
    return (pct(vals, 50), pct(vals, 90), pct(vals, 99), max(vals), sum(vals) / len(vals))

with open(f"{out}/lab-summary.md", "w") as md:
    md.write(f"## Lab: 3 nodes (role scanner), one change at a time on n1, {len(rows)} of {changes} measured "
             f"(after {warm} uncounted)\n\n| what (ms) | p50 | p90 | p99 | max | mean |\n|---|---:|---:|---:|---:|---:|\n")
    for name, k in (("sync: n1 `changed here` → applied on n2 and n3", 3), ("  on n2", 1), ("  on n3", 2),
                    ("watcher: rename → n1 `changed here`", 0), ("end to end: rename → applied on both", 4)):
        if rows:
            md.write("| %s | %.0f | %.0f | %.0f | %.0f | %.1f |\n" % ((name,) + stats([r[k] for r in rows])))
    md.write("\n")
print(open(f"{out}/lab-summary.md").read(), flush=True)

# ---- b. catch-up
def run(*a):
    subprocess.run(["timeout", "300", LABSH, *a], check=True, stdout=subprocess.DEVNULL)

print("  catch-up: stopping n3", flush=True)
run("vireo-stop", "n3")
fol2 = Follow("n2")
DOC = re.compile(r"config sync: (file:bench/d[0-9]{4}\.txt) applied, version")
t_make = time.time()
for d in range(1, docs + 1):
    atomic_write("n1", f"bench/d{d:04d}.txt", f"document {d} {time.time_ns()}\n")
t_made = time.time()
seen2 = set()
last2 = [None]
def n2_all():
    for l in fol2.lines():
        m = DOC.search(l)
        if m:
            seen2.add(m.group(1)); last2[0] = ts(l)
    return len(seen2) >= docs
ok2 = wait(n2_all, 300, f"n2 to apply {docs} documents")
print(f"  {docs} documents renamed on n1 in {(t_made - t_make) * 1000:.0f} ms; n2 applied {len(seen2)}, the last "
      f"{(last2[0] - t_make) * 1000 if last2[0] else float('nan'):.0f} ms after the first rename", flush=True)
off3 = os.path.getsize(f"{home['n3']}/data/log/karaf.log")
run("vireo", "n3", "--keep")
launched = float(open(f"{home['n3']}/launched").read().strip())
fol3 = Follow("n3", off3)
seen3, first3, last3, view3, started3 = set(), [None], [None], [None], [None]
VIEW = re.compile(r"cluster: view [0-9]+ \[n1, n[0-9], n[0-9]\]")
def n3_all():
    for l in fol3.lines():
        if view3[0] is None and VIEW.search(l):
            view3[0] = ts(l)
        if started3[0] is None and "role scanner active" in l:
            started3[0] = ts(l)
        m = DOC.search(l)
        if m:
            seen3.add(m.group(1)); last3[0] = ts(l)
            first3[0] = first3[0] or ts(l)
    return len(seen3) >= docs
ok3 = wait(n3_all, 600, f"n3 to apply {docs} documents")
ms = lambda a, b: (a - b) * 1000 if a is not None and b is not None else float("nan")
with open(f"{out}/lab-catchup.tsv", "w") as tsv:
    tsv.write("docs\tn2_applied\tn2_last_after_first_rename_ms\tn3_applied\tlaunch_to_role_active_ms\t"
              "launch_to_view_ms\tview_to_first_applied_ms\tview_to_last_applied_ms\tlaunch_to_last_applied_ms\n")
    tsv.write(f"{docs}\t{len(seen2)}\t{ms(last2[0], t_make):.0f}\t{len(seen3)}\t{ms(started3[0], launched):.0f}\t"
              f"{ms(view3[0], launched):.0f}\t{ms(first3[0], view3[0]):.0f}\t{ms(last3[0], view3[0]):.0f}\t"
              f"{ms(last3[0], launched):.0f}\n")
with open(f"{out}/lab-summary.md", "a") as md:
    md.write(f"## Lab: catch-up of n3 after {docs} documents were created on n1 while it was stopped\n\n"
             f"| what | ms |\n|---|---:|\n"
             f"| n1: {docs} renames (then n2 had applied all {len(seen2)} after) | {ms(t_made, t_make):.0f} "
             f"({ms(last2[0], t_make):.0f}) |\n"
             f"| n3: launch (JVM start) → 3-member view | {ms(view3[0], launched):.0f} |\n"
             f"| n3: 3-member view → first document applied | {ms(first3[0], view3[0]):.0f} |\n"
             f"| n3: 3-member view → all {len(seen3)} applied | {ms(last3[0], view3[0]):.0f} |\n"
             f"| n3: launch → all applied | {ms(last3[0], launched):.0f} |\n"
             f"| (n3: launch → `role scanner active`) | {ms(started3[0], launched):.0f} |\n\n")
print("## Lab: catch-up" + open(f"{out}/lab-summary.md").read().split("## Lab: catch-up")[1], flush=True)
sys.exit(0 if ok2 and ok3 else 1)
PY
}

# ---------------------------------------------------------------- in-JVM
run_jvm() {
  log "in-JVM: 8 members, $CHANGES changes after $WARMUP warm-up, catch-up of $DOCS documents"
  java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$JAR" org.vireo.bench.cluster.SyncLatencyBench \
    --members 8 --changes "$CHANGES" --warmup "$WARMUP" --docs "$DOCS" --out "$OUT" \
    >"$OUT/logs/jvm.out" 2>"$OUT/logs/jvm.err" &
  JVM_PID=$!
  local i rc
  for i in $(seq 1800); do kill -0 "$JVM_PID" 2>/dev/null || break; sleep 0.5; done   # <= 15 min
  if kill -0 "$JVM_PID" 2>/dev/null; then log "in-JVM run still going after 15 min: stopped"; stop_pid "$JVM_PID" TERM 10; JVM_PID=; return 1; fi
  wait "$JVM_PID"; rc=$?; JVM_PID=
  cat "$OUT/logs/jvm.out"
  return $rc
}

export LABSH
rc=0
if [ "$SKIP_LAB" = false ]; then
  run_lab || { log "lab part failed"; rc=1; }
  for n in n1 n2 n3; do
    [ -f "$STATE/vireo-$n/data/log/karaf.log" ] && cp "$STATE/vireo-$n/data/log/karaf.log" "$OUT/logs/$n-karaf.log"
  done
  log "tearing down lab $LAB"; timeout 180 "$LABSH" down >/dev/null 2>&1; LAB_UP=false
  gzip -f "$OUT"/logs/n?-karaf.log 2>/dev/null
fi
if [ "$SKIP_JVM" = false ]; then
  run_jvm || { log "in-JVM part failed"; rc=1; }
fi
{
  echo "# Config sync benchmark (issue 7)"; echo
  sed 's/^# /    /' "$OUT/meta.txt"; echo
  [ -f "$OUT/lab-summary.md" ] && cat "$OUT/lab-summary.md"
  [ -f "$OUT/jvm-summary.md" ] && cat "$OUT/jvm-summary.md"
  echo "Goal (issue 7): p99 < 200 ms on the lab LAN."
} >"$OUT/summary.md"
log "summary: $OUT/summary.md"
exit $rc
