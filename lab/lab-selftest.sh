#!/usr/bin/env bash
# lab-selftest.sh - self-test for lab.sh (Vireo network-namespace lab).
#
# Brings up LAB=st (override with env LAB) with 3 nodes and checks topology,
# unicast IPv4/IPv6 reachability, multicast flooding, cut/heal, idempotent and
# repairing `up`, capture/spawn bookkeeping, the keepalived node helpers
# (election, kill --cut, graceful stop; skipped without keepalived), that
# `down` leaves no namespace and no process behind, and that the root network
# namespace is unchanged (ip -o addr, ip -o link, ip route, ip -6 route
# compared verbatim).
# Always tears down (EXIT trap). Last line: "N passed, M failed"; exit status
# is non-zero on any failure.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LABSH="$HERE/lab.sh"
export LAB="${LAB:-st}"
export LAB_STATE="/tmp/vireo-lab-$LAB"
NODES=3
TMP=$(mktemp -d "/tmp/vireo-lab-selftest-$LAB.XXXXXX")
PASS=0
FAIL=0
DOWN_DONE=0
ROOT_DONE=0
INTERRUPTED=0
T0=$SECONDS

lab() { timeout 60 "$LABSH" "$@"; }
ok() { PASS=$((PASS + 1)); echo "ok    - $*"; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL  - $*"; }

# run cmd bounded: external commands under timeout 20; shell functions used
# here are bounded by construction (ping -c 1 -W 1, at most 5 retries)
run() {
    if [ "$(type -t "$1")" = function ]; then "$@"; else timeout 20 "$@"; fi
}
# check DESCRIPTION cmd... : passes if cmd exits 0
check() {
    local d=$1; shift
    if run "$@" >"$TMP/out" 2>&1; then ok "$d"; else bad "$d"; sed 's/^/        | /' "$TMP/out" | tail -5; fi
}
# check_not DESCRIPTION cmd... : passes if cmd fails
check_not() {
    local d=$1; shift
    if run "$@" >"$TMP/out" 2>&1; then bad "$d"; sed 's/^/        | /' "$TMP/out" | tail -5; else ok "$d"; fi
}

root_snapshot() {
    {
        echo "## ip -o addr"; ip -o addr
        echo "## ip -o link"; ip -o link
        echo "## ip route"; ip route
        echo "## ip -6 route"; ip -6 route
    } >"$1" 2>&1
}

ns_of() { echo "$LAB-$1"; }
ip4() { case $1 in c) echo 10.77.0.100 ;; o) echo 10.77.0.200 ;; n*) echo "10.77.0.$((10 + ${1#n}))" ;; esac; }
ip6() { case $1 in c) echo fd77::100 ;; o) echo fd77::200 ;; n*) echo "fd77::$((10 + ${1#n}))" ;; esac; }
mac() { case $1 in c) echo 02:77:00:00:00:64 ;; o) echo 02:77:00:00:00:c8 ;; n*) printf '02:77:00:00:00:%02x\n' $((10 + ${1#n})) ;; esac; }

lping4() { ip netns exec "$(ns_of "$1")" ping -n -c 1 -W 1 "$(ip4 "$2")"; }
lping6() { ip netns exec "$(ns_of "$1")" ping -6 -n -c 1 -W 1 "$(ip6 "$2")"; }
# retry a ping up to 5 times (used right after heal / repair)
ping_retry() {
    local i
    for ((i = 0; i < 5; i++)); do
        "$@" && return 0
        sleep 0.2
    done
    return 1
}

lab_ns_list() { ip netns list | awk -v p="$LAB-" 'index($1, p) == 1 {print $1}' | sort; }

finish() {
    local rc=$?
    trap - EXIT INT TERM
    set +e
    # the trap may fire inside a redirected check: report on the real stdout
    exec 1>&3 2>&4
    [ "$INTERRUPTED" = 0 ] || bad "interrupted by signal"
    if [ "$DOWN_DONE" = 0 ]; then
        echo "# teardown (trap)"
        timeout 60 "$LABSH" down >/dev/null 2>&1 || echo "# warning: lab.sh down failed"
    fi
    if [ "$ROOT_DONE" = 0 ] && [ -s "$TMP/root.before" ]; then
        root_snapshot "$TMP/root.after"
        if diff -u "$TMP/root.before" "$TMP/root.after"; then ok "root namespace unchanged (trap)"; else bad "root namespace changed (trap)"; fi
    fi
    rm -rf "$TMP"
    echo "# elapsed $((SECONDS - T0))s"
    echo "$PASS passed, $FAIL failed"
    if [ "$FAIL" -ne 0 ] || [ "$rc" -ne 0 ]; then exit 1; fi
    exit 0
}
exec 3>&1 4>&2
trap finish EXIT
trap 'INTERRUPTED=1; exit 130' INT TERM

[ "$(id -u)" -eq 0 ] || { echo "must run as root"; bad "root"; exit 1; }
for t in ip:iproute2 tcpdump:tcpdump ping:iputils-ping timeout:coreutils flock:util-linux; do
    command -v "${t%%:*}" >/dev/null || { bad "missing ${t%%:*} (apt-get install -y ${t#*:})"; exit 1; }
done

# a crashed earlier run of this LAB must not disturb us
"$LABSH" down >/dev/null 2>&1 || true
root_snapshot "$TMP/root.before"

echo "# LAB=$LAB  N=$NODES"
MEMBERS=(n1 n2 n3 c o)
NODELIST=(n1 n2 n3)

# ---------------------------------------------------------------- up ---
t=$SECONDS
check "up -n $NODES" "$LABSH" up -n "$NODES"
echo "# up took $((SECONDS - t))s"

expected=$(printf '%s\n' "$LAB-sw" "$LAB-n1" "$LAB-n2" "$LAB-n3" "$LAB-c" "$LAB-o" | sort)
check "namespaces are exactly sw,n1..n3,c,o" test "$(lab_ns_list)" = "$expected"

brd=$(ip -n "$LAB-sw" -d link show br0 2>&1 || true)
check "br0 is up" grep -q 'state UP' <<<"$brd"
check "br0 STP off" grep -q 'stp_state 0' <<<"$brd"
check "br0 forward_delay 0" grep -q 'forward_delay 0 ' <<<"$brd"
check "br0 multicast snooping off" grep -q 'mcast_snooping 0' <<<"$brd"
ports=$(ip -n "$LAB-sw" -o link show master br0 2>/dev/null | awk -F': ' '{print $2}' | cut -d@ -f1 | sort | tr '\n' ' ' || true)
check "br0 ports are p-c p-n1 p-n2 p-n3 p-o" test "$ports" = "p-c p-n1 p-n2 p-n3 p-o "
check "no addresses in switch namespace" test -z "$(ip -n "$LAB-sw" -o addr show scope global)"

for m in "${MEMBERS[@]}"; do
    ns=$(ns_of "$m")
    a=$(ip -n "$ns" -o addr show dev eth0 2>&1 || true)
    check "$m eth0 has $(ip4 "$m")/24" grep -q "inet $(ip4 "$m")/24 " <<<"$a"
    check "$m eth0 has $(ip6 "$m")/64" grep -q "inet6 $(ip6 "$m")/64 " <<<"$a"
    check_not "$m has no tentative/dadfailed IPv6 address" grep -Eq 'tentative|dadfailed' <<<"$a"
    check "$m eth0 MAC $(mac "$m")" grep -q "link/ether $(mac "$m") " <<<"$(ip -n "$ns" -o link show eth0 2>&1)"
    check "$m lo is up" grep -q 'UP' <<<"$(ip -n "$ns" -o link show lo 2>&1)"
done

# ------------------------------------------------------------- unicast ---
for a in "${NODELIST[@]}"; do
    for b in "${NODELIST[@]}" c o; do
        [ "$a" != "$b" ] || continue
        check "$a -> $b IPv4" lping4 "$a" "$b"
        check "$a -> $b IPv6" lping6 "$a" "$b"
    done
done
check "c -> o IPv4" lping4 c o
check "c -> o IPv6" lping6 c o

# ----------------------------------------------------------- multicast ---
# captures on every other member, one UDP datagram to 224.0.0.18 from n1
for m in n2 n3 c o; do
    check "capture on $m started" "$LABSH" capture "$m" "$TMP/mc-$m.pcap" udp and dst host 224.0.0.18
done
check "n1 sends one UDP datagram to 224.0.0.18" ip netns exec "$LAB-n1" bash -c 'echo vrrp-test >/dev/udp/224.0.0.18/5555'
sleep 0.3
for m in n2 n3 c o; do
    lab capture-stop "$TMP/mc-$m.pcap" >/dev/null 2>&1 || true
    cnt=$(tcpdump -n -r "$TMP/mc-$m.pcap" 2>/dev/null | grep -c '10.77.0.11.* > 224.0.0.18.5555' || true)
    check "$m received the 224.0.0.18 datagram (count=$cnt)" test "$cnt" -eq 1
    [ "$cnt" -eq 1 ] || tcpdump -n -r "$TMP/mc-$m.pcap" 2>&1 | sed 's/^/        | /'
done
# plain tcpdump -c 1 with timeout, IPv6 link-local all-nodes multicast
ip netns exec "$LAB-n3" timeout 10 tcpdump -n -i eth0 -c 1 'icmp6 and dst host ff02::1' >"$TMP/td.out" 2>"$TMP/td.err" &
tdpid=$!
for ((i = 0; i < 50; i++)); do grep -q 'listening on' "$TMP/td.err" 2>/dev/null && break; sleep 0.1; done
check "n1 ping ff02::1%eth0 gets replies" ip netns exec "$LAB-n1" ping -6 -n -c 2 -W 1 ff02::1%eth0
if wait "$tdpid"; then ok "n3 saw IPv6 multicast echo (tcpdump -c 1)"; else bad "n3 saw IPv6 multicast echo (tcpdump -c 1)"; cat "$TMP/td.err"; fi

# ------------------------------------------------------------ cut/heal ---
check "cut n1" "$LABSH" cut n1
check "n1 eth0 has no carrier after cut" grep -q 'NO-CARRIER' <<<"$(ip -n "$LAB-n1" -o link show eth0)"
check_not "n2 -> n1 IPv4 fails after cut" lping4 n2 n1
check_not "n2 -> n1 IPv6 fails after cut" lping6 n2 n1
check_not "c -> n1 IPv4 fails after cut" lping4 c n1
check "n2 -> n3 still works during cut" lping4 n2 n3
check "heal n1" "$LABSH" heal n1
check "n2 -> n1 IPv4 after heal" ping_retry lping4 n2 n1
check "n2 -> n1 IPv6 after heal" ping_retry lping6 n2 n1
check "c -> n1 IPv4 after heal" ping_retry lping4 c n1
check "n1 -> o IPv6 after heal" ping_retry lping6 n1 o

# ---------------------------------------------------------- idempotent ---
snap_lab() { local m; for m in sw "${MEMBERS[@]}"; do echo "== $m"; ip -n "$(ns_of "$m")" -o link; ip -n "$(ns_of "$m")" -o addr; done; }
snap_lab >"$TMP/lab.1" 2>&1
check "up again (2nd)" "$LABSH" up -n "$NODES"
check "up again (3rd)" "$LABSH" up -n "$NODES"
snap_lab >"$TMP/lab.2" 2>&1
check "repeated up changed nothing (links, ifindexes, addresses)" diff -u "$TMP/lab.1" "$TMP/lab.2"
check "n1 -> n3 IPv4 after repeated up" lping4 n1 n3

# half-created lab: a missing node namespace and a missing veth
ip netns del "$LAB-n2"
ip -n "$LAB-sw" link del p-c
check "up repairs a half-created lab" "$LABSH" up -n "$NODES"
check "n2 namespace back" test -e "/run/netns/$LAB-n2"
check "n1 -> n2 IPv4 after repair" ping_retry lping4 n1 n2
check "n1 -> n2 IPv6 after repair" ping_retry lping6 n1 n2
check "n1 -> c IPv4 after repair" ping_retry lping4 n1 c
check "n1 -> c IPv6 after repair" ping_retry lping6 n1 c

# --------------------------------------------------------- exec/status ---
check "exec n1 shows its address" grep -q 10.77.0.11 <<<"$("$LABSH" exec n1 ip -o addr show eth0 2>&1)"
check "exec sw sees br0" "$LABSH" exec sw ip link show br0
check_not "exec on unknown node fails" "$LABSH" exec n99 true
check "status lists the switch ports" grep -q 'port p-n3' <<<"$("$LABSH" status 2>&1)"

# ----------------------------------------------------------- keepalived ---
# the node helpers with keepalived (skipped without it): election, crash with
# --cut, graceful stop; one keepalived is left running for down
has_vip() {
    local a
    a=$(ip -n "$(ns_of "$1")" -o -4 addr show dev eth0 2>/dev/null) || return 1
    [[ "$a" == *" 10.77.0.51/32 "* ]]
}
# wait_vip NODE [present|absent]: bounded, <= 5 s
wait_vip() {
    local i want=${2:-present}
    for ((i = 0; i < 50; i++)); do
        if has_vip "$1"; then
            [ "$want" != present ] || return 0
        else
            [ "$want" != absent ] || return 0
        fi
        sleep 0.1
    done
    return 1
}
if command -v keepalived >/dev/null; then
    KOPTS=(--vrid 51 --interval-ms 100 --vip 10.77.0.51)
    check "keepalived n2 (priority 100) prints its PID" grep -Eqx '[0-9]+' <<<"$("$LABSH" keepalived n2 "${KOPTS[@]}" --priority 100 2>/dev/null)"
    check "keepalived n1 (priority 150) prints its PID" grep -Eqx '[0-9]+' <<<"$("$LABSH" keepalived n1 "${KOPTS[@]}" --priority 150 2>/dev/null)"
    check_not "a second keepalived on n1 is refused" "$LABSH" keepalived n1 "${KOPTS[@]}"
    check_not "keepalived with --vrid 0 is refused" "$LABSH" keepalived n3 --vrid 0 --vip 10.77.0.51
    check "the VIP is on n1 (the higher priority)" wait_vip n1
    check "... and not on n2" wait_vip n2 absent
    check "kill n1 --cut prints the kill time" grep -Eqx '[0-9]+\.[0-9]+' <<<"$("$LABSH" kill n1 --cut 2>/dev/null)"
    check "n2 takes the VIP over" wait_vip n2
    check "killed n1 kept its (stale) VIP" has_vip n1
    check "n1's port is cut" grep -q 'NO-CARRIER' <<<"$(ip -n "$LAB-n1" -o link show eth0)"
    check "heal n1" "$LABSH" heal n1
    check "keepalived-stop n2 prints the stop time" grep -Eqx '[0-9]+\.[0-9]+' <<<"$("$LABSH" keepalived-stop n2 2>/dev/null)"
    check "n2 removed the VIP when stopped" wait_vip n2 absent
    check_not "kill n2 (stopped) fails" "$LABSH" kill n2
    ip -n "$LAB-n1" addr del 10.77.0.51/32 dev eth0 2>/dev/null || true
    check "keepalived n1 again, left running for down" "$LABSH" keepalived n1 "${KOPTS[@]}"
    check "status shows n1's keepalived" grep -q "running: keepalived $LAB-n1" <<<"$("$LABSH" status 2>&1)"
else
    echo "# keepalived not installed: node helper checks skipped"
fi

# ----------------------------------------------------------------- down ---
# leave processes running for down to clean up: a capture, a spawned
# sleeper, and one process started behind lab.sh's back inside a namespace
check "capture left running for down" "$LABSH" capture n1 "$TMP/left.pcap"
check "spawn sleeper in n2" "$LABSH" spawn n2 "$TMP/spawn.log" sleep 300
ip netns exec "$LAB-o" sleep 300 </dev/null >/dev/null 2>&1 &
stray=$!
sleep 0.2
mapfile -t before_pids < <(for m in sw "${MEMBERS[@]}"; do ip netns pids "$(ns_of "$m")"; done; cat "$LAB_STATE"/pids/*.pid 2>/dev/null | awk '{print $1}')
check "processes found in lab before down (${#before_pids[@]})" test "${#before_pids[@]}" -ge 3
t=$SECONDS
check "down" "$LABSH" down
echo "# down took $((SECONDS - t))s"
DOWN_DONE=1
wait "$stray" 2>/dev/null || true
check "no namespace with prefix $LAB- left" test -z "$(lab_ns_list)"
alive=""
for p in "${before_pids[@]}"; do
    [ -n "$p" ] || continue
    # read stat once: a zombie may be reaped between two reads (race seen)
    st=$(cat "/proc/$p/stat" 2>/dev/null) || continue
    st=${st##*) }
    case "${st%% *}" in Z|X|x) continue ;; esac
    alive+=" $p($(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | cut -c1-40))"
done
check "no leftover process (checked ${#before_pids[@]} pids)${alive:+: alive$alive}" test -z "$alive"
check "state dir removed" test ! -e "$LAB_STATE"
check "capture file was flushed by down" test -s "$TMP/left.pcap"
check "down again is harmless" "$LABSH" down
check "down with no lab leaves no namespace" test -z "$(lab_ns_list)"

root_snapshot "$TMP/root.after"
ROOT_DONE=1
check "root namespace unchanged (ip -o addr/link, ip route, ip -6 route)" diff -u "$TMP/root.before" "$TMP/root.after"
