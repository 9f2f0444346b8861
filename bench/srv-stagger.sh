#!/usr/bin/env bash
#
# srv-stagger.sh: the SRV connector's staggered start against the sequential one, the first candidate black-holed.
#
#   bench/srv-stagger.sh [-n runs] [-t timeout-ms] [-s "0 100 250"] [-o outdir] [-j client.jar]
#
#   -n  runs per mode (default 20)
#   -t  --timeout of the tool: per DNS query and per connection (default 2000)
#   -s  the --stagger values to compare (default "0 100 250"; 0 = one candidate after the other)
#   -o  output dir (default bench/results/srv-stagger)
#   -j  the client jar (default bundles/vireo-srv/target/vireo-srv-*-client.jar; mvn -o ... install -DskipTests)
#
# Root (network namespaces). Setup, all inside a namespace of its own (vireo-srvb-PID) with only lo and a veth:
#   - dnsmasq on 127.0.0.1:53 with _vireo-proxy._tcp.bench.test SRV: priority 10 -> dead.bench.test:80
#     (198.18.1.1), priority 20 -> live.bench.test:8080 (127.0.0.1); and _vireo-proxy._tcp.live.bench.test
#     with the live record alone (the anchor: the same JVM start, DNS and HTTP, no dead candidate);
#   - python3 -m http.server on 127.0.0.1:8080 (200 for GET /);
#   - 198.18.1.0/24 routed over a veth to a second namespace (vireo-srvb-PID-hole) that forwards but has a
#     blackhole route for it: the SYNs leave the client's stack and are dropped in silence (no ICMP, no RST), so
#     the connection attempt ends at the tool's connect timeout, as a dead or firewalled gateway would.
# Each run is the client jar's `connect bench.test --scheme http --timeout T --stagger S` (java -jar, with
# bin/vireo-srv's JVM options), timed from fork to exit; the modes are interleaved round-robin (run 1 of every
# mode, then run 2, ...) so that drift of the shared machine hits all alike. A check first: the black hole
# must cost the full connect timeout. Output: runs.tsv (every run: mode, run, wall ms, exit, the winner's
# trace line), summary.md (median and p90 per mode, ratios to the sequential mode and the cost over the anchor),
# meta.txt, check.txt. Every process is stopped by its PID, both namespaces are deleted on exit.
#
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project_root=$(cd "${script_dir}/.." && pwd)
# shellcheck source=bench/lib.sh
. "${script_dir}/lib.sh"

runs=20
timeout_ms=2000
staggers="0 100 250"
outdir="${script_dir}/results/srv-stagger"
jar=""
JAVA_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"   # bin/vireo-srv's defaults
RUN_LIMIT_S=30                                          # a run that takes longer is killed and fails the bench

usage() { sed -n '5,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "srv-stagger: ERROR: $*" >&2; exit 1; }
log() { echo "srv-stagger: $*" >&2; }

while getopts "n:t:s:o:j:h" opt; do
    case "${opt}" in
        n) runs=${OPTARG} ;;
        t) timeout_ms=${OPTARG} ;;
        s) staggers=${OPTARG} ;;
        o) outdir=${OPTARG} ;;
        j) jar=${OPTARG} ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
[[ "${runs}" =~ ^[1-9][0-9]?$ ]] || die "-n wants 1..99, got '${runs}'"
[[ "${timeout_ms}" =~ ^[1-9][0-9]{2,4}$ ]] || die "-t wants 100..99999 ms, got '${timeout_ms}'"
for s in ${staggers}; do [[ "${s}" =~ ^[0-9]{1,5}$ ]] || die "-s wants numbers of ms, got '${s}'"; done
[ "$(id -u)" = 0 ] || die "needs root (ip netns)"
for tool in ip java python3 timeout sha256sum; do
    command -v "${tool}" >/dev/null 2>&1 || die "needs ${tool} on PATH"
done
dnsmasq=/usr/sbin/dnsmasq
[ -x "${dnsmasq}" ] || die "needs ${dnsmasq} (Debian: apt-get install dnsmasq-base)"
if [ -z "${jar}" ]; then
    jars=("${project_root}"/bundles/vireo-srv/target/vireo-srv-*-client.jar)
    jar=${jars[0]}
fi
[ -f "${jar}" ] || die "no client jar at ${jar}: build it (mvn -o install -DskipTests -pl bundles/vireo-srv -am) or give -j"
jar=$(cd "$(dirname "${jar}")" && pwd)/$(basename "${jar}")

ns="vireo-srvb-$$"
hole="${ns}-hole"
work=$(mktemp -d /tmp/srv-stagger.XXXXXX)
dns_pid=; http_pid=
cleanup() {
    set +e   # every step, whatever the one before returned (wait gives the killed process's status)
    stop_pid "${http_pid}" TERM
    stop_pid "${dns_pid}" TERM
    ip netns del "${ns}" 2>/dev/null || true
    ip netns del "${hole}" 2>/dev/null || true
    rm -rf "${work}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "namespaces ${ns} and ${hole}"
ip netns add "${ns}"
ip netns add "${hole}"
ip -n "${ns}" link set lo up
ip -n "${hole}" link set lo up
ip link add vsb$$a netns "${ns}" type veth peer name vsb$$b netns "${hole}"
ip -n "${ns}" addr add 198.18.0.1/30 dev vsb$$a
ip -n "${hole}" addr add 198.18.0.2/30 dev vsb$$b
ip -n "${ns}" link set vsb$$a up
ip -n "${hole}" link set vsb$$b up
ip -n "${ns}" route add 198.18.1.0/24 via 198.18.0.2
# Forwarding on, so the blackhole route decides (dropped without a word); with it off the kernel would answer
# host-unreachable, which fails the connection at once.
ip netns exec "${hole}" sysctl -q -w net.ipv4.ip_forward=1
ip -n "${hole}" route add blackhole 198.18.1.0/24

mkdir -p "${work}/www"
echo "live" > "${work}/www/index.html"
ip netns exec "${ns}" python3 -m http.server 8080 --bind 127.0.0.1 --directory "${work}/www" \
    >"${work}/http.log" 2>&1 &
http_pid=$!
ip netns exec "${ns}" "${dnsmasq}" --keep-in-foreground --conf-file=/dev/null --no-resolv --no-hosts --no-poll \
    --pid-file= --listen-address=127.0.0.1 --bind-interfaces --port=53 --local=/test/ --user=root \
    --srv-host=_vireo-proxy._tcp.bench.test,dead.bench.test,80,10,0 \
    --srv-host=_vireo-proxy._tcp.bench.test,live.bench.test,8080,20,0 \
    --srv-host=_vireo-proxy._tcp.live.bench.test,live.bench.test,8080,20,0 \
    --host-record=dead.bench.test,198.18.1.1 --host-record=live.bench.test,127.0.0.1 \
    >"${work}/dnsmasq.log" 2>&1 &
dns_pid=$!

# tool <args...>: the client jar in the namespace; its output on stdout
tool() {
    # shellcheck disable=SC2086 # a list of options
    timeout -k 2 "${RUN_LIMIT_S}" ip netns exec "${ns}" java ${JAVA_OPTS} -jar "${jar}" "$@"
}

# both servers up (bounded: 10 s)
for _ in $(seq 100); do
    if tool resolve bench.test --dns 127.0.0.1 --timeout 500 >/dev/null 2>&1 \
       && ip netns exec "${ns}" python3 -c 'import urllib.request as u; u.urlopen("http://127.0.0.1:8080/", timeout=1)' \
          2>/dev/null; then
        break
    fi
    kill -0 "${dns_pid}" 2>/dev/null || die "dnsmasq ended: $(cat "${work}/dnsmasq.log")"
    kill -0 "${http_pid}" 2>/dev/null || die "the HTTP server ended: $(cat "${work}/http.log")"
    sleep 0.1
done

mkdir -p "${outdir}"
# The check: the dead candidate alone costs the connect timeout, not an immediate refusal.
check=$(tool connect 198.18.1.1:80 --scheme http --timeout "${timeout_ms}" --stagger 0 2>&1 || true)
printf '%s\n' "${check}" > "${outdir}/check.txt"
dead_ms=$(printf '%s\n' "${check}" | sed -n 's/^candidate 1 .*(\([0-9]*\) ms)$/\1/p' | head -n 1)
if [ -z "${dead_ms}" ] || [ "${dead_ms}" -lt $(( timeout_ms * 9 / 10 )) ]; then
    die "the black hole answered in ${dead_ms:-?} ms instead of timing out after ${timeout_ms}: ${check}"
fi
tool resolve bench.test --dns 127.0.0.1 > "${outdir}/resolve.txt"
log "check: the black-holed candidate failed after ${dead_ms} ms: $(sed -n 's/^candidate 1 *[^ ]* *//p' "${outdir}/check.txt")"

{
    echo "# srv-stagger $(date -u +%Y-%m-%dT%H:%M:%SZ) host=$(hostname) kernel=$(uname -r) cpus=$(nproc)"
    echo "# git $(git -C "${project_root}" rev-parse --short HEAD 2>/dev/null)$(git -C "${project_root}" diff --quiet 2>/dev/null || echo +dirty)"
    echo "# jar $(basename "${jar}") sha256 $(sha256sum "${jar}" | cut -c1-16)"
    echo "# $(java -version 2>&1 | head -n 1) | JVM options: ${JAVA_OPTS} | $(${dnsmasq} --version | head -n 1)"
    echo "# command: bench/srv-stagger.sh -n ${runs} -t ${timeout_ms} -s \"${staggers}\""
    echo "# modes: anchor = live record alone (stagger 250); stagger-S = dead (prio 10) then live (prio 20)"
    echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "${outdir}/meta.txt"

modes="anchor"
for s in ${staggers}; do modes="${modes} stagger-${s}"; done
printf 'mode\trun\twall_ms\texit\tresult\n' > "${outdir}/runs.tsv"
for run in $(seq "${runs}"); do
    for mode in ${modes}; do
        if [ "${mode}" = anchor ]; then
            args=(connect live.bench.test --stagger 250)
        else
            args=(connect bench.test --stagger "${mode#stagger-}")
        fi
        t0=$(date +%s%N)
        status=0
        out=$(tool "${args[@]}" --dns 127.0.0.1 --scheme http --timeout "${timeout_ms}" 2>&1) || status=$?
        t1=$(date +%s%N)
        result=$(printf '%s\n' "${out}" | grep -m 1 '^connected: ' || printf '%s' "${out}" | tr '\n\t' '  ')
        printf '%s\t%d\t%d\t%d\t%s\n' "${mode}" "${run}" $(( (t1 - t0) / 1000000 )) "${status}" "${result}" \
            | tee -a "${outdir}/runs.tsv" >&2
        [ "${status}" = 0 ] || die "${mode} run ${run} failed (exit ${status}): ${out}"
    done
done

# The same modes inside one JVM (bench/SrvConnectProbe.java): resolve and connect timed apart, no JVM start.
probe_modes=(live.bench.test=250)
for s in ${staggers}; do probe_modes+=("bench.test=${s}"); done
log "in-JVM probe: ${runs} rounds of ${probe_modes[*]}"
printf 'mode\trun\tresolve_ms\tconnect_ms\tresult\n' > "${outdir}/probe.tsv"
# shellcheck disable=SC2086 # a list of options
timeout -k 2 $(( runs * (2 + ${#probe_modes[@]}) * timeout_ms / 1000 + 60 )) ip netns exec "${ns}" \
    java ${JAVA_OPTS} -cp "${jar}" "${script_dir}/SrvConnectProbe.java" 127.0.0.1 53 "${timeout_ms}" "${runs}" \
    "${probe_modes[@]}" | sed -e 's/^live\.bench\.test=[0-9]*/anchor/' -e 's/^bench\.test=/stagger-/' \
    >> "${outdir}/probe.tsv"
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >> "${outdir}/meta.txt"

python3 - "${outdir}" "${modes}" "${timeout_ms}" > "${outdir}/summary.md" <<'EOF'
import csv, math, statistics as st, sys
out, modes, timeout = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])
p90 = lambda xs: xs[math.ceil(0.9 * len(xs)) - 1]   # nearest rank

def table(file, column, title):
    rows = list(csv.DictReader(open(f'{out}/{file}'), delimiter='\t'))
    ms = {m: sorted(float(r[column]) for r in rows if r['mode'] == m) for m in modes}
    med = {m: st.median(ms[m]) for m in modes}
    seq = 'stagger-0' if 'stagger-0' in modes else None
    print(f'{title}, {len(ms[modes[0]])} runs per mode, --timeout {timeout} ms; the first candidate '
          'black-holed except in the anchor.\n')
    print('| mode | median ms | p90 ms | min..max ms | median / sequential | median - anchor ms |')
    print('|---|---:|---:|---:|---:|---:|')
    for m in modes:
        ratio = f'{med[m] / med[seq]:.2f}' if seq else '-'
        print(f'| {m} | {med[m]:.0f} | {p90(ms[m]):.0f} | {ms[m][0]:.0f}..{ms[m][-1]:.0f} | {ratio} '
              f'| {med[m] - med["anchor"]:.0f} |')
    print()

table('runs.tsv', 'wall_ms', 'Wall time of the tool\'s `connect` (JVM start, SRV + A lookups, HTTP GET)')
table('probe.tsv', 'connect_ms', 'In one JVM (SrvConnectProbe): the connector alone, from the candidates to the 2xx')
EOF
cat "${outdir}/summary.md"
log "results in ${outdir}"
