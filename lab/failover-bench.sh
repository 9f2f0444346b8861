#!/usr/bin/env bash
# failover-bench.sh - VRRP failover benchmark in the network-namespace lab (issue 4, item 8):
# Vireo next to keepalived 2.2.7, same lab, same advert interval.
#
# USAGE
#   failover-bench.sh [--impl keepalived,vireo] [-r N] [--intervals 1000,100,20] [--family ipv4,ipv6]
#                     [-o OUTDIR] [--dist TARBALL] [--pin]
#   failover-bench.sh --stress [SECONDS] [--impl ...] [-o OUTDIR] [--dist TARBALL]
#   failover-bench.sh --takeback N [--impl ...] [--intervals 100] [-o OUTDIR] [--dist TARBALL] [--pin]
#   failover-bench.sh --analyze OUTDIR
#
#   --impl       implementations, comma-separated, run interleaved (default keepalived)
#   -r N         repetitions per implementation and interval (default 5)
#   --intervals  advert intervals in ms (default 1000,100,20)
#   --family     address families, comma-separated, run interleaved like the implementations (default ipv4):
#                ipv4 = one VRRPv3 instance over IPv4, VIP 10.77.0.51 (as before issue 24); ipv6 = one VRRPv3
#                instance over IPv6 (issue 24), VIPs fe80::51 (the virtual router's link-local address, listed
#                first) and fd77::51, the probe pinging fd77::51 (ping -6); the adverts come from the nodes'
#                link-local addresses (fe80::77:ff:fe00:b / :c, from their MACs) to ff02::12, and the new master
#                announces the VIPs with unsolicited neighbour advertisements (ICMPv6 136 to ff02::1, Override
#                set) where IPv4 has gratuitous ARP. Repetitions of ipv4 keep their directory names
#                (IMPL-INTERVAL-rN), ipv6 ones are IMPL-ipv6-INTERVAL-rN. --stress and --takeback are IPv4 only:
#                they are not extended to IPv6 (their analysis would read IPv6 captures, the runs were never made)
#   --stress S   instead: the spurious-failover run, S seconds (default 600) of 20 ms adverts under
#                stress-ng --cpu 2, for each implementation in turn
#   --takeback N instead: N take-backs in a row per implementation (issue 19, defect 14), at the first of
#                --intervals (default here 100 ms): n1 stopped gracefully (n2 takes over), then restarted
#                (the whole process: keepalived afresh, Vireo's JVM with --keep) and preempting n2, with a
#                ping of the VIP every 2 ms from the client all along (SCHED_FIFO 5, so that a busy machine
#                does not starve the probe itself); the client's outage of each take-back
#                is the largest gap between two replies with a probe lost in it around n1's return
#                (failover_analyze.py; a gap without one is the probe's own stall, reported apart)
#   -o OUTDIR    results (default bench/out/failover-<date>); --analyze re-reads one
#   --dist       Vireo distribution (default karaf-assembly/target/vireo-*.tar.gz)
#   --pin        each node on a CPU of its own, as on separate machines: n1 (and the switch operations
#                of the crash) on CPU 0, n2 on CPU 1 (lab.sh's LAB_NODE_CPUS). Unpinned, both nodes share
#                the CPUs: on a kernel without full preemption, a killed JVM's address space torn down
#                (~50 ms per 200 MB, not preemptible) can hold the CPU the backup's timer wakes on
#                (docs/benchmarks.md); a killed keepalived leaves nothing of the kind.
#   env LAB      lab prefix (default fb); the lab is brought up and taken down by this script
#
# SETUP: lab with nodes n1 (priority 150, the master) and n2 (priority 100), VRRPv3, VRID 51, VIP
# 10.77.0.51 (interface MAC), garp_master_delay 5 s / 5 GARPs (IPv6: VIPs fe80::51 and fd77::51, the
# same delays for the neighbour advertisements). Each repetition, with a capture on the client (VRRP, ARP,
# the probe's ICMP; IPv6: VRRP, every neighbour advertisement, the probe's ICMPv6) and a probe (ping -i 0.002
# of the VIP from the client at SCHED_FIFO 5, below the VRRP threads' 10; IPv6: ping -6 of fd77::51) running:
#   1. start n2 and n1 fresh; wait until the VIP is on n1 only;
#   2. crash: n1 isolated on the switch (its port disabled: nothing in or out, carrier kept so the
#      daemon cannot react), SIGKILL of its keepalived (VRRP child, then parent) or JVM, port cut
#      (`lab.sh kill n1 --cut`); t_crash = the SIGKILL; wait until the VIP is on n2;
#   3. take-back: heal n1, restart it (keepalived afresh; Vireo --keep, as after a crash, so it also
#      has its stale VIP to remove); t_restart = the launch of the process (lab.sh's `launched`);
#      wait until the VIP is on n1 only;
#   4. graceful stop, once n1 has finished starting (Vireo: its readiness check says ready) and 5 s after
#      its take-back (keepalived too): SIGTERM to n1 (keepalived-stop / vireo-stop); t_stop = the SIGTERM;
#      wait until the VIP is on n2.
# MEASURED (all from the client's capture; kernel timestamps, same clock as the event times):
#   crash     kill -> n2's first advert | kill -> n2's first gratuitous ARP for the VIP (IPv6: its first
#             unsolicited neighbour advertisement for fd77::51, to ff02::1; runs.tsv key kill_na) |
#             n1's last advert -> n2's first advert | client outage: the gap between the first probe
#             reply answered by n2 (source MAC) and the reply before it (runs.tsv also has the
#             largest gap of ping -D's own timestamps across the crash, as a cross-check)
#   graceful  SIGTERM -> n2's first advert | n1's priority-0 advert -> n2's first advert | outage
#   take-back restart -> n1's first advert (includes the daemon's start: ~0 for keepalived, the
#             JVM's boot for Vireo) | n1's first advert -> the first probe reply from n1's MAC (the
#             VIP answered from it) | client outage: the largest gap between two probe replies with a
#             probe lost between them (sequence numbers in ping's log: the capture drops frames on a busy
#             machine), around n1's first announcement (from 20 ms before
#             its GARP or advert, whichever came first, to 250 ms after its advert), 0 when none was lost |
#             the probe's own stall: the largest reply gap there with no probe lost (the client sent nothing)
# STRESS: both nodes, 20 ms adverts, stress-ng --cpu 2 for S seconds, capture on the client: n1's
# largest advert gap, gaps > 3 intervals, takeovers by n2 (runs of adverts from n2), n2's GARP
# bursts, and n2's transitions to master in its log (keepalived).
# Output: OUTDIR/IMPL-INTERVAL-rN/ (IPv6: IMPL-ipv6-INTERVAL-rN/; events, client.pcap, ping.log, daemon
# logs), OUTDIR/runs.tsv (its last column the family), OUTDIR/summary.md (also printed; a table per family). Every wait is bounded; processes are stopped by PID (lab.sh).
# Needs root, the lab's tools, keepalived, tcpdump, tshark, python3, ping, stress-ng (--stress).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
LABSH="$HERE/lab.sh"
export LAB="${LAB:-fb}"
export LAB_STATE="${LAB_STATE:-/tmp/vireo-lab-$LAB}"

VRID=51
N1_MAC=02:77:00:00:00:0b N2_MAC=02:77:00:00:00:0c
# the family's addresses (set_family): FAMILY, VIP (the one probed), VIPS (all, for lab.sh --vip), N1_IP and
# N2_IP (the adverts' sources), PLEN, IPV (ip's -4/-6), CAP_FILTER, PING (the probe's command), TAG (of the
# repetitions' directory names)
FAMILY="" VIP="" VIPS="" N1_IP="" N2_IP="" PLEN="" IPV="" CAP_FILTER="" TAG=""
PING=()
set_family() {
    FAMILY=$1
    case "$1" in
        ipv4)
            VIP=10.77.0.51 VIPS=10.77.0.51 N1_IP=10.77.0.11 N2_IP=10.77.0.12 PLEN=32 IPV=-4 TAG=""
            CAP_FILTER="vrrp or arp or (icmp and host $VIP)"
            PING=(ping) ;;
        ipv6)
            # the link-local VIP first (RFC 5798 5.2.9); the adverts' sources are the nodes' link-local
            # addresses (EUI-64 of 02:77:00:00:00:0b / 0c). pcap's `vrrp` is IPv4's protocol 112 only:
            # `ip6 proto 112`; ip6[40] is the ICMPv6 type (no extension headers): 136, neighbour
            # advertisements, the unsolicited ones announcing the VIPs among them
            VIP=fd77::51 VIPS=fe80::51,fd77::51 N1_IP=fe80::77:ff:fe00:b N2_IP=fe80::77:ff:fe00:c PLEN=128 IPV=-6
            TAG=-ipv6
            CAP_FILTER="ip6 proto 112 or (icmp6 and (ip6[40] == 136 or host $VIP))"
            PING=(ping -6) ;;
    esac
}

impls=keepalived reps=5 intervals="" outdir="" dist="" stress="" analyze="" pin=false takeback= families=ipv4

die() { echo "failover-bench: error: $*" >&2; exit 1; }
say() { echo "failover-bench: $*" >&2; }
usage() { sed -n '/^# USAGE/,/^# SETUP/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --impl) [ $# -ge 2 ] || usage; impls=$2; shift 2 ;;
        -r) [ $# -ge 2 ] || usage; reps=$2; shift 2 ;;
        --intervals) [ $# -ge 2 ] || usage; intervals=$2; shift 2 ;;
        --family) [ $# -ge 2 ] || usage; families=$2; shift 2 ;;
        -o) [ $# -ge 2 ] || usage; outdir=$2; shift 2 ;;
        --dist) [ $# -ge 2 ] || usage; dist=$2; shift 2 ;;
        --pin) pin=true; shift ;;
        --stress)
            if [[ "${2:-}" =~ ^[0-9]+$ ]]; then stress=$2; shift 2; else stress=600; shift; fi ;;
        --analyze) [ $# -ge 2 ] || usage; analyze=$2; shift 2 ;;
        --takeback) [ $# -ge 2 ] || usage; takeback=$2; shift 2 ;;
        -h|--help) usage ;;
        *) die "unknown argument '$1' (--help)" ;;
    esac
done

if [ -n "$analyze" ]; then
    exec python3 "$HERE/failover_analyze.py" "$analyze"
fi

[ "$(id -u)" -eq 0 ] || die "must run as root (network namespaces)"
in_range() { [[ "$1" =~ ^[1-9][0-9]{0,5}$ ]] && [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]; }
in_range "$reps" 1 100 || die "-r wants 1..100"
if [ -n "$stress" ]; then in_range "$stress" 10 7200 || die "--stress wants 10..7200 seconds"; fi
if [ -n "$takeback" ]; then in_range "$takeback" 1 500 || die "--takeback wants 1..500"; fi
[ -n "$intervals" ] || if [ -n "$takeback" ]; then intervals=100; else intervals=1000,100,20; fi
IFS=, read -r -a IMPLS <<<"$impls"
IFS=, read -r -a INTERVALS <<<"$intervals"
IFS=, read -r -a FAMILIES <<<"$families"
[ ${#FAMILIES[@]} -gt 0 ] || die "--family: none given"
for f in "${FAMILIES[@]}"; do
    case "$f" in ipv4|ipv6) ;; *) die "--family: unknown family '$f' (ipv4, ipv6)" ;; esac
done
if [ -n "$stress$takeback" ] && [ "$families" != ipv4 ]; then
    die "--stress and --takeback run over IPv4 only (--family ipv4)"
fi
set_family "${FAMILIES[0]}"
for i in "${IMPLS[@]}"; do
    case "$i" in keepalived|vireo) ;; *) die "--impl: unknown implementation '$i'" ;; esac
done
for iv in "${INTERVALS[@]}"; do
    if ! in_range "$iv" 10 10000 || [ $((iv % 10)) -ne 0 ]; then
        die "--intervals: '$iv' is not 10..10000 ms in steps of 10"
    fi
done
for t in ip:iproute2 tcpdump:tcpdump tshark:tshark python3:python3 ping:iputils-ping; do
    command -v "${t%%:*}" >/dev/null || die "needs ${t%%:*} (apt-get install -y ${t#*:})"
done
[[ " ${IMPLS[*]} " != *" keepalived "* ]] || command -v keepalived >/dev/null || die "needs keepalived (apt-get install -y keepalived)"
[ -z "$stress" ] || command -v stress-ng >/dev/null || die "needs stress-ng (apt-get install -y stress-ng)"
if [[ " ${IMPLS[*]} " == *" vireo "* ]]; then
    if [ -z "$dist" ]; then
        shopt -s nullglob
        found=("$ROOT"/karaf-assembly/target/vireo-*.tar.gz)
        shopt -u nullglob
        [ ${#found[@]} -eq 1 ] || die "no single karaf-assembly/target/vireo-*.tar.gz: build (mvn -B -ntp package -DskipTests) or --dist"
        dist=${found[0]}
    fi
    [ -f "$dist" ] || die "no distribution at $dist"
    dist=$(realpath "$dist")
fi
[ -n "$outdir" ] || outdir="$ROOT/bench/out/failover-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$outdir"
outdir=$(realpath "$outdir")

lab() { timeout 300 "$LABSH" "$@"; }
now() { echo "$EPOCHREALTIME"; }
T0=$SECONDS

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    set +e
    say "tearing down lab $LAB"
    timeout 180 "$LABSH" down >/dev/null 2>&1 || say "warning: lab.sh down failed"
    say "results in $outdir ($((SECONDS - T0)) s)"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ------------------------------------------------------------------ helpers ---

vip_on() {
    local a
    a=$(ip -n "$LAB-$1" -o "$IPV" addr show dev eth0 2>/dev/null) || return 1
    [[ "$a" == *" $VIP/"* ]]
}

# wait_vip NODE OTHER|- SECONDS: until the VIP is on NODE and not on OTHER (- : whatever OTHER
# has, e.g. the stale VIP of a killed daemon), polled every 20 ms; bounded by time and count
wait_vip() {
    local on=$1 off=$2 secs=$3 i end
    end=$((SECONDS + secs))
    for ((i = 0; i < secs * 50 && SECONDS <= end; i++)); do
        if vip_on "$on" && { [ "$off" = - ] || ! vip_on "$off"; }; then return 0; fi
        sleep 0.02
    done
    return 1
}

# sleep_ms MS
sleep_ms() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }
max() { if [ "$1" -ge "$2" ]; then echo "$1"; else echo "$2"; fi; }

# start_node IMPL NODE PRIORITY INTERVAL [--keep]
start_node() {
    local impl=$1 m=$2 prio=$3 iv=$4 keep=${5:-}
    local -a vopts=(--vrid "$VRID" --priority "$prio" --interval-ms "$iv" --vip "$VIPS" --version 3)
    case "$impl" in
        keepalived) lab keepalived "$m" "${vopts[@]}" ;;
        vireo)
            local role=backup
            [ "$m" != n1 ] || role=director
            if [ -n "$keep" ]; then lab vireo "$m" --keep --role "$role" "${vopts[@]}"
            else lab vireo "$m" --dist "$dist" --role "$role" "${vopts[@]}"; fi ;;
    esac
}

# wait_pair IMPL INTERVAL: both nodes up, the VIP on n1 only (a Vireo backup that boots later
# than n1 has no VIP either: wait for its role to be active too)
wait_pair() {
    local impl=$1 to
    to=$(master_timeout "$impl" "$2")
    wait_vip n1 n2 "$to" || return 1
    [ "$impl" != vireo ] || lab vireo-wait n2 'role backup active' "$to" >/dev/null || return 1
    wait_vip n1 n2 "$to"
}

# wait_ready NODE SECONDS: until the Vireo node's readiness check (GET /api/v1/health on its loopback port) says
# ready, polled every 200 ms; bounded by time
STOP_AFTER_MS=5000
wait_ready() {
    local m=$1 end=$((SECONDS + $2))
    until lab exec "$m" curl -s --max-time 2 http://127.0.0.1:8181/api/v1/health 2>/dev/null | grep -q '"ready":true'
    do
        [ "$SECONDS" -lt "$end" ] || return 1
        sleep 0.2
    done
}

# stop_node IMPL NODE -> the SIGTERM's epoch time
stop_node() {
    case "$1" in
        keepalived) lab keepalived-stop "$2" 2>/dev/null ;;
        vireo) lab vireo-stop "$2" 2>/dev/null ;;
    esac
}

# how long a node may take to become master (s): the daemon's start plus 3 intervals + skew, doubled
master_timeout() {
    local impl=$1 iv=$2
    case "$impl" in
        keepalived) echo $((10 + 8 * iv / 1000)) ;;
        vireo) echo $((180 + 8 * iv / 1000)) ;;
    esac
}

# stop_pid PID: SIGINT, wait <= 3 s, then SIGKILL (a process this script spawned through lab.sh)
stop_pid() {
    local pid=$1 i
    kill -INT "$pid" 2>/dev/null || return 0
    for ((i = 0; i < 30; i++)); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
}

remove_vips() {
    local m a
    for m in n1 n2; do
        for a in ${VIPS//,/ }; do ip -n "$LAB-$m" addr del "$a/$PLEN" dev eth0 2>/dev/null || true; done
    done
}

copy_logs() {
    local impl=$1 dir=$2 m
    for m in n1 n2; do
        case "$impl" in
            keepalived)
                if [ -f "$LAB_STATE/keepalived-$m/keepalived.log" ]; then
                    cp "$LAB_STATE/keepalived-$m/keepalived.log" "$dir/$m.log"
                    : >"$LAB_STATE/keepalived-$m/keepalived.log"
                fi ;;
            vireo)
                cp "$LAB_STATE/vireo-$m/data/log/karaf.log" "$dir/$m.karaf.log" 2>/dev/null || true
                cp "$LAB_STATE/vireo-$m/karaf.out" "$dir/$m.karaf.out" 2>/dev/null || true ;;
        esac
    done
}

write_head() { # DIR IMPL INTERVAL REP
    printf '%s\n' "impl $2" "interval $3" "rep $4" "family $FAMILY" "vip $VIP" "vips $VIPS" "n1_ip $N1_IP" \
        "n2_ip $N2_IP" "n1_mac $N1_MAC" "n2_mac $N2_MAC" >"$1/events"
}

# stop both nodes of a repetition, whatever state they are in
stop_all() {
    local impl=$1 m
    for m in n2 n1; do stop_node "$impl" "$m" >/dev/null 2>&1 || true; done
    lab heal n1 >/dev/null 2>&1 || true
    remove_vips
}

# ------------------------------------------------------------- one repetition ---

declare -A BROKEN=()
EV="" REP_NAME=""
rep_fail() { echo "fail $*" >>"$EV"; say "$REP_NAME: $*"; }

# run_rep IMPL INTERVAL REP : 0 = done (maybe with a recorded failure), 1 = the setup itself failed
run_rep() {
    local impl=$1 iv=$2 rep=$3 dir ev t cap probe settle to
    dir="$outdir/$impl$TAG-$iv-r$rep"
    rm -rf "$dir"
    mkdir -p "$dir"
    ev="$dir/events"
    EV=$ev REP_NAME="$impl${TAG:+ $FAMILY} $iv ms rep $rep"
    write_head "$dir" "$impl" "$iv" "$rep"
    to=$(master_timeout "$impl" "$iv")
    settle=$(max 500 $((2 * iv)))

    start_node "$impl" n2 100 "$iv" >/dev/null
    start_node "$impl" n1 150 "$iv" >/dev/null
    if ! wait_pair "$impl" "$iv"; then
        rep_fail "n1 not master with the VIP (and n2 up) within ${to}s of the start"
        stop_all "$impl"
        copy_logs "$impl" "$dir"
        return 1
    fi
    sleep_ms "$settle"

    cap="$dir/client.pcap"
    lab capture c "$cap" "$CAP_FILTER" >/dev/null
    # real-time, as in the take-back run: the client stands for another machine, and on the lab's shared CPUs a
    # normal ping was held for 12-16 ms while the restarted JVM took over (its replies then came late, none lost)
    probe=$(lab spawn c "$dir/ping.log" chrt -f 5 "${PING[@]}" -n -D -i 0.002 -W 1 "$VIP")
    sleep_ms "$(max 1000 $((5 * iv / 2)))"

    # 2. crash
    if $pin; then t=$(taskset -c 0 timeout 300 "$LABSH" kill n1 --cut 2>/dev/null) || t=""
    else t=$(lab kill n1 --cut 2>/dev/null) || t=""; fi
    if [ -z "$t" ]; then
        rep_fail "could not kill n1"
    elif echo "crash $t" >>"$ev" && wait_vip n2 - "$to"; then
        sleep_ms "$settle"
        # 3. take-back
        lab heal n1 >/dev/null 2>&1
        start_node "$impl" n1 150 "$iv" --keep >/dev/null
        # the launch itself (lab.sh writes it just before the fork), not lab.sh's preparations
        echo "restart $(cat "$LAB_STATE/$impl-n1/launched")" >>"$ev"
        if wait_vip n1 n2 "$to"; then
            # an operator stops a node that has been running, not one still booting: a JVM that took over while
            # it started its other bundles (the take-back) is given the time to finish, keepalived the same pause
            [ "$impl" != vireo ] || wait_ready n1 "$to" || rep_fail "restarted n1 never said it was ready"
            sleep_ms "$(max "$settle" "$STOP_AFTER_MS")"
            # 4. graceful stop
            t=$(stop_node "$impl" n1) || t=""
            if [ -z "$t" ]; then
                rep_fail "could not stop n1"
            else
                echo "stop $t" >>"$ev"
                wait_vip n2 n1 "$to" || rep_fail "n2 did not take the VIP within ${to}s of the graceful stop"
                sleep_ms "$settle"
            fi
        else
            rep_fail "restarted n1 did not take the VIP back within ${to}s"
        fi
    else
        rep_fail "n2 did not take the VIP within ${to}s of the crash"
    fi

    stop_pid "$probe"
    lab capture-stop "$cap" 2>"$dir/capture.stats" || true
    stop_all "$impl"
    copy_logs "$impl" "$dir"
    return 0
}

# ------------------------------------------------------------- stress run ---

run_stress() {
    local impl=$1 secs=$2 iv=20 dir ev to cap spid i n2_before=0 n2_after
    dir="$outdir/stress-$impl"
    rm -rf "$dir"
    mkdir -p "$dir"
    ev="$dir/events"
    write_head "$dir" "$impl" "$iv" 1
    echo "duration $secs" >>"$ev"
    to=$(master_timeout "$impl" "$iv")
    start_node "$impl" n2 100 "$iv" >/dev/null
    start_node "$impl" n1 150 "$iv" >/dev/null
    if ! wait_pair "$impl" "$iv"; then
        echo "fail n1 not master (and n2 up) within ${to}s" >>"$ev"
        stop_all "$impl"
        copy_logs "$impl" "$dir"
        return 1
    fi
    sleep 2
    [ "$impl" != keepalived ] || n2_before=$(grep -c 'Entering MASTER STATE' "$LAB_STATE/keepalived-n2/keepalived.log" || true)
    cap="$dir/client.pcap"
    lab capture c "$cap" "vrrp or arp" >/dev/null
    echo "stress_start $(now)" >>"$ev"
    spid=$(lab spawn o "$dir/stress-ng.log" stress-ng --cpu 2 --timeout "${secs}s" --metrics-brief)
    say "$impl: stress-ng --cpu 2 for ${secs}s (pid $spid)"
    for ((i = 0; i < secs; i += 10)); do
        sleep "$(( secs - i < 10 ? secs - i : 10 ))"
    done
    echo "stress_end $(now)" >>"$ev"
    stop_pid "$spid"
    sleep 1
    lab capture-stop "$cap" 2>"$dir/capture.stats" || true
    if [ "$impl" = keepalived ]; then
        n2_after=$(grep -c 'Entering MASTER STATE' "$LAB_STATE/keepalived-n2/keepalived.log" || true)
        echo "n2_master_lines $((n2_after - n2_before))" >>"$ev"
    fi
    stop_all "$impl"
    copy_logs "$impl" "$dir"
}

# --------------------------------------------------------------- take-backs ---

# run_takeback IMPL INTERVAL N: n1 (150) and n2 (100) up, a ping of the VIP from the client; N times: n1 stopped
# (n2 takes over), n1 restarted, preempts. events: "takeback K T_RESTART T_SETTLED" per take-back.
run_takeback() {
    local impl=$1 iv=$2 n=$3 dir ev to cap probe k t settle=1000
    dir="$outdir/takeback-$impl-$iv"
    rm -rf "$dir"
    mkdir -p "$dir"
    ev="$dir/events"
    write_head "$dir" "$impl" "$iv" 1
    to=$(master_timeout "$impl" "$iv")
    start_node "$impl" n2 100 "$iv" >/dev/null
    start_node "$impl" n1 150 "$iv" >/dev/null
    if ! wait_pair "$impl" "$iv"; then
        echo "fail n1 not master with the VIP (and n2 up) within ${to}s of the start" >>"$ev"
        stop_all "$impl"
        copy_logs "$impl" "$dir"
        return 1
    fi
    sleep_ms "$settle"
    cap="$dir/client.pcap"
    lab capture c "$cap" "vrrp or arp" >/dev/null
    # real-time (below the VRRP threads' 10): at a load of 20 a normal ping sent one every 7 ms, and its own
    # stalls of hundreds of milliseconds looked like outages
    probe=$(lab spawn c "$dir/ping.log" chrt -f 5 ping -n -D -i 0.002 -W 1 "$VIP")
    sleep_ms "$settle"
    for ((k = 1; k <= n; k++)); do
        say "$impl: take-back $k/$n ($((SECONDS - T0)) s)"
        t=$(stop_node "$impl" n1) || t=""
        if [ -z "$t" ] || ! wait_vip n2 n1 "$to"; then
            echo "fail take-back $k: n2 did not take the VIP after n1's stop" >>"$ev"
            break
        fi
        sleep_ms "$settle"
        start_node "$impl" n1 150 "$iv" --keep >/dev/null
        t=$(cat "$LAB_STATE/$impl-n1/launched")
        if ! wait_vip n1 n2 "$to"; then
            echo "fail take-back $k: restarted n1 did not take the VIP back within ${to}s" >>"$ev"
            break
        fi
        sleep_ms "$settle"
        echo "takeback $k $t $(now)" >>"$ev"
    done
    stop_pid "$probe"
    lab capture-stop "$cap" 2>"$dir/capture.stats" || true
    stop_all "$impl"
    copy_logs "$impl" "$dir"
}

# --------------------------------------------------------------------- main ---

if $pin; then
    [ "$(nproc)" -ge 2 ] || die "--pin needs 2 CPUs (this machine has $(nproc))"
    export LAB_NODE_CPUS="n1=0 n2=1"
fi
say "lab $LAB up; output $outdir"
"$LABSH" down >/dev/null 2>&1 || true
lab up -n 2 2>/dev/null
{
    echo "# failover-bench $(date -u +%FT%TZ) impl=$impls reps=$reps intervals=$intervals family=$families stress=$stress takeback=$takeback"
    echo "# $(uname -sr), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# nodes pinned to CPUs: ${LAB_NODE_CPUS:-no}"
    echo "# $(keepalived --version 2>&1 | head -1)"
    [ -z "$dist" ] || echo "# vireo $dist sha256 $(sha256sum "$dist" | cut -d' ' -f1)"
} >"$outdir/run-info.txt"

if [ -n "$stress" ]; then
    for impl in "${IMPLS[@]}"; do
        run_stress "$impl" "$stress" || say "$impl: stress run could not start"
    done
elif [ -n "$takeback" ]; then
    for impl in "${IMPLS[@]}"; do
        run_takeback "$impl" "${INTERVALS[0]}" "$takeback" || say "$impl: take-back run could not start"
    done
else
    total=$((${#INTERVALS[@]} * reps * ${#FAMILIES[@]} * ${#IMPLS[@]})) n=0
    for iv in "${INTERVALS[@]}"; do
        for ((rep = 1; rep <= reps; rep++)); do
            for fam in "${FAMILIES[@]}"; do
                set_family "$fam"
                for impl in "${IMPLS[@]}"; do
                    n=$((n + 1))
                    if [ -n "${BROKEN[$impl$TAG]:-}" ]; then continue; fi
                    say "[$n/$total] $impl, ${TAG:+$FAMILY, }${iv} ms adverts, repetition $rep ($((SECONDS - T0)) s)"
                    if ! run_rep "$impl" "$iv" "$rep"; then
                        # the pair never came up: the same would happen every time
                        say "$impl${TAG:+ $FAMILY}: skipping its remaining repetitions"
                        BROKEN[$impl$TAG]=1
                    fi
                done
            done
        done
    done
fi
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >>"$outdir/run-info.txt"
python3 "$HERE/failover_analyze.py" "$outdir"
