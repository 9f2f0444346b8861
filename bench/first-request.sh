#!/usr/bin/env bash
#
# first-request.sh: how soon after bin/start the all-in-one node serves its first request through its balancer
# (issue 19, defect 11), and what the clients that came earlier got.
#
#   bench/first-request.sh [-n runs] [-o outdir] [-t vireo.tar.gz]...
#
#   -n  starts per distribution (default 5)
#   -o  output dir (default bench/results/first-request-<UTC>)
#   -t  a distribution to measure; repeat to compare (e.g. before and after a change), runs interleaved
#       round-robin; default: the single karaf-assembly/target/vireo-*.tar.gz
#
# Each run: a fresh unpack (a first start), the node with no role given (the all-in-one director that scans),
# its balancer on a free port of 127.0.0.1 forwarding to its scanner on another, an origin (python3 http.server
# on 127.0.0.1) shared by all runs. t0, bin/start, then a client every 20 ms: curl -x balancer origin, one at a
# time, until the first 200 (at most 300 s). From data/log/karaf.log, on the same clock: when the balancer
# listened, the scanner's proxy listened, the role was active (the readiness line), the balancer saw the scanner
# UP. Per run: the time of the first 200, and how many clients were refused (nothing listening yet: curl 7) and
# reset or closed (curl 52/56) before it; whether the first client after the readiness line got its 200.
#
# Output: runs.tsv (one line per run), summary.md (medians per distribution), karaf logs in logs/.
# Only loopback; every process is stopped by its PID.
#
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project_root=$(cd "${script_dir}/.." && pwd)
# shellcheck source=lib.sh
. "${script_dir}/lib.sh"

runs=5
outdir="${script_dir}/results/first-request-$(date -u +%Y%m%dT%H%M%SZ)"
dists=()
POLL_S=0.02
FIRST_TIMEOUT_S=300   # a first start took over 2 minutes on a loaded machine

usage() { sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "first-request: ERROR: $*" >&2; exit 1; }
log() { echo "first-request: $*" >&2; }

while getopts "n:o:t:h" opt; do
    case "${opt}" in
        n) runs=${OPTARG} ;;
        o) outdir=${OPTARG} ;;
        t) dists+=("$(cd "$(dirname "${OPTARG}")" && pwd)/$(basename "${OPTARG}")") ;;
        *) usage ;;
    esac
done
[[ "${runs}" =~ ^[1-9][0-9]*$ ]] || die "-n wants a positive integer, got '${runs}'"
for tool in tar curl python3 awk sed; do
    command -v "${tool}" >/dev/null 2>&1 || die "needs ${tool} on PATH"
done
if [ ${#dists[@]} -eq 0 ]; then
    shopt -s nullglob
    found=("${project_root}"/karaf-assembly/target/vireo-*.tar.gz)
    shopt -u nullglob
    [ ${#found[@]} -eq 1 ] || die "expected one karaf-assembly/target/vireo-*.tar.gz (found ${#found[@]}); build it or pass -t"
    dists=("${found[0]}")
fi
for d in "${dists[@]}"; do [ -f "${d}" ] || die "no distribution at ${d}"; done

mkdir -p "${outdir}/logs"
outdir=$(cd "${outdir}" && pwd)
work=$(mktemp -d /tmp/first-request.XXXXXX)
origin_pid="" karaf_pid="" karaf_dir=""

cleanup() {
    if [ -n "${karaf_dir}" ]; then stop_node; fi
    stop_pid "${origin_pid}" TERM || true # a stopped process's status, not a failure: the rest must run
    rm -rf "${work}"
    return 0
}
trap cleanup EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }



# The JVM of the node in $1 (bin/start forks it; it writes karaf.pid in its base folder).
node_pid() {
    local i
    for i in $(seq 200); do
        if [ -s "$1/karaf.pid" ]; then tr -dc '0-9' < "$1/karaf.pid"; return 0; fi
        sleep 0.05
    done
    return 1
}

stop_node() {
    "${karaf_dir}/bin/stop" >/dev/null 2>&1 || true
    if [ -n "${karaf_pid}" ]; then
        local i
        for i in $(seq 600); do kill -0 "${karaf_pid}" 2>/dev/null || break; sleep 0.05; done
        stop_pid "${karaf_pid}" TERM 10 || true
    fi
    karaf_dir="" karaf_pid=""
}

# Milliseconds since the epoch of the first karaf.log line containing $2 (log times are local, ISO 8601).
log_ms() {
    python3 - "$1" "$2" <<'EOF'
import sys, datetime
path, text = sys.argv[1], sys.argv[2]
for line in open(path, encoding="utf-8", errors="replace"):
    if text in line:
        stamp = line.split(" | ", 1)[0].strip().replace(",", ".")
        print(int(datetime.datetime.fromisoformat(stamp).timestamp() * 1000))
        break
else:
    print("-")
EOF
}

origin_dir="${work}/origin"
mkdir -p "${origin_dir}"
echo "hello from the origin" > "${origin_dir}/index.html"
read -r origin_port <<<"$(free_ports 1)"
python3 -m http.server --bind 127.0.0.1 --directory "${origin_dir}" "${origin_port}" >/dev/null 2>&1 &
origin_pid=$!
for i in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:${origin_port}/" && break; sleep 0.05; done

printf 'dist\trun\tfirst_200_ms\tbalancer_listening_ms\tproxy_listening_ms\tready_ms\tscanner_up_ms\trefused\treset_or_closed\tother\tfirst_after_ready\n' \
    > "${outdir}/runs.tsv"

measure() { # dist-index run
    local dist=${dists[$1]} run=$2 label="d$1" dir t0 bp pp ssh rmi1 rmi2 ftp
    dir="${work}/${label}-${run}"
    mkdir -p "${dir}"
    tar xzf "${dist}" -C "${dir}"
    dir=$(echo "${dir}"/vireo-*)
    read -r bp pp ssh rmi1 rmi2 ftp <<<"$(free_ports 6)"
    set_prop "${dir}/etc/org.apache.karaf.shell.cfg" sshPort "${ssh}"
    set_prop "${dir}/etc/org.apache.karaf.management.cfg" rmiRegistryPort "${rmi1}"
    set_prop "${dir}/etc/org.apache.karaf.management.cfg" rmiServerPort "${rmi2}"
    set_prop "${dir}/etc/org.vireo.balancer.cfg" httpPort "${bp}"
    set_prop "${dir}/etc/org.vireo.balancer.cfg" ftpPort "${ftp}"
    set_prop "${dir}/etc/org.vireo.balancer.cfg" standaloneAddresses 127.0.0.1
    set_prop "${dir}/etc/org.vireo.balancer.cfg" scanners "127.0.0.1:${pp}"
    printf 'listenAddress = 127.0.0.1\nport = %s\n' "${pp}" > "${dir}/etc/org.vireo.scanner.proxy.cfg"
    unset VIREO_ROLE VIREO_NODE_NAME KARAF_EXEC
    karaf_dir=${dir}
    t0=$(now_ms)
    "${dir}/bin/start" >/dev/null 2>&1
    karaf_pid=$(node_pid "${dir}") || die "no karaf.pid in ${dir}"
    local refused=0 reset=0 other=0 first="" code rc t ready_seen="" first_after_ready="-"
    while [ -z "${first}" ]; do
        t=$(now_ms)
        [ $(( t - t0 )) -lt $(( FIRST_TIMEOUT_S * 1000 )) ] || die "no 200 within ${FIRST_TIMEOUT_S} s (${dir})"
        if [ -z "${ready_seen}" ] && grep -q "role director active" "${dir}/data/log/karaf.log" 2>/dev/null; then
            ready_seen=yes
        fi
        rc=0
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -x "http://127.0.0.1:${bp}" \
            "http://127.0.0.1:${origin_port}/") || rc=$?
        if [ "${ready_seen}" = yes ] && [ "${first_after_ready}" = "-" ]; then
            first_after_ready="${code}/curl-${rc}"
        fi
        if [ "${rc}" -eq 0 ] && [ "${code}" = 200 ]; then
            first=$(( $(now_ms) - t0 ))
        elif [ "${rc}" -eq 7 ]; then
            refused=$((refused + 1))
        elif [ "${rc}" -eq 52 ] || [ "${rc}" -eq 56 ]; then
            reset=$((reset + 1))
        else
            other=$((other + 1))
        fi
        [ -n "${first}" ] || sleep "${POLL_S}"
    done
    local klog="${dir}/data/log/karaf.log" bl pl rd up
    rel() { local v; v=$(log_ms "${klog}" "$1"); [ "${v}" = "-" ] && echo "-" || echo $(( v - t0 )); }
    bl=$(rel "balancer: listening on 127.0.0.1:${bp} (http)")
    pl=$(rel "HTTP proxy listening on")
    rd=$(rel "role director active")
    up=$(rel "balancer: scanner 127.0.0.1:${pp} UP")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "${dist}")#$1" "${run}" "${first}" "${bl}" \
        "${pl}" "${rd}" "${up}" "${refused}" "${reset}" "${other}" "${first_after_ready}" | tee -a "${outdir}/runs.tsv"
    gzip -c "${klog}" > "${outdir}/logs/${label}-${run}-karaf.log.gz"
    stop_node
    rm -rf "${dir%/*}"
}

{
    echo "date: $(date -u +%FT%TZ)"
    echo "host: $(uname -srm), $(nproc) cores"
    echo "java: $(java -version 2>&1 | head -n1)"
    for i in "${!dists[@]}"; do echo "d${i}: ${dists[$i]} ($(sha256sum "${dists[$i]}" | cut -c1-16))"; done
    echo "command: $0 -n ${runs} $(for d in "${dists[@]}"; do printf -- '-t %s ' "${d}"; done)"
} > "${outdir}/meta.txt"

for run in $(seq "${runs}"); do
    for i in "${!dists[@]}"; do
        log "run ${run}, distribution d${i}"
        measure "${i}" "${run}"
    done
done

python3 - "${outdir}/runs.tsv" > "${outdir}/summary.md" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
def med(values):
    nums = [int(v) for v in values if v not in ("-", "")]
    return "-" if not nums else f"{statistics.median(nums) / 1000:.2f} s"
print("| distribution | runs | first 200 (median) | balancer listening | proxy listening | ready line |"
      " scanner UP | clients reset/closed before the first 200 (total) | first client after the ready line |")
print("|---|---|---|---|---|---|---|---|---|")
for dist in dict.fromkeys(r["dist"] for r in rows):
    rs = [r for r in rows if r["dist"] == dist]
    print(f"| {dist} | {len(rs)} | {med(r['first_200_ms'] for r in rs)} | {med(r['balancer_listening_ms'] for r in rs)}"
          f" | {med(r['proxy_listening_ms'] for r in rs)} | {med(r['ready_ms'] for r in rs)}"
          f" | {med(r['scanner_up_ms'] for r in rs)} | {sum(int(r['reset_or_closed']) for r in rs)}"
          f" | {', '.join(r['first_after_ready'] for r in rs)} |")
EOF
cat "${outdir}/summary.md"
log "results in ${outdir}"
