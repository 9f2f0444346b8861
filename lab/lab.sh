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
#   client 2 $LAB-c2     10.77.1.100     fd77:0:0:1::100 02:77:00:00:01:64  (only after `client2`)
#   (all /24 and /64; K = 1..40, so nodes use 10.77.0.11 .. 10.77.0.50)
#   Free for tests (e.g. VRRP virtual IPs): 10.77.0.51-99, 101-199, 201-254,
#   and any fd77:: address not listed above.
#
#   Inside every member namespace: lo up, eth0 up, IPv6 DAD disabled
#   (accept_dad=0 + "nodad"), router solicitations off (a node named with
#   --no-ipv6: IPv6 disabled instead, disable_ipv6=1 for all, default and eth0,
#   no IPv6 address, as on a hardened host), and a route
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
#   * env LAB_NODE_CPUS="n1=0 n2=1": the VRRP daemons of those nodes (and whatever they start) run
#     pinned to those CPUs (taskset), as on separate machines: a dying node's kernel work (a killed JVM's
#     address space torn down) then stays off another node's CPU. Unset: no pinning.
#
# USAGE
#   lab.sh [--state DIR] up [-n N] [--no-ipv6 NODE]...
#                                         create/repair lab with N nodes (default 2);
#                                         --no-ipv6: that node has IPv6 disabled
#                                         (the default: IPv6 on everywhere; an up
#                                         without the option turns it on again)
#   lab.sh [--state DIR] down             delete everything of this lab (idempotent)
#   lab.sh exec NODE cmd...               run cmd in NODE's namespace
#   lab.sh cut NODE | heal NODE           set NODE's switch port down | up
#   lab.sh capture NODE FILE [filter...]  tcpdump on NODE's eth0 (sw: the bridge br0, every
#                                         frame crossing the switch) into FILE (background)
#   lab.sh capture-stop FILE              stop that capture (SIGINT, flushes FILE)
#   lab.sh spawn NODE LOGFILE cmd...      run cmd in background in NODE, print PID
#   lab.sh spawn-host LOGFILE cmd...      the same in the root namespace, for a process that only
#                                         listens on loopback there and reaches into the lab (a
#                                         forwarder: socat ... EXEC:'ip netns exec NS ...'); never
#                                         one that adds an address, route or link
#   lab.sh status                         namespaces, addresses, bridge ports, PIDs
#   lab.sh require CMD=PACKAGE...         fail naming the Debian package of the first command missing
#                                         (for scripts built on this one, as demo.sh)
#   lab.sh client2                        add a second client, c2, on another subnet (10.77.1.0/24,
#                                         fd77:0:0:1::/64) of the same switch: on-link routes between
#                                         the two subnets in c2 and every node (no router)
#   NODE = n1..nN | c | c2 | o | sw
#
#   VRRP daemons, one per node (n1..nN), stopped by `down` like spawn; files in
#   the state dir: keepalived-NODE/ (conf, pid files, keepalived.log) and
#   vireo-NODE/ (the unpacked distribution; karaf.out, data/log/karaf.log);
#   `down` deletes them. VRRP options (instance vip1 on eth0):
#     VOPTS = --vrid V [--priority P (100)] [--interval-ms MS (1000)] --vip A[,A2..]
#             [--version 2|3 (3)] [--nopreempt] [--unicast-peer IP]...
#   lab.sh keepalived NODE VOPTS          write keepalived.conf, run keepalived
#                                         (VRRP only, foreground), print its PID
#   lab.sh keepalived-stop NODE           SIGTERM (it sends priority 0, removes its
#                                         VIPs), wait <= 10 s; print the SIGTERM's
#                                         epoch time
#   lab.sh vireo NODE --role ROLE [VOPTS] [--vmac] [--cfg FILE.cfg]... [--dist TARBALL] [--keep]
#                                         unpack the distribution (fresh; --keep:
#                                         restart the existing install as after a
#                                         crash), write etc/org.vireo.node.cfg and
#                                         (VOPTS) etc/org.vireo.vrrp.instance-vip1.cfg
#                                         (with --keep: only from the options given),
#                                         copy each --cfg file into etc/ (more
#                                         instances, health monitors, tracking),
#                                         run bin/karaf server, print the JVM PID;
#                                         ROLE = director|backup|scanner, TARBALL
#                                         defaults to karaf-assembly/target/vireo-*.tar.gz
#   lab.sh vireo-stop NODE                the same for the JVM (Karaf shuts down), <= 60 s
#   lab.sh vireo-cli NODE 'command'       bin/vireo-cli of NODE, in its namespace
#   lab.sh vireo-wait NODE REGEX SECONDS  wait until karaf.log (since the last
#                                         start) has a line matching REGEX; print it
#   lab.sh kill NODE [--cut]              SIGKILL NODE's keepalived (VRRP child and
#                                         parent) or JVM; --cut: isolate the node on
#                                         the switch first, unnoticed by it, and
#                                         cut its port after; print the epoch time
#                                         of the SIGKILL
#
# Requires root, iproute2 (ip, bridge), util-linux (flock), tcpdump for capture,
# keepalived for keepalived, a JDK 17 for vireo.
set -euo pipefail

PROG=lab.sh
LAB="${LAB:-vl}"
STATE="${LAB_STATE:-}"
MAX_NODES=40
NET4=10.77.0
NET6=fd77:
NET4_2=10.77.1
NET6_2=fd77:0:0:1::

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
        sw|c|c2|o) ;;
        n[1-9]|n[1-9][0-9])
            [ "${1#n}" -le "$MAX_NODES" ] || die "node '$1' out of range (max n$MAX_NODES)" ;;
        *) die "unknown node '$1' (expected n1..n$MAX_NODES, c, c2, o or sw)" ;;
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
# c2 is the second client, on the other subnet: 10.77.1.100, fd77:0:0:1::100
ip4_of() { if [ "$1" = c2 ]; then echo "$NET4_2.100"; else echo "$NET4.$(host_of "$1")"; fi; }
ip6_of() { if [ "$1" = c2 ]; then echo "${NET6_2}100"; else echo "$NET6:$(host_of "$1")"; fi; }
mac_of() { if [ "$1" = c2 ]; then echo 02:77:00:00:01:64; else printf '02:77:00:00:00:%02x\n' "$(host_of "$1")"; fi; }

ns_exists() { ip netns exec "$1" true >/dev/null 2>&1; }

# namespaces of this lab, exactly $LAB-{sw,c,c2,o,n<digits>}
lab_namespaces() {
    local name _
    ip netns list 2>/dev/null | while read -r name _; do
        case "$name" in
            "$LAB-sw"|"$LAB-c"|"$LAB-c2"|"$LAB-o") echo "$name" ;;
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

# ensure_member MEMBER [noipv6]: noipv6 = IPv6 disabled in its namespace
ensure_member() {
    local m=$1 ns="$LAB-$1" sw="$LAB-sw" port="p-$1" mac ip4 ip6 off=0
    [ "${2:-}" != noipv6 ] || off=1
    mac=$(mac_of "$m"); ip4=$(ip4_of "$m"); ip6=$(ip6_of "$m")
    ensure_ns "$ns"
    nsysctl "$ns" net/ipv6/conf/all/disable_ipv6=$off net/ipv6/conf/default/disable_ipv6=$off \
        net/ipv6/conf/all/accept_dad=0 net/ipv6/conf/default/accept_dad=0 \
        net/ipv6/conf/all/router_solicitations=0 net/ipv6/conf/default/router_solicitations=0
    if ! pair_ok "$m"; then
        # half-created or mismatched: remove both ends, recreate
        ip -n "$sw" link del "$port" >/dev/null 2>&1 || true
        ip -n "$ns" link del eth0 >/dev/null 2>&1 || true
        ip -n "$sw" link add "$port" type veth peer name eth0 address "$mac" netns "$ns"
        log "created veth $sw:$port <-> $ns:eth0"
    fi
    nsysctl "$ns" net/ipv6/conf/eth0/accept_dad=0 net/ipv6/conf/eth0/disable_ipv6=$off
    ip -n "$sw" link set "$port" master br0
    ip -n "$sw" link set "$port" up
    ip -n "$ns" link set eth0 address "$mac"
    ip -n "$ns" link set eth0 up
    ip -n "$ns" addr replace "$ip4/24" dev eth0
    [ "$off" = 1 ] || ip -n "$ns" -6 addr replace "$ip6/64" dev eth0 nodad
    ip -n "$ns" route replace 224.0.0.0/4 dev eth0
}

cmd_up() {
    local n=2 k
    local -a noipv6=()
    while [ $# -gt 0 ]; do
        case "$1" in
            -n) [ $# -ge 2 ] || die "-n needs a number"; n=$2; shift 2 ;;
            -n*) n=${1#-n}; shift ;;
            --no-ipv6) [ $# -ge 2 ] || die "--no-ipv6 needs a node"; check_member "$2"
                       case "$2" in n*) ;; *) die "--no-ipv6 takes a node (n1..nN), not '$2'" ;; esac
                       noipv6+=("$2"); shift 2 ;;
            *) die "up: unknown argument '$1'" ;;
        esac
    done
    if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt "$MAX_NODES" ]; then
        die "up: -n must be 1..$MAX_NODES (got '$n')"
    fi
    for k in "${noipv6[@]}"; do
        [ "${k#n}" -le "$n" ] || die "--no-ipv6 $k: the lab has only $n nodes"
    done
    lock_state
    ensure_switch
    local ns
    for ((k = 1; k <= n; k++)); do
        if [[ " ${noipv6[*]} " == *" n$k "* ]]; then ensure_member "n$k" noipv6; else ensure_member "n$k"; fi
    done
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

# The second client, on another subnet of the same switch. No router: each side reaches the other subnet
# on-link (the kernel then ARPs for the address itself), which is all the lab needs to tell two client
# networks apart by address.
cmd_client2() {
    [ $# -eq 0 ] || die "client2 takes no arguments"
    lock_state
    ns_exists "$LAB-sw" || die "the lab is not up (run: LAB=$LAB $PROG up)"
    ensure_member c2
    ip -n "$LAB-c2" route replace "$NET4.0/24" dev eth0
    ip -n "$LAB-c2" -6 route replace "${NET6}:/64" dev eth0
    local ns
    while read -r ns; do
        case "$ns" in "$LAB-n"*|"$LAB-o") ;; *) continue ;; esac
        ip -n "$ns" route replace "$NET4_2.0/24" dev eth0
        ip -n "$ns" -6 route replace "${NET6_2}/64" dev eth0
    done < <(lab_namespaces)
    log "client c2 up: $(ip4_of c2), $(ip6_of c2)"
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
    rm -rf "$STATE/pids" "$STATE/nodes" "$STATE"/cap-*.log "$STATE"/keepalived-n[0-9]* "$STATE"/vireo-n[0-9]*
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
    local ifc=eth0
    # on sw: the bridge itself, which sees every frame crossing the switch (tcpdump makes it promiscuous)
    [ "$1" != sw ] || ifc=br0
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
    # -B 16 MiB (the default is 2): on the busy lab a booting JVM held tcpdump long enough for its ring to overflow,
    # and 1321 frames of a failover run were dropped, a run of echoes among them
    ip netns exec "$ns" tcpdump -i "$ifc" -n -U --immediate-mode -B 16384 -Z root -w "$file" "$@" </dev/null \
        >"$logf" 2>&1 9>&- &
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

# A process of the lab outside its namespaces (a loopback forwarder into a member): recorded like spawn, so
# `down` stops it by PID; it must add nothing to the root namespace (the caller's promise, as with exec).
cmd_spawn_host() {
    [ $# -ge 2 ] || die "usage: $PROG spawn-host LOGFILE cmd..."
    local logf=$1 pid
    shift
    lock_state
    "$@" </dev/null >>"$logf" 2>&1 9>&- &
    pid=$!
    record_pid "spawn-$pid" "$pid" "spawn-host $*"
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

# ----------------------------------------------------- node daemons ---
# One VRRP daemon per node: keepalived or a Vireo distribution. Its PID is
# recorded as pids/node-NODE.pid (kind "keepalived" or "vireo" first in the
# description), so `down` stops it like any spawned process, and kill /
# keepalived-stop / vireo-stop find it. Files: $STATE/keepalived-NODE/ (conf,
# pid files, log) and $STATE/vireo-NODE/ (the unpacked distribution; Karaf's
# stdout in karaf.out, its log in data/log/karaf.log); in each, `launched` holds
# the epoch time of the daemon's last launch. `down` deletes both.

need_node() { # NODE -> namespace of a node n1..nN
    case "$1" in n[0-9]*) ;; *) die "'$1' is not a node (expected n1..n$MAX_NODES)" ;; esac
    need_ns "$1"
}

# node_record NODE -> "PID START KIND" of the node's daemon, fails if none
node_record() {
    local f="$STATE/pids/node-$1.pid" pid st kind _rest
    [ -e "$f" ] || return 1
    read -r pid st kind _rest <"$f" || true
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    echo "$pid $st $kind"
}

# node_running NODE -> true if the node's recorded daemon still runs
node_running() {
    local rec pid st _k
    rec=$(node_record "$1") || return 1
    read -r pid st _k <<<"$rec"
    pid_alive "$pid" "$st"
}

# spawn_node NODE KIND LOGFILE cmd... : like spawn, recorded as the node's daemon;
# KIND-NODE/launched gets the epoch time of the launch
# node_cpu NODE: the CPU LAB_NODE_CPUS gives NODE, or nothing
node_cpu() {
    local pair
    for pair in ${LAB_NODE_CPUS:-}; do
        [ "${pair%%=*}" != "$1" ] || { echo "${pair#*=}"; return; }
    done
}

spawn_node() {
    local m=$1 kind=$2 logf=$3 ns pid cpu
    shift 3
    ns="$LAB-$m"
    cpu=$(node_cpu "$m")
    if [ -n "$cpu" ]; then
        [[ "$cpu" =~ ^[0-9]+$ ]] || die "LAB_NODE_CPUS: '$m=$cpu' is not a CPU number"
        set -- taskset -c "$cpu" "$@"
    fi
    echo "${EPOCHREALTIME:-$(date +%s.%N)}" >"$STATE/$kind-$m/launched"
    ip netns exec "$ns" "$@" </dev/null >>"$logf" 2>&1 9>&- &
    pid=$!
    record_pid "node-$m" "$pid" "$kind $ns $*"
    echo "$pid"
}

# VRRP options shared by `keepalived` and `vireo`; they set the v_* globals
v_vrid="" v_prio=100 v_int=1000 v_vips="" v_ver=3 v_preempt=true v_vmac=false v_family=ipv4 V_SHIFT=0 v_any=false
v_peers=()
# vrrp_opt "$@": takes the VRRP option in $1; V_SHIFT = arguments used (0: not one)
vrrp_opt() {
    case "$1" in
        --vrid) [ $# -ge 2 ] || die "--vrid needs a value"; v_vrid=$2; V_SHIFT=2 ;;
        --priority) [ $# -ge 2 ] || die "--priority needs a value"; v_prio=$2; V_SHIFT=2 ;;
        --interval-ms) [ $# -ge 2 ] || die "--interval-ms needs a value"; v_int=$2; V_SHIFT=2 ;;
        --vip) [ $# -ge 2 ] || die "--vip needs a value"; v_vips=$2; V_SHIFT=2 ;;
        --version) [ $# -ge 2 ] || die "--version needs a value"; v_ver=$2; V_SHIFT=2 ;;
        --nopreempt) v_preempt=false; V_SHIFT=1 ;;
        --unicast-peer) [ $# -ge 2 ] || die "--unicast-peer needs an address"; v_peers+=("$2"); V_SHIFT=2 ;;
        *) V_SHIFT=0 ;;
    esac
    [ "$V_SHIFT" -eq 0 ] || v_any=true
}

# int_in VALUE LOW HIGH STEP: VALUE is a whole number in LOW..HIGH, a multiple of STEP
int_in() {
    [[ "$1" =~ ^(0|[1-9][0-9]{0,8})$ ]] || return 1
    [ "$1" -ge "$2" ] && [ "$1" -le "$3" ] && [ $(($1 % $4)) -eq 0 ]
}

check_vrrp_opts() {
    [ -n "$v_vrid" ] || die "--vrid is required"
    int_in "$v_vrid" 1 255 1 || die "--vrid must be 1..255 (got '$v_vrid')"
    int_in "$v_prio" 1 255 1 || die "--priority must be 1..255 (got '$v_prio')"
    [ "$v_ver" = 2 ] || [ "$v_ver" = 3 ] || die "--version must be 2 or 3 (got '$v_ver')"
    if [ "$v_ver" = 3 ]; then
        int_in "$v_int" 10 40950 10 || die "--interval-ms for VRRPv3 must be 10..40950 in steps of 10 (got '$v_int')"
    else
        int_in "$v_int" 1000 255000 1000 || die "--interval-ms for VRRPv2 must be 1000..255000 in steps of 1000 (got '$v_int')"
    fi
    [ -n "$v_vips" ] || die "--vip is required"
    local a fam
    v_family=""
    for a in ${v_vips//,/ } "${v_peers[@]}"; do
        case "$a" in
            *:*) fam=ipv6 ;;
            *.*) [[ "$a" =~ ^[0-9]+(\.[0-9]+){3}$ ]] || die "bad IPv4 address '$a'"; fam=ipv4 ;;
            *) die "bad address '$a'" ;;
        esac
        [ -z "$v_family" ] || [ "$v_family" = "$fam" ] || die "--vip and --unicast-peer addresses must all be IPv4 or all IPv6"
        v_family=$fam
    done
    [ "$v_family" = ipv4 ] || [ "$v_ver" = 3 ] || die "IPv6 needs --version 3"
}

# advert interval in seconds for keepalived's advert_int (fractions for v3)
advert_seconds() {
    if [ $(($1 % 1000)) -eq 0 ]; then echo $(($1 / 1000)); else printf '%d.%03d\n' $(($1 / 1000)) $(($1 % 1000)); fi
}

cmd_keepalived() {
    [ $# -ge 1 ] || die "usage: $PROG keepalived NODE --vrid V --priority P --interval-ms MS --vip A[,A2] [--version 2|3] [--nopreempt] [--unicast-peer IP ...]"
    need_cmd keepalived keepalived
    local m=$1 ns dir conf a plen
    ns=$(need_node "$m"); shift
    while [ $# -gt 0 ]; do
        vrrp_opt "$@"
        [ "$V_SHIFT" -gt 0 ] || die "keepalived: unknown argument '$1'"
        shift "$V_SHIFT"
    done
    check_vrrp_opts
    lock_state
    ! node_running "$m" || die "$m already runs $(node_record "$m" | cut -d' ' -f3) (pid $(node_record "$m" | cut -d' ' -f1)); stop it first"
    dir="$STATE/keepalived-$m"
    mkdir -p "$dir"
    rm -f "$dir/keepalived.pid" "$dir/vrrp.pid"
    conf="$dir/keepalived.conf"
    plen=32; [ "$v_family" = ipv4 ] || plen=128
    {
        echo "# written by lab.sh keepalived (LAB=$LAB, node $m)"
        echo "global_defs {"
        echo "    router_id $LAB-$m"
        echo "    vrrp_garp_master_refresh 0"
        echo "}"
        echo "vrrp_instance vip1 {"
        echo "    state BACKUP"
        echo "    interface eth0"
        echo "    virtual_router_id $v_vrid"
        echo "    priority $v_prio"
        echo "    advert_int $(advert_seconds "$v_int")"
        echo "    version $v_ver"
        [ "$v_preempt" = true ] || echo "    nopreempt"
        echo "    garp_master_delay 5"
        echo "    garp_master_repeat 5"
        if [ ${#v_peers[@]} -gt 0 ]; then
            if [ "$v_family" = ipv4 ]; then echo "    unicast_src_ip $(ip4_of "$m")"; else echo "    unicast_src_ip $(ip6_of "$m")"; fi
            echo "    unicast_peer {"
            for a in "${v_peers[@]}"; do echo "        $a"; done
            echo "    }"
        fi
        echo "    virtual_ipaddress {"
        for a in ${v_vips//,/ }; do echo "        $a/$plen"; done
        echo "    }"
        echo "}"
    } >"$conf"
    keepalived -t -f "$conf" >"$dir/config-test.log" 2>&1 || die "keepalived rejects $conf: $(cat "$dir/config-test.log")"
    # -n foreground, -l/-D log details to the console (the log file), -G no syslog,
    # --vrrp only; own pid files so keepalived in other namespaces do not collide
    spawn_node "$m" keepalived "$dir/keepalived.log" \
        keepalived -n -l -D -G --vrrp -f "$conf" -p "$dir/keepalived.pid" -r "$dir/vrrp.pid"
    log "keepalived on $m: $conf, log $dir/keepalived.log"
}

# the VRRP child of a keepalived whose parent is PID (from its pid file), or nothing
keepalived_child() {
    local m=$1 parent=$2 child stat
    child=$(tr -dc '0-9' <"$STATE/keepalived-$m/vrrp.pid" 2>/dev/null) || return 0
    [ -n "$child" ] || return 0
    stat=$(cat "/proc/$child/stat" 2>/dev/null) || return 0
    stat=${stat##*) }
    local -a f
    read -r -a f <<<"$stat"
    if [ "${f[1]}" = "$parent" ]; then echo "$child"; fi
}

# node_stop NODE KIND SECONDS : SIGTERM the node's daemon, wait <= SECONDS, then
# SIGKILL; prints the epoch time of the SIGTERM (nothing if it was not running)
node_stop() {
    local m=$1 kind=$2 secs=$3 rec pid st k i t
    need_node "$m" >/dev/null
    rec=$(node_record "$m") || die "$m runs no $kind (nothing recorded)"
    read -r pid st k <<<"$rec"
    [ "$k" = "$kind" ] || die "$m runs $k, not $kind"
    pid_alive "$pid" "$st" || { log "$kind on $m (pid $pid) is not running"; return 0; }
    t=${EPOCHREALTIME:-$(date +%s.%N)}
    kill -TERM "$pid" 2>/dev/null || true
    echo "$t"
    for ((i = 0; i < secs * 10; i++)); do
        pid_alive "$pid" "$st" || { log "$kind on $m (pid $pid) stopped"; return 0; }
        sleep 0.1
    done
    log "$kind on $m (pid $pid) still runs after ${secs}s: SIGKILL"
    local child=""
    [ "$kind" != keepalived ] || child=$(keepalived_child "$m" "$pid")
    # shellcheck disable=SC2086 # no child: no word
    kill -KILL $child "$pid" 2>/dev/null || true
}

cmd_keepalived_stop() {
    [ $# -eq 1 ] || die "usage: $PROG keepalived-stop NODE"
    node_stop "$1" keepalived 10
}

cmd_vireo_stop() {
    [ $# -eq 1 ] || die "usage: $PROG vireo-stop NODE"
    node_stop "$1" vireo 60
}

# kill NODE [--cut]: SIGKILL the node's daemon (keepalived: its VRRP child, then
# the parent; vireo: the JVM). --cut: first isolate the node on the switch (its
# bridge port to "disabled": nothing in or out, but the node keeps its carrier,
# so the daemon cannot notice and react), then kill, then set the port down as
# `cut` does (`heal` undoes both). Prints the epoch time of the SIGKILL. The
# isolation goes through a `bridge -batch` started beforehand, and is confirmed
# before the kill: isolation and kill are about 1 ms apart, not a fork+exec.
cmd_kill() {
    [ $# -ge 1 ] || die "usage: $PROG kill NODE [--cut]"
    local m=$1 cut=false rec pid st kind child t i line
    need_node "$m" >/dev/null
    shift
    while [ $# -gt 0 ]; do
        case "$1" in --cut) cut=true; shift ;; *) die "kill: unknown argument '$1'" ;; esac
    done
    rec=$(node_record "$m") || die "$m runs no keepalived or vireo (nothing recorded)"
    read -r pid st kind <<<"$rec"
    pid_alive "$pid" "$st" || die "$kind on $m (pid $pid) is not running"
    child=""
    [ "$kind" != keepalived ] || child=$(keepalived_child "$m" "$pid")
    if [ "$cut" = true ]; then
        ip -n "$LAB-sw" link show "p-$m" >/dev/null 2>&1 || die "no switch port p-$m in $LAB-sw"
        need_cmd stdbuf coreutils
        coproc BRB { exec stdbuf -oL bridge -n "$LAB-sw" -batch - 2>&1; }
        # ready when it answers; then disable the port and wait for the answer after it
        echo "link show dev p-$m" >&"${BRB[1]}"
        line=""
        read -r -t 5 line <&"${BRB[0]}" || true
        [[ "$line" == *"p-$m"* ]] || die "bridge -batch did not answer: $line"
        echo "link set dev p-$m state 0" >&"${BRB[1]}"
        echo "link show dev p-$m" >&"${BRB[1]}"
        line=""
        read -r -t 5 line <&"${BRB[0]}" || true
        [[ "$line" == *" state disabled "* ]] || die "could not disable port p-$m: $line"
    fi
    t=${EPOCHREALTIME:-$(date +%s.%N)}
    # the child first: keepalived's VRRP child gets SIGTERM (a graceful stop) when its parent dies
    # shellcheck disable=SC2086 # no child: no word
    kill -KILL $child "$pid" 2>/dev/null || true
    if [ "$cut" = true ]; then
        local wfd=${BRB[1]}
        exec {wfd}>&-
        wait "$BRB_PID" 2>/dev/null || true
        ip -n "$LAB-sw" link set "p-$m" down
    fi
    for ((i = 0; i < 50; i++)); do
        pid_alive "$pid" "$st" || break
        sleep 0.1
    done
    if pid_alive "$pid" "$st"; then log "warning: pid $pid still present 5s after SIGKILL"; fi
    log "SIGKILL $kind on $m (pid $pid${child:+, vrrp child $child})$( [ "$cut" = false ] || echo ", port p-$m cut")"
    echo "$t"
}

# write_cfg FILE LINES... (one key = value a line)
write_cfg() {
    local file=$1
    shift
    printf '%s\n' "# written by lab.sh vireo (LAB=$LAB)" "$@" >"$file.tmp"
    mv "$file.tmp" "$file"
}

default_dist() {
    local here
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    local -a found
    shopt -s nullglob
    found=("$here"/../karaf-assembly/target/vireo-*.tar.gz)
    shopt -u nullglob
    [ ${#found[@]} -eq 1 ] || die "--dist not given and not exactly one karaf-assembly/target/vireo-*.tar.gz" \
        "(found ${#found[@]}); build with: mvn -B -ntp package -DskipTests"
    realpath "${found[0]}"
}

cmd_vireo() {
    [ $# -ge 1 ] || die "usage: $PROG vireo NODE [--dist TARBALL] --role director|backup [--vrid V --priority P --interval-ms MS --vip A[,..] [--version 2|3] [--nopreempt] [--vmac] [--unicast-peer IP ...]] [--cfg FILE.cfg ...] [--keep]"
    local m=$1 ns dist="" role="" keep=false home a cfg
    local -a cfgs=()
    ns=$(need_node "$m"); shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --dist) [ $# -ge 2 ] || die "--dist needs a file"; dist=$2; shift 2 ;;
            --cfg) [ $# -ge 2 ] || die "--cfg needs a file"; [ -f "$2" ] || die "--cfg: no file $2"
                   [[ "$(basename "$2")" == *.cfg ]] || die "--cfg: $2 is not a .cfg file"
                   cfgs+=("$2"); shift 2 ;;
            --role) [ $# -ge 2 ] || die "--role needs a value"; role=$2; shift 2 ;;
            --keep) keep=true; shift ;;
            --vmac) v_vmac=true; v_any=true; shift ;;
            *)
                vrrp_opt "$@"
                [ "$V_SHIFT" -gt 0 ] || die "vireo: unknown argument '$1'"
                shift "$V_SHIFT" ;;
        esac
    done
    case "$role" in director|backup|scanner|"") ;; *) die "--role must be director, backup or scanner (got '$role')" ;; esac
    if [ "$v_any" = true ]; then check_vrrp_opts; fi
    home="$STATE/vireo-$m"
    lock_state
    ! node_running "$m" || die "$m already runs $(node_record "$m" | cut -d' ' -f3) (pid $(node_record "$m" | cut -d' ' -f1)); stop it first"
    if [ "$keep" = true ]; then
        [ -x "$home/bin/karaf" ] || die "--keep: no Vireo installed in $home (start it once without --keep)"
    else
        [ -n "$role" ] || die "--role is required (unless --keep)"
        [ -n "$dist" ] || dist=$(default_dist)
        [ -f "$dist" ] || die "no distribution at $dist"
        rm -rf "$home"
        mkdir -p "$home"
        tar xzf "$dist" -C "$home" --strip-components=1 || die "could not unpack $dist into $home"
        [ -x "$home/bin/karaf" ] || die "$dist holds no bin/karaf"
        rm -f "$home"/etc/org.vireo.vrrp.instance-*.cfg
    fi
    if [ -n "$role" ]; then
        write_cfg "$home/etc/org.vireo.node.cfg" "name = $m" "managementAddress = $(ip4_of "$m")" \
            "interfaceName = eth0" "role = $role" "alsoScan = false"
    fi
    if [ -n "$v_vrid" ]; then
        local -a lines=("name = vip1" "interfaceName = eth0" "vrid = $v_vrid" "version = $v_ver"
            "addressFamily = $v_family" "priority = $v_prio" "advertIntervalMillis = $v_int"
            "preempt = $v_preempt" "virtualAddresses = $v_vips")
        [ ${#v_peers[@]} -eq 0 ] || lines+=("unicastPeers = $(IFS=,; echo "${v_peers[*]}")")
        [ "$v_vmac" = false ] || lines+=("virtualMac = true")
        write_cfg "$home/etc/org.vireo.vrrp.instance-vip1.cfg" "${lines[@]}"
    fi
    for cfg in "${cfgs[@]}"; do
        cp "$cfg" "$home/etc/" || die "could not copy $cfg into $home/etc"
    done
    # vireo-wait reads karaf.log from here on (a --keep restart keeps the old lines)
    stat -c %s "$home/data/log/karaf.log" >"$home/lab-log-offset" 2>/dev/null || echo 0 >"$home/lab-log-offset"
    # KARAF_EXEC=exec: bin/karaf execs the JVM, so the recorded PID is the JVM's.
    # No root-instance check: PIDs are global, a PID of a killed earlier run may be reused.
    spawn_node "$m" vireo "$home/karaf.out" env -u KARAF_HOME -u KARAF_BASE -u KARAF_DATA -u KARAF_ETC \
        -u KARAF_LOG KARAF_EXEC=exec CHECK_ROOT_INSTANCE_RUNNING=false VIREO_NODE_NAME="$m" \
        "$home/bin/karaf" server
    log "vireo on $m ($home, $( [ "$keep" = true ] && echo restarted || echo fresh)); log $home/data/log/karaf.log"
}

cmd_vireo_cli() {
    [ $# -ge 2 ] || die "usage: $PROG vireo-cli NODE 'command'"
    local m=$1 ns home
    ns=$(need_node "$m"); shift
    home="$STATE/vireo-$m"
    [ -x "$home/bin/vireo-cli" ] || die "no Vireo installed on $m ($home)"
    exec ip netns exec "$ns" "$home/bin/vireo-cli" "$@"
}

# vireo-wait NODE REGEX SECONDS: until a line of karaf.log written since the node's
# last start matches (printed); fails on timeout or when the node's JVM is gone
cmd_vireo_wait() {
    [ $# -eq 3 ] || die "usage: $PROG vireo-wait NODE REGEX SECONDS"
    local m=$1 re=$2 secs=$3 logf line off
    need_node "$m" >/dev/null
    [[ "$secs" =~ ^[0-9]+$ ]] || die "SECONDS must be a whole number (got '$secs')"
    logf="$STATE/vireo-$m/data/log/karaf.log"
    off=$(cat "$STATE/vireo-$m/lab-log-offset" 2>/dev/null) || off=0
    [[ "$off" =~ ^[0-9]+$ ]] || off=0
    # a deadline, not a count: each round costs time of its own on a busy machine
    local deadline=$((SECONDS + secs))
    while :; do
        line=""
        # (grep -m1 ends the pipe early: tail's SIGPIPE is not a failure here)
        [ ! -e "$logf" ] || line=$(tail -c +$((off + 1)) "$logf" | grep -E -m1 -- "$re" || true)
        if [ -n "$line" ]; then
            echo "$line"
            return 0
        fi
        node_running "$m" || die "vireo on $m is not running (see $STATE/vireo-$m/karaf.out and $logf)"
        [ "$SECONDS" -lt "$deadline" ] || break
        sleep 0.2
    done
    die "no line matching '$re' in $logf within ${secs}s"
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
        spawn-host) cmd_spawn_host "$@" ;;
        status) cmd_status "$@" ;;
        require) local pair; for pair in "$@"; do need_cmd "${pair%%=*}" "${pair#*=}"; done ;;
        client2) cmd_client2 "$@" ;;
        keepalived) cmd_keepalived "$@" ;;
        keepalived-stop) cmd_keepalived_stop "$@" ;;
        vireo) cmd_vireo "$@" ;;
        vireo-stop) cmd_vireo_stop "$@" ;;
        vireo-cli) cmd_vireo_cli "$@" ;;
        vireo-wait) cmd_vireo_wait "$@" ;;
        kill) cmd_kill "$@" ;;
        *) echo "$PROG: unknown subcommand '$cmd'" >&2; usage ;;
    esac
}

main "$@"
