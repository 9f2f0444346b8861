#!/usr/bin/env bash
# lab.sh - network-namespace lab for Vireo multi-node (VRRP failover) tests.
#
# LAYOUT (LAB=vl by default; every name below carries the "$LAB-" prefix)
#
#                       +---------------- $LAB-sw ----------------+
#                       |  br0 (Linux bridge: STP off, fwd delay 0,|
#                       |       multicast snooping off, no IPs)    |
#                       |  p-n1   p-n2  ...  p-nN    p-c    p-o    |
#                       +---|------|-----------|------|------|-----+
#                    veth   |      |           |      |      |
#                 eth0 in:  $LAB-n1 $LAB-n2 .. $LAB-nN $LAB-c $LAB-o
#
#   member   namespace   IPv4            IPv6           MAC
#   nK       $LAB-nK     10.77.0.(10+K)  fd77::(10+K)   02:77:00:00:00:<hex(10+K)>
#   client   $LAB-c      10.77.0.100     fd77::100      02:77:00:00:00:64
#   origin   $LAB-o      10.77.0.200     fd77::200      02:77:00:00:00:c8
#   (all /24 and /64; K = 1..40, so nodes use 10.77.0.11 .. 10.77.0.50)
#   Free for tests (e.g. VRRP virtual IPs): 10.77.0.51-99, 101-199, 201-254,
#   and any fd77:: address not listed above.
#
#   Inside every member namespace: lo up, eth0 up, IPv6 DAD disabled
#   (accept_dad=0 + "nodad"), router solicitations off, and a route
#   224.0.0.0/4 dev eth0 so multicast (VRRP 224.0.0.18) can be sent without a
#   default route. Inside $LAB-sw: IPv6 disabled (pure L2 switch) and, if the
#   kernel exposes them, bridge-nf-call-* = 0 so no netfilter touches bridging.
#
# RULES
#   * Nothing is ever added to the root network namespace: veth pairs are
#     created from inside $LAB-sw with their peer placed directly into the
#     member namespace, and the bridge lives in $LAB-sw.
#   * All traffic is between addresses inside the lab (10.77.0.0/24, fd77::/64);
#     there is no default route and no link to the outside.
#   * Several labs can coexist: pick a distinct LAB (e.g. LAB=t1 -> t1-sw,
#     t1-n1, ...). `down` only touches namespaces named exactly
#     $LAB-{sw,c,o,n<digits>}.
#   * Processes the lab starts (capture, spawn) are recorded as "PID STARTTIME"
#     in the state dir (default /tmp/vireo-lab-$LAB, or --state DIR / env
#     LAB_STATE) and are killed by PID on `down` (the start time guards against
#     PID reuse); `down` also kills, by PID, whatever still runs inside the
#     lab's namespaces (ip netns pids). Never by name.
#   * Every wait loop is bounded in iterations and time.
#
# USAGE
#   lab.sh [--state DIR] up [-n N]        create/repair lab with N nodes (default 2)
#   lab.sh [--state DIR] down             delete everything of this lab (idempotent)
#   lab.sh exec NODE cmd...               run cmd in NODE's namespace
#   lab.sh cut NODE | heal NODE           set NODE's switch port down | up
#   lab.sh capture NODE FILE [filter...]  tcpdump on NODE's eth0 into FILE (background)
#   lab.sh capture-stop FILE              stop that capture (SIGINT, flushes FILE)
#   lab.sh spawn NODE LOGFILE cmd...      run cmd in background in NODE, print PID
#   lab.sh status                         namespaces, addresses, bridge ports, PIDs
#   NODE = n1..nN | c | o | sw
#
# Requires root, iproute2 (ip, bridge), util-linux (flock), tcpdump for capture.
set -euo pipefail

PROG=lab.sh
LAB="${LAB:-vl}"
STATE="${LAB_STATE:-}"
MAX_NODES=40
NET4=10.77.0
NET6=fd77:

die() { echo "$PROG: error: $*" >&2; exit 1; }
log() { [ -n "${LAB_QUIET:-}" ] || echo "${PROG}[${LAB}]: $*" >&2; }

usage() {
    sed -n '/^# USAGE/,/^# Requires/p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

need_root() {
    [ "$(id -u)" -eq 0 ] || die "must run as root (network namespaces need CAP_SYS_ADMIN/CAP_NET_ADMIN)"
}

# need_cmd COMMAND DEBIAN_PACKAGE
need_cmd() {
    command -v "$1" >/dev/null 2>&1 ||
        die "required command '$1' not found; install Debian package '$2' (apt-get install -y $2)"
}

validate_lab() {
    [[ "$LAB" =~ ^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$ ]] ||
        die "LAB='$LAB' invalid: use 1-20 chars [A-Za-z0-9_-], starting alphanumeric"
    [ -n "$STATE" ] || STATE="/tmp/vireo-lab-$LAB"
}

# ---------------------------------------------------------------- naming ---

# member NAME -> validated member name (n1.., c, o, sw)
check_member() {
    case "$1" in
        sw|c|o) ;;
        n[1-9]|n[1-9][0-9])
            [ "${1#n}" -le "$MAX_NODES" ] || die "node '$1' out of range (max n$MAX_NODES)" ;;
        *) die "unknown node '$1' (expected n1..n$MAX_NODES, c, o or sw)" ;;
    esac
}
ns_of() { check_member "$1"; echo "$LAB-$1"; }

# host octet of a member (c=100, o=200, nK=10+K)
host_of() {
    case "$1" in
        c) echo 100 ;;
        o) echo 200 ;;
        n*) echo $((10 + ${1#n})) ;;
        *) die "member '$1' has no address" ;;
    esac
}
ip4_of() { echo "$NET4.$(host_of "$1")"; }
ip6_of() { echo "$NET6:$(host_of "$1")"; }
mac_of() { printf '02:77:00:00:00:%02x\n' "$(host_of "$1")"; }

ns_exists() { ip netns exec "$1" true >/dev/null 2>&1; }

# namespaces of this lab, exactly $LAB-{sw,c,o,n<digits>}
lab_namespaces() {
    local name _
    ip netns list 2>/dev/null | while read -r name _; do
        case "$name" in
            "$LAB-sw"|"$LAB-c"|"$LAB-o") echo "$name" ;;
            "$LAB-n"*)
                [[ "${name#"$LAB-n"}" =~ ^[0-9]+$ ]] && echo "$name" ;;
        esac
    done | sort -V
    return 0
}

# -------------------------------------------------------------- state/pids ---

state_init() { mkdir -p "$STATE/pids"; }

lock_state() {
    state_init
    exec 9>"$STATE/lock"
    flock -w 60 9 || die "could not lock $STATE/lock within 60s (another lab.sh running?)"
}

# start time (clock ticks since boot) of PID, or fail if it is gone or a
# zombie (a dead process its new parent has not reaped yet counts as gone)
proc_start() {
    local stat rest
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    rest=${stat##*) }
    local -a f
    read -r -a f <<<"$rest"
    case "${f[0]}" in Z|X|x) return 1 ;; esac
    echo "${f[19]}"
}

# record_pid KEY PID DESCRIPTION
record_pid() {
    local st
    st=$(proc_start "$2") || st=0
    printf '%s %s %s\n' "$2" "$st" "$3" >"$STATE/pids/$1.pid"
}

# pid_alive PID STARTTIME -> true if that very process still runs
pid_alive() {
    local st
    st=$(proc_start "$1") || return 1
    [ "$2" = 0 ] || [ "$st" = "$2" ]
}

# kill_pid PID STARTTIME [SIG] : signal, wait <=3s, then SIGKILL, wait <=2s
kill_pid() {
    local pid=$1 st=$2 sig=${3:-TERM} i
    pid_alive "$pid" "$st" || return 0
    kill "-$sig" "$pid" 2>/dev/null || true
    for ((i = 0; i < 30; i++)); do
        pid_alive "$pid" "$st" || return 0
        sleep 0.1
    done
    log "pid $pid ignored SIG$sig, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 20; i++)); do
        pid_alive "$pid" "$st" || return 0
        sleep 0.1
    done
    log "warning: pid $pid still present after SIGKILL"
}

kill_recorded() {
    local f pid st desc
    [ -d "$STATE/pids" ] || return 0
    for f in "$STATE/pids"/*.pid; do
        [ -e "$f" ] || continue
        read -r pid st desc <"$f" || true
        if [[ "$pid" =~ ^[0-9]+$ ]]; then
            if pid_alive "$pid" "$st"; then
                log "killing recorded pid $pid ($desc)"
                kill_pid "$pid" "$st" "$( [[ "$desc" == capture* ]] && echo INT || echo TERM)"
            fi
        fi
        rm -f "$f"
    done
}

# kill every process still running inside namespace $1 (by PID)
kill_ns_pids() {
    local ns=$1 pid st
    local -a pids
    mapfile -t pids < <(ip netns pids "$ns" 2>/dev/null || true)
    for pid in "${pids[@]}"; do
        [[ "$pid" =~ ^[0-9]+$ ]] || continue
        [ "$pid" != "$$" ] || continue
        st=$(proc_start "$pid") || continue
        log "killing pid $pid still running in $ns ($(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-60))"
        kill_pid "$pid" "$st" TERM
    done
}

# -------------------------------------------------------------------- up ---

# nsysctl NS key=value... (keys are paths under /proc/sys; missing knobs are
# skipped). One "ip netns exec" for all of them: it is the slow part of `up`.
nsysctl() {
    local ns=$1; shift
    # shellcheck disable=SC2016 # expanded by the inner sh
    ip netns exec "$ns" sh -c 'for kv in "$@"; do k=${kv%%=*}; [ ! -e "/proc/sys/$k" ] || printf "%s\n" "${kv#*=}" > "/proc/sys/$k"; done' _ "$@"
}

ensure_ns() {
    local ns=$1
    if ! ns_exists "$ns"; then
        # a stale /run/netns entry from a crash would make "add" fail
        ip netns del "$ns" >/dev/null 2>&1 || true
        ip netns add "$ns"
        log "created namespace $ns"
    fi
    ip -n "$ns" link set lo up
}

ensure_switch() {
    local sw="$LAB-sw"
    ensure_ns "$sw"
    nsysctl "$sw" net/ipv6/conf/default/disable_ipv6=1 net/ipv6/conf/all/disable_ipv6=1 \
        net/bridge/bridge-nf-call-iptables=0 net/bridge/bridge-nf-call-ip6tables=0 \
        net/bridge/bridge-nf-call-arptables=0
    if ! ip -n "$sw" link show br0 >/dev/null 2>&1; then
        ip -n "$sw" link add br0 type bridge stp_state 0 forward_delay 0 mcast_snooping 0
        log "created bridge br0 in $sw"
    fi
    ip -n "$sw" link set br0 type bridge stp_state 0 forward_delay 0 mcast_snooping 0
    ip -n "$sw" link set br0 up
}

# true if p-M in sw and eth0 in member ns exist and are peers of each other
pair_ok() {
    local m=$1 ns="$LAB-$1" sw="$LAB-sw" idx line
    line=$(ip -n "$ns" -o link show eth0 2>/dev/null) || return 1
    idx=${line%%:*}
    line=$(ip -n "$sw" -o link show "p-$m" 2>/dev/null) || return 1
    line=${line#*: }
    [[ "$line" == "p-$m@if$idx:"* ]] || return 1
    [[ "$line" == *" link-netns $ns "* || "$line" == *" link-netns $ns" ]] || return 1
}

ensure_member() {
    local m=$1 ns="$LAB-$1" sw="$LAB-sw" port="p-$1" mac ip4 ip6
    mac=$(mac_of "$m"); ip4=$(ip4_of "$m"); ip6=$(ip6_of "$m")
    ensure_ns "$ns"
    nsysctl "$ns" net/ipv6/conf/all/disable_ipv6=0 net/ipv6/conf/default/disable_ipv6=0 \
        net/ipv6/conf/all/accept_dad=0 net/ipv6/conf/default/accept_dad=0 \
        net/ipv6/conf/all/router_solicitations=0 net/ipv6/conf/default/router_solicitations=0
    if ! pair_ok "$m"; then
        # half-created or mismatched: remove both ends, recreate
        ip -n "$sw" link del "$port" >/dev/null 2>&1 || true
        ip -n "$ns" link del eth0 >/dev/null 2>&1 || true
        ip -n "$sw" link add "$port" type veth peer name eth0 address "$mac" netns "$ns"
        log "created veth $sw:$port <-> $ns:eth0"
    fi
    nsysctl "$ns" net/ipv6/conf/eth0/accept_dad=0
    ip -n "$sw" link set "$port" master br0
    ip -n "$sw" link set "$port" up
    ip -n "$ns" link set eth0 address "$mac"
    ip -n "$ns" link set eth0 up
    ip -n "$ns" addr replace "$ip4/24" dev eth0
    ip -n "$ns" -6 addr replace "$ip6/64" dev eth0 nodad
    ip -n "$ns" route replace 224.0.0.0/4 dev eth0
}

cmd_up() {
    local n=2
    while [ $# -gt 0 ]; do
        case "$1" in
            -n) [ $# -ge 2 ] || die "-n needs a number"; n=$2; shift 2 ;;
            -n*) n=${1#-n}; shift ;;
            *) die "up: unknown argument '$1'" ;;
        esac
    done
    if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt "$MAX_NODES" ]; then
        die "up: -n must be 1..$MAX_NODES (got '$n')"
    fi
    lock_state
    ensure_switch
    local k ns
    for ((k = 1; k <= n; k++)); do ensure_member "n$k"; done
    ensure_member c
    ensure_member o
    # nodes beyond N from an earlier, larger lab are removed
    while read -r ns; do
        [ -n "$ns" ] || continue
        case "$ns" in "$LAB-n"*) ;; *) continue ;; esac
        k=${ns#"$LAB-n"}
        if [ "$k" -gt "$n" ]; then
            log "removing extra node $ns (lab now has $n nodes)"
            kill_ns_pids "$ns"
            ip -n "$LAB-sw" link del "p-n$k" >/dev/null 2>&1 || true
            ip netns del "$ns"
        fi
    done < <(lab_namespaces)
    echo "$n" >"$STATE/nodes"
    log "lab up: $n nodes, client, origin (state $STATE)"
}

# ------------------------------------------------------------------ down ---

cmd_down() {
    [ $# -eq 0 ] || die "down takes no arguments"
    lock_state
    kill_recorded
    local ns
    local -a all
    mapfile -t all < <(lab_namespaces)
    for ns in "${all[@]}"; do
        kill_ns_pids "$ns"
    done
    for ns in "${all[@]}"; do
        ip netns del "$ns" 2>/dev/null || log "warning: could not delete $ns"
    done
    [ ${#all[@]} -eq 0 ] || log "deleted ${#all[@]} namespaces"
    rm -rf "$STATE/pids" "$STATE/nodes" "$STATE"/cap-*.log
    rm -f "$STATE/lock"
    rmdir "$STATE" 2>/dev/null || true
}

# ------------------------------------------------------------ the others ---

need_ns() {
    local ns
    ns=$(ns_of "$1")
    ns_exists "$ns" || die "namespace $ns does not exist (run: LAB=$LAB $PROG up)"
    echo "$ns"
}

cmd_exec() {
    [ $# -ge 2 ] || die "usage: $PROG exec NODE cmd..."
    local ns
    ns=$(need_ns "$1"); shift
    exec ip netns exec "$ns" "$@"
}

cmd_port() { # up|down NODE
    local state=$1
    [ $# -eq 2 ] || die "usage: $PROG cut|heal NODE"
    local m=$2
    check_member "$m"
    [ "$m" != sw ] || die "cut/heal needs a member (n1.., c, o), not sw"
    need_ns sw >/dev/null
    ip -n "$LAB-sw" link show "p-$m" >/dev/null 2>&1 || die "no switch port p-$m in $LAB-sw"
    ip -n "$LAB-sw" link set "p-$m" "$state"
    log "port p-$m $state"
}

cap_key() { printf '%s' "$1" | sha1sum | cut -c1-16; }

cmd_capture() {
    [ $# -ge 2 ] || die "usage: $PROG capture NODE FILE [filter...]"
    need_cmd tcpdump tcpdump
    local ns file key pid i
    ns=$(need_ns "$1")
    [ "$1" != sw ] || die "capture on sw is not supported (no eth0); capture on a member"
    file=$(realpath -m "$2"); shift 2
    key=cap-$(cap_key "$file")
    lock_state
    if [ -e "$STATE/pids/$key.pid" ]; then
        local opid ost _d
        read -r opid ost _d <"$STATE/pids/$key.pid" || true
        if pid_alive "$opid" "$ost"; then die "a capture into $file is already running (pid $opid)"; fi
        rm -f "$STATE/pids/$key.pid"
    fi
    mkdir -p "$(dirname "$file")"
    local logf="$STATE/$key.log"
    : >"$logf"
    ip netns exec "$ns" tcpdump -i eth0 -n -U --immediate-mode -Z root -w "$file" "$@" </dev/null >"$logf" 2>&1 9>&- &
    pid=$!
    record_pid "$key" "$pid" "capture $ns $file"
    for ((i = 0; i < 100; i++)); do # <= 10 s
        grep -q 'listening on' "$logf" && break
        if ! kill -0 "$pid" 2>/dev/null; then
            rm -f "$STATE/pids/$key.pid"
            die "tcpdump failed: $(cat "$logf")"
        fi
        sleep 0.1
    done
    grep -q 'listening on' "$logf" || { kill_pid "$pid" 0 INT; rm -f "$STATE/pids/$key.pid"; die "tcpdump did not start within 10s: $(cat "$logf")"; }
    echo "$pid"
}

cmd_capture_stop() {
    [ $# -eq 1 ] || die "usage: $PROG capture-stop FILE"
    local file key pid st desc
    file=$(realpath -m "$1")
    key=cap-$(cap_key "$file")
    lock_state
    [ -e "$STATE/pids/$key.pid" ] || die "no capture into $file is recorded in $STATE"
    read -r pid st desc <"$STATE/pids/$key.pid" || true
    kill_pid "$pid" "$st" INT
    rm -f "$STATE/pids/$key.pid"
    if [ -s "$STATE/$key.log" ]; then grep -E 'captured|received|dropped' "$STATE/$key.log" >&2 || true; fi
    rm -f "$STATE/$key.log"
}

cmd_spawn() {
    [ $# -ge 3 ] || die "usage: $PROG spawn NODE LOGFILE cmd..."
    local ns logf pid
    ns=$(need_ns "$1"); logf=$2; shift 2
    lock_state
    ip netns exec "$ns" "$@" </dev/null >>"$logf" 2>&1 9>&- &
    pid=$!
    record_pid "spawn-$pid" "$pid" "spawn $ns $*"
    echo "$pid"
}

cmd_status() {
    local ns f pid st desc
    local -a all
    mapfile -t all < <(lab_namespaces)
    echo "lab $LAB  state $STATE  nodes $(cat "$STATE/nodes" 2>/dev/null || echo '?')"
    if [ ${#all[@]} -eq 0 ]; then echo "(no namespaces)"; return 0; fi
    for ns in "${all[@]}"; do
        echo "== $ns"
        if [ "$ns" = "$LAB-sw" ]; then
            ip -n "$ns" -br link show br0 | sed 's/^/   /'
            ip -n "$ns" -br link show master br0 | sed 's/^/   port /'
        else
            ip -n "$ns" -br link show eth0 2>/dev/null | sed 's/^/   /' || echo "   (no eth0)"
            ip -n "$ns" -br addr show 2>/dev/null | sed 's/^/   /'
        fi
    done
    if [ -d "$STATE/pids" ]; then
        for f in "$STATE/pids"/*.pid; do
            [ -e "$f" ] || continue
            read -r pid st desc <"$f" || true
            if pid_alive "$pid" "$st"; then echo "pid $pid running: $desc"; else echo "pid $pid gone: $desc"; fi
        done
    fi
}

# ------------------------------------------------------------------ main ---

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --state) [ $# -ge 2 ] || die "--state needs a directory"; STATE=$2; shift 2 ;;
            --state=*) STATE=${1#--state=}; shift ;;
            -h|--help|help) usage ;;
            *) break ;;
        esac
    done
    [ $# -ge 1 ] || usage
    local cmd=$1; shift
    need_root
    need_cmd ip iproute2
    need_cmd flock util-linux
    validate_lab
    case "$cmd" in
        up) cmd_up "$@" ;;
        down) cmd_down "$@" ;;
        exec) cmd_exec "$@" ;;
        cut) cmd_port down "$@" ;;
        heal) cmd_port up "$@" ;;
        capture) cmd_capture "$@" ;;
        capture-stop) cmd_capture_stop "$@" ;;
        spawn) cmd_spawn "$@" ;;
        status) cmd_status "$@" ;;
        *) echo "$PROG: unknown subcommand '$cmd'" >&2; usage ;;
    esac
}

main "$@"
