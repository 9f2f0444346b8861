#!/usr/bin/env bash
# demo.sh - a whole Vireo cluster on this machine, in network namespaces, with one command (issue 25).
#
# WHAT `up` MAKES (on lab.sh's LAN, LAB=demo: namespaces demo-sw, demo-n1.., demo-c, demo-o)
#
#   n1       director, VRRP priority 150 (master)  10.77.0.11   \  one VRRP instance (VRID 50), VIP 10.77.0.50:
#   n2       backup director, priority 100         10.77.0.12   /  the balancer, HTTP proxy :9090, FTP :2121
#   n3..     scanners (filtering HTTP/FTP proxies) 10.77.0.13..    (3 by default; --scanners 2 for fewer)
#   c        the client                            10.77.0.100
#   o        the origin: web server :80 (python3), FTP :21 (vsftpd), DNS :53 (dnsmasq, zone demo.lab:
#            www/ftp/origin.demo.lab, proxy.demo.lab = the VIP, nK.demo.lab, and the SRV record
#            _vireo-proxy._tcp.demo.lab -> proxy.demo.lab:9090); the nodes and the client resolve through it
#
#   All from the real distribution (built if missing or older than the sources), the cluster's CA and every
#   node's certificate made with the shell of n1 (cluster:init-ca, cluster:issue-cert), config sync on (every
#   node joins cluster "demo"). Each node's management API and console (plain HTTP on 127.0.0.1:8181 inside its
#   namespace) is reachable from this host at http://127.0.0.1:(PORT_BASE+K)/ through one socat per node,
#   listening on loopback in the root namespace and connecting from inside the node's namespace: nothing is
#   added to the root namespace (no address, route or link). The only file outside the state dir is each lab
#   namespace's /etc/netns/NS/resolv.conf (the resolver `ip netns exec` gives processes in NS), removed by down.
#
# USAGE
#   demo.sh up [--scanners N] [--advert-ms MS] [--port-base P] [--dist TARBALL]
#                        build if needed and start the cluster; prints the table of nodes at the end.
#                        Idempotent: on a running demo it prints the table (and restarts a failed node); a
#                        half-built one, or one made with other options, is taken down and made again.
#                        N scanners 1-5 (3); MS the VRRP advert interval, 10-40950 in steps of 10 (200);
#                        P the forwarders' ports are P+1.. for n1.. (18100); TARBALL default:
#                        karaf-assembly/target/vireo-*.tar.gz
#   demo.sh status       the table again, with each node's state now
#   demo.sh traffic [--seconds N] [--rate R] [--timeout-ms MS] [--workers W]
#                        a bounded load from the client through the VIP (GET http://www.demo.lab/ through
#                        proxy.demo.lab:9090, a new connection each, R a second for N seconds; 10, 20, 1000, 32);
#                        prints requests, failures and the longest failure and gap (lab/demo-traffic.py)
#   demo.sh fail NODE|master [--cut|--kill]
#                        crash NODE (master: the director holding the VIP): the JVM killed and the cable cut
#                        at once, as a dead host; --cut: only the cable (the node runs on, isolated);
#                        --kill: only the JVM (the cable in: its guard hands the VIP over at once)
#   demo.sh heal NODE    the cable back and, if its JVM is gone, the node restarted (its install kept);
#                        waits until it is ready
#   demo.sh down         stop everything up made (by PID), delete its namespaces and files; idempotent
#   demo.sh help
#
# ENVIRONMENT
#   LAB (demo): the prefix of the namespaces; DEMO_STATE (/tmp/vireo-lab-$LAB): lab.sh's state dir, the
#   demo's own files in its demo/; DEMO_MVN_ARGS: more arguments of the build (e.g. -o for offline).
#
# Requires root (network namespaces), a JDK 17 and the Debian packages iproute2, util-linux, socat, python3,
# dnsmasq-base, vsftpd, curl (and maven to build).
set -euo pipefail

PROG=demo.sh
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
export LAB="${LAB:-demo}"
STATE="${DEMO_STATE:-/tmp/vireo-lab-$LAB}"
DEMO="$STATE/demo"
VIP=10.77.0.50
VRID=50
ORIGIN=10.77.0.200
ZONE=demo.lab
ORIGIN_TEXT="hello from the Vireo demo origin"
FTP_PASSIVE=50000-50019

die() { echo "$PROG: error: $*" >&2; exit 1; }
log() { echo "$PROG: $*" >&2; }

# usage [STATUS]: the USAGE part of this header; on standard output for help (0), else on standard error (2)
usage() {
    local status=${1:-2}
    if [ "$status" -eq 0 ]; then
        sed -n '/^# USAGE/,/^# Requires/p' "$0" | sed 's/^# \{0,1\}//'
    else
        sed -n '/^# USAGE/,/^# Requires/p' "$0" | sed 's/^# \{0,1\}//' >&2
    fi
    exit "$status"
}

# has REGEX TEXT: grep on a string (no pipe: grep -q leaving early cannot fail a writer under pipefail)
has() { grep -qE -- "$1" <<<"$2"; }

lab() { LAB_QUIET=1 bash "$HERE/lab.sh" --state "$STATE" "$@"; }

need_root() {
    [ "$(id -u)" -eq 0 ] || die "must run as root (network namespaces): sudo lab/demo.sh $*"
}

# the commands the demo runs, each with the Debian package that has it
need_tools() {
    lab require ss=iproute2 bridge=iproute2 flock=util-linux socat=socat python3=python3 dnsmasq=dnsmasq-base \
        vsftpd=vsftpd curl=curl java=openjdk-17-jdk-headless || exit 1
}

# ------------------------------------------------------------ settings ---

SCANNERS=3 ADVERT_MS=200 PORT_BASE=18100 DIST=""

# the settings of the demo that is up (written by up)
load_settings() {
    [ -f "$DEMO/demo.env" ] || die "no demo is up (LAB=$LAB, $STATE); start one with: sudo lab/demo.sh up"
    # shellcheck source=/dev/null
    . "$DEMO/demo.env"
}

save_settings() {
    printf '%s\n' "SCANNERS=$SCANNERS" "ADVERT_MS=$ADVERT_MS" "PORT_BASE=$PORT_BASE" "DIST=$DIST" >"$DEMO/demo.env"
}

nodes() { local k; for ((k = 1; k <= 2 + SCANNERS; k++)); do echo "n$k"; done; }
directors() { echo n1; echo n2; }
scanner_nodes() { local k; for ((k = 3; k <= 2 + SCANNERS; k++)); do echo "n$k"; done; }
ip_of() { echo "10.77.0.$((10 + ${1#n}))"; }
port_of() { echo $((PORT_BASE + ${1#n})); }
home_of() { echo "$STATE/vireo-$1"; }
priority_of() { case "$1" in n1) echo 150 ;; n2) echo 100 ;; *) echo "" ;; esac; }

role_of() {
    case "$1" in
        n1) echo "director (VRRP priority 150)" ;;
        n2) echo "backup director (VRRP priority 100)" ;;
        *) echo "scanner" ;;
    esac
}

check_node() {
    [[ "$1" =~ ^n[0-9]+$ ]] && [ "${1#n}" -ge 1 ] && [ "${1#n}" -le $((2 + SCANNERS)) ] ||
        die "unknown node '$1': the demo has $(nodes | tr '\n' ' ')(or: master)"
}

# RFC 5798: Master_Down_Interval = 3 x Advert + Skew, Skew = (256 - priority) x Advert / 256, of the backup n2
master_down_ms() { echo $((3 * ADVERT_MS + (256 - 100) * ADVERT_MS / 256)); }

# ---------------------------------------------------------- the build ---

# the newest file of the sources the distribution is made of, if newer than $1
newer_sources() {
    find "$ROOT/pom.xml" "$ROOT/bundles" "$ROOT/features" "$ROOT/config" "$ROOT/karaf-assembly" \
        -path '*/target' -prune -o -type f -newer "$1" -print -quit 2>/dev/null
}

# DIST: the given tarball, else the build's, built as run-node.sh does when missing or older than the sources
ensure_dist() {
    if [ -n "$DIST" ]; then
        [ -f "$DIST" ] || die "--dist: no file $DIST"
        DIST=$(realpath "$DIST")
        return
    fi
    local -a found
    shopt -s nullglob
    found=("$ROOT"/karaf-assembly/target/vireo-*.tar.gz)
    shopt -u nullglob
    if [ ${#found[@]} -ne 1 ] || [ -n "$(newer_sources "${found[0]}")" ]; then
        lab require mvn=maven || exit 1
        log "building the distribution (mvn -B -ntp -q package -DskipTests ${DEMO_MVN_ARGS:-}; a few minutes)"
        # shellcheck disable=SC2086 # DEMO_MVN_ARGS: words
        (cd "$ROOT" && mvn -B -ntp -q package -DskipTests ${DEMO_MVN_ARGS:-}) || die "the build failed"
        shopt -s nullglob
        found=("$ROOT"/karaf-assembly/target/vireo-*.tar.gz)
        shopt -u nullglob
        [ ${#found[@]} -eq 1 ] || die "the build made no single karaf-assembly/target/vireo-*.tar.gz"
    fi
    DIST=$(realpath "${found[0]}")
}

# ------------------------------------------------------- what exists ---

lab_namespaces_up() {
    local all
    all=$(ip netns list 2>/dev/null | awk '{print $1}')
    grep -E "^$LAB-(sw|c|o|n[0-9]+)$" <<<"$all" || true
}

port_free() { [ -z "$(ss -Htln "( sport = :$1 )" 2>/dev/null)" ]; }

# the forwarders' ports must be free before anything starts (ours of a running demo are taken by ours)
check_ports() {
    local n p
    for n in $(nodes); do
        p=$(port_of "$n")
        port_free "$p" || die "port $p on 127.0.0.1 (for $n's API) is taken: choose other ports with --port-base," \
            "or take the running demo down first (sudo lab/demo.sh down)"
    done
}

# lab.sh status: "pid N running|gone: DESCRIPTION" for every process it recorded
recorded() { lab status 2>/dev/null | grep -E '^pid [0-9]+ (running|gone): ' || true; }

node_running() { has "^pid [0-9]+ running: vireo $LAB-$1 " "$(recorded)"; }

port_up() { has '[<,]UP[,>]' "$(ip -n "$LAB-sw" -o link show "p-$1" 2>/dev/null)"; }

node_health() { lab exec "$1" curl -s --max-time 3 http://127.0.0.1:8181/api/v1/health 2>/dev/null || true; }

# the director holding the VIP (the running one with its cable in, when a crashed one still holds it too)
vip_holder() {
    local n
    for n in $(directors); do
        has " ${VIP//./\\.}/" "$(ip -n "$LAB-$n" -o addr show 2>/dev/null)" || continue
        if node_running "$n" && port_up "$n"; then echo "$n"; return; fi
    done
}

# true when everything up made still runs, except perhaps nodes (a failed node is healed, not rebuilt)
demo_intact() {
    local ns up gone
    [ -f "$DEMO/complete" ] || return 1
    up=$(lab_namespaces_up)
    for ns in sw c o $(nodes); do
        has "^$LAB-$ns\$" "$up" || return 1
    done
    gone=$(grep -E '^pid [0-9]+ gone: ' <<<"$(recorded)" || true)
    ! has "." "$(grep -vE ": vireo $LAB-n[0-9]+ " <<<"$gone" || true)"
}

# ---------------------------------------------------------------- up ---

# /etc/netns/NS/resolv.conf: `ip netns exec NS` binds it over /etc/resolv.conf, so the JVMs, curl and
# python in the lab ask the origin's dnsmasq (and nothing outside the lab)
write_resolvers() {
    local m
    for m in c $(nodes); do
        mkdir -p "/etc/netns/$LAB-$m"
        printf '%s\n' "# written by lab/demo.sh (LAB=$LAB); removed by its down" "nameserver $ORIGIN" \
            "search $ZONE" "options timeout:1 attempts:2" >"/etc/netns/$LAB-$m/resolv.conf"
    done
}

remove_resolvers() {
    local d
    for d in /etc/netns/"$LAB"-*; do
        [ -f "$d/resolv.conf" ] || continue
        head -1 "$d/resolv.conf" | grep -q '^# written by lab/demo.sh' || continue
        rm -f "$d/resolv.conf"
        rmdir "$d" 2>/dev/null || true
    done
    rmdir /etc/netns 2>/dev/null || true
}

# until CMD... (run in the client) succeeds, at most SECONDS; WHAT names it in the error
await_client() {
    local what=$1 secs=$2 deadline
    shift 2
    deadline=$((SECONDS + secs))
    until lab exec c "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -lt "$deadline" ] || die "$what: no answer within ${secs}s ($*)"
        sleep 0.2
    done
}

start_web() {
    mkdir -p "$DEMO/www"
    printf '%s\n' "$ORIGIN_TEXT" >"$DEMO/www/index.html"
    lab spawn o "$DEMO/www.log" python3 -m http.server 80 --bind "$ORIGIN" --directory "$DEMO/www" >/dev/null
}

start_ftp() {
    local dir="$DEMO/ftp"
    mkdir -p "$dir/root/pub" "$dir/empty"
    printf '%s\n' "a file on the demo's FTP server" >"$dir/root/pub/hello.txt"
    chmod 755 "$dir" "$dir/empty"
    chmod 555 "$dir/root" # vsftpd refuses an anonymous root it could write to
    printf '%s\n' listen=YES listen_ipv6=NO "listen_address=$ORIGIN" listen_port=21 background=NO \
        anonymous_enable=YES "anon_root=$dir/root" no_anon_password=YES local_enable=NO \
        "secure_chroot_dir=$dir/empty" pasv_enable=YES port_enable=YES connect_from_port_20=NO \
        seccomp_sandbox=NO xferlog_enable=NO ftp_username=ftp >"$dir/vsftpd.conf"
    lab spawn o "$dir/vsftpd.out" vsftpd "$dir/vsftpd.conf" >/dev/null
}

start_dns() {
    local -a records=("--host-record=www.$ZONE,ftp.$ZONE,origin.$ZONE,$ORIGIN" "--host-record=proxy.$ZONE,$VIP"
        "--host-record=client.$ZONE,10.77.0.100" "--srv-host=_vireo-proxy._tcp.$ZONE,proxy.$ZONE,9090,0,100")
    local n
    for n in $(nodes); do records+=("--host-record=$n.$ZONE,$(ip_of "$n")"); done
    lab spawn o "$DEMO/dnsmasq.log" dnsmasq --keep-in-foreground --conf-file=/dev/null --no-resolv --no-hosts \
        --no-poll --pid-file= "--listen-address=$ORIGIN" --bind-interfaces --port=53 "--local=/$ZONE/" --user=root \
        "${records[@]}" >/dev/null
}

start_origin() {
    start_dns
    start_web
    start_ftp
    # through the names: DNS, web server and FTP server at once
    await_client "the origin's web server" 30 curl -sf --max-time 2 "http://www.$ZONE/"
    await_client "the origin's FTP server" 30 curl -sf --max-time 2 "ftp://ftp.$ZONE/pub/"
}

# the shipped balancer table with the demo's scanners, quick checks and the FTP passive ports
write_configs() {
    local shipped="$ROOT/config/org.vireo.balancer.cfg" list="" n text
    for n in $(scanner_nodes); do list+="${list:+, }$(ip_of "$n"):3128"; done
    mkdir -p "$DEMO/cfg"
    text=$(sed -e "s/^scanners = .*/scanners = $list/" -e 's/^slowStartSeconds = .*/slowStartSeconds = 0/' \
        -e 's/^checkIntervalMillis = .*/checkIntervalMillis = 500/' \
        -e 's/^checkTimeoutMillis = .*/checkTimeoutMillis = 400/' \
        -e "s/^ftpPassivePorts =.*/ftpPassivePorts = $FTP_PASSIVE/" "$shipped") || die "cannot read $shipped"
    grep -q "^scanners = $list\$" <<<"$text" && grep -q "^ftpPassivePorts = $FTP_PASSIVE\$" <<<"$text" ||
        die "$shipped does not read as expected (keys scanners, ftpPassivePorts)"
    printf '%s\n' "$text" >"$DEMO/cfg/org.vireo.balancer.cfg"
    # the directors may name their clients in a PROXY header before the cluster's registry says who they are
    printf '%s\n' "directors = $(ip_of n1), $(ip_of n2)" >"$DEMO/cfg/org.vireo.scanner.proxy.cfg"
}

start_nodes() {
    local n balancer="$DEMO/cfg/org.vireo.balancer.cfg"
    for n in $(directors); do
        lab vireo "$n" --dist "$DIST" --role "$( [ "$n" = n1 ] && echo director || echo backup)" --vrid "$VRID" \
            --priority "$(priority_of "$n")" --interval-ms "$ADVERT_MS" --vip "$VIP" --cfg "$balancer" >/dev/null
    done
    for n in $(scanner_nodes); do
        lab vireo "$n" --dist "$DIST" --role scanner --cfg "$balancer" \
            --cfg "$DEMO/cfg/org.vireo.scanner.proxy.cfg" >/dev/null
    done
    log "started $(nodes | wc -l) nodes; their first boot takes a minute or two"
}

# the cluster's CA on n1, every node's certificate issued there, then each node's etc/org.vireo.cluster.cfg
make_cluster() {
    local n cmds out pw
    lab vireo-wait n1 'rules .*rules.conf in force' 300 >/dev/null
    cmds="cluster:init-ca --name $LAB"
    for n in $(nodes); do
        pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
        echo "$pw" >"$DEMO/keystore-password-$n"
        cmds+=$'\n'"cluster:issue-cert --ip $(ip_of "$n") --password $pw --out $(home_of "$n")/etc/vireo/cluster/node.p12 $n"
    done
    out=$(VIREO_CLI_RETRIES=120 lab vireo-cli n1 "$cmds" 2>&1) || die "cluster:init-ca/issue-cert on n1 failed: $out"
    for n in $(nodes); do
        [ -f "$(home_of "$n")/etc/vireo/cluster/node.p12" ] || die "no certificate for $n was made: $out"
    done
    local members
    members=$(for n in $(nodes); do ip_of "$n"; done | paste -sd, | sed 's/,/, /g')
    for n in $(nodes); do
        # replaced whole and at once, as an operator would: Karaf reads the file when it changes
        printf '%s\n' "clusterName = $LAB" "bindAddress = $(ip_of "$n")" "bindPort = 7800" "members = $members" \
            "keystore = $(home_of "$n")/etc/vireo/cluster/node.p12" \
            "keystorePassword = $(cat "$DEMO/keystore-password-$n")" >"$(home_of "$n")/etc/org.vireo.cluster.cfg.tmp"
        mv "$(home_of "$n")/etc/org.vireo.cluster.cfg.tmp" "$(home_of "$n")/etc/org.vireo.cluster.cfg"
    done
    log "cluster CA made on n1, certificates issued, every node joins cluster '$LAB'"
}

# until the node's /api/v1/health says ready, at most SECONDS; fails at once if its JVM is gone
await_ready() {
    local n=$1 secs=$2 deadline
    deadline=$((SECONDS + secs))
    until node_health "$n" | grep -q '"ready":true'; do
        node_running "$n" || die "$n's JVM is not running (see $(home_of "$n")/karaf.out and data/log/karaf.log)"
        [ "$SECONDS" -lt "$deadline" ] ||
            die "$n is not ready after ${secs}s: $(node_health "$n") (see $(home_of "$n")/data/log/karaf.log)"
        sleep 0.5
    done
}

await_cluster() {
    local n s total
    total=$(nodes | wc -l)
    lab vireo-wait n1 "vip1 .*BACKUP -> MASTER" 300 >/dev/null
    lab vireo-wait n1 "balancer: listening on ${VIP//./\\.}:9090" 60 >/dev/null
    for n in $(nodes); do
        # every member in the node's view, however it names them (a UUID until discovery brings the name)
        lab vireo-wait "$n" "cluster: view [0-9]+ \\[([^],]+, ){$((total - 1))}[^],]+\\]" 300 >/dev/null
        await_ready "$n" 300
    done
    for n in $(directors); do
        for s in $(scanner_nodes); do
            lab vireo-wait "$n" "balancer: scanner $(ip_of "$s" | sed 's/\./\\./g'):3128 UP" 120 >/dev/null
        done
    done
    log "cluster up: $total members, n1 master of $VIP, the scanners up on both directors"
}

start_forwarders() {
    local n p deadline
    for n in $(nodes); do
        p=$(port_of "$n")
        # one socat per node: it listens on loopback here; each connection runs a socat inside the node's
        # namespace, which connects to the node's own loopback HTTP port (the API and the console)
        lab spawn-host "$DEMO/forward-$n.log" socat "TCP-LISTEN:$p,bind=127.0.0.1,reuseaddr,fork" \
            "EXEC:ip netns exec $LAB-$n socat STDIO TCP\\:127.0.0.1\\:8181" >/dev/null
    done
    for n in $(nodes); do
        p=$(port_of "$n")
        deadline=$((SECONDS + 20))
        until curl -s --max-time 3 "http://127.0.0.1:$p/api/v1/health" | grep -q '"ready"'; do
            [ "$SECONDS" -lt "$deadline" ] || die "the forwarder to $n on 127.0.0.1:$p does not answer: $(cat "$DEMO/forward-$n.log")"
            sleep 0.2
        done
    done
}

cmd_up() {
    local opts=("$@")
    while [ $# -gt 0 ]; do
        case "$1" in
            --scanners) [ $# -ge 2 ] || die "--scanners needs a number"; SCANNERS=$2; shift 2 ;;
            --advert-ms) [ $# -ge 2 ] || die "--advert-ms needs a number"; ADVERT_MS=$2; shift 2 ;;
            --port-base) [ $# -ge 2 ] || die "--port-base needs a number"; PORT_BASE=$2; shift 2 ;;
            --dist) [ $# -ge 2 ] || die "--dist needs a file"; DIST=$2; shift 2 ;;
            *) echo "$PROG: up: unknown argument '$1'" >&2; usage ;;
        esac
    done
    [[ "$SCANNERS" =~ ^[1-5]$ ]] || die "--scanners must be 1-5 (got '$SCANNERS')"
    [[ "$ADVERT_MS" =~ ^[1-9][0-9]*0$ ]] && [ "$ADVERT_MS" -le 40950 ] ||
        die "--advert-ms must be 10-40950 in steps of 10 (got '$ADVERT_MS')"
    [[ "$PORT_BASE" =~ ^[1-9][0-9]{2,4}$ ]] && [ "$PORT_BASE" -ge 1024 ] && [ "$PORT_BASE" -le 65000 ] ||
        die "--port-base must be 1024-65000 (got '$PORT_BASE')"
    need_tools
    if up_again "${opts[*]}"; then return; fi
    check_ports
    ensure_dist
    mkdir -p "$DEMO"
    save_settings
    echo "${opts[*]}" >"$DEMO/options"
    lab up -n $((2 + SCANNERS))
    write_resolvers
    start_origin
    write_configs
    start_nodes
    make_cluster
    await_cluster
    start_forwarders
    await_client "a request through the VIP" 60 curl -sf --max-time 3 -x "http://proxy.$ZONE:9090" "http://www.$ZONE/"
    touch "$DEMO/complete"
    print_table
}

# a demo made before: true when it is up (failed nodes healed), after its table; a half-built one, or one of
# other options, is taken down (false: up makes it again)
up_again() {
    local n
    [ -n "$(lab_namespaces_up)" ] || [ -d "$STATE" ] || return 1
    if demo_intact && [ "$(cat "$DEMO/options" 2>/dev/null)" = "$1" ]; then
        load_settings
        for n in $(nodes); do
            if ! node_running "$n" || ! port_up "$n"; then log "$n was failed: healing it"; heal_node "$n"; fi
        done
        log "the demo is already up"
        print_table
        return 0
    fi
    log "a half-built demo, or one with other options, is there: taking it down to make it again"
    take_down
    return 1
}

# ------------------------------------------------------------ the table ---

node_state() {
    local n=$1 h
    if ! node_running "$n"; then echo "DOWN (JVM not running)"; return; fi
    if ! port_up "$n"; then echo "CUT (cable out)"; return; fi
    h=$(node_health "$n")
    case "$h" in *'"ready":true'*) echo "ready" ;; *) echo "not ready ${h:-(no answer)}" ;; esac
}

print_table() {
    local n master
    load_settings
    master=$(vip_holder)
    echo
    echo "Vireo demo cluster (LAB=$LAB, files in $STATE)"
    echo "VIP $VIP (VRID $VRID, adverts every $ADVERT_MS ms, Master_Down_Interval $(master_down_ms) ms):" \
        "HTTP proxy $VIP:9090, FTP proxy $VIP:2121 (proxy.$ZONE); master now: ${master:-none}"
    echo
    printf '%-4s %-36s %-12s %-30s %s\n' node role address "API (from this host)" console
    for n in $(nodes); do
        printf '%-4s %-36s %-12s %-30s %s   %s\n' "$n" "$(role_of "$n")" "$(ip_of "$n")" \
            "http://127.0.0.1:$(port_of "$n")/api/v1/" "http://127.0.0.1:$(port_of "$n")/console/" "$(node_state "$n")"
    done
    echo
    echo "login: admin, password in $STATE/vireo-nK/etc/admin.password (each node its own), e.g."
    echo "  curl -s -u admin:\"\$(sudo cat $(home_of n1)/etc/admin.password)\" http://127.0.0.1:$(port_of n1)/api/v1/cluster/members"
    echo "  (one browser keeps one session cookie for 127.0.0.1: log in again when you switch nodes)"
    echo "origin $ORIGIN: http://www.$ZONE/ (python3), ftp://ftp.$ZONE/ (vsftpd); DNS dnsmasq there, zone $ZONE with" \
        "SRV _vireo-proxy._tcp.$ZONE"
    echo
    echo "try:"
    echo "  sudo lab/demo.sh traffic --seconds 10 --rate 20      # a bounded load through the VIP, with its longest failure"
    echo "  sudo lab/demo.sh fail master                         # crash the director holding the VIP (or: fail n3 --cut)"
    echo "  sudo lab/demo.sh heal n1                             # back, restarted if it was crashed"
    echo "  sudo LAB=$LAB lab/lab.sh --state $STATE exec c curl -x http://proxy.$ZONE:9090 http://www.$ZONE/"
    echo "  sudo LAB=$LAB lab/lab.sh --state $STATE exec c curl 'ftp://anonymous%40ftp.$ZONE:x@proxy.$ZONE:2121/pub/hello.txt'"
    echo "  sudo LAB=$LAB lab/lab.sh --state $STATE vireo-cli n1 'cluster:members'   # or srv:resolve $ZONE"
    echo "  sudo lab/demo.sh down                                # remove everything"
}

# --------------------------------------------------- traffic, fail, heal ---

need_up() {
    load_settings
    [ -n "$(lab_namespaces_up)" ] || die "the demo's namespaces are gone; start it again with: sudo lab/demo.sh up"
}

cmd_traffic() {
    local -a args=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --seconds|--rate|--timeout-ms|--workers)
                [ $# -ge 2 ] || die "$1 needs a number"; args+=("$1" "$2"); shift 2 ;;
            *) echo "$PROG: traffic: unknown argument '$1'" >&2; usage ;;
        esac
    done
    need_up
    # exec (lab.sh execs too): the load is this very process, so whoever started it can stop it
    LAB_QUIET=1 exec bash "$HERE/lab.sh" --state "$STATE" exec c python3 "$HERE/demo-traffic.py" --proxy "proxy.$ZONE:9090" --url "http://www.$ZONE/" \
        --expect "$ORIGIN_TEXT" "${args[@]}"
}

cmd_fail() {
    [ $# -ge 1 ] || { echo "$PROG: fail needs a node" >&2; usage; }
    local n=$1 mode=crash t
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --cut) mode=cut; shift ;;
            --kill) mode=kill; shift ;;
            *) echo "$PROG: fail: unknown argument '$1'" >&2; usage ;;
        esac
    done
    need_up
    if [ "$n" = master ]; then
        n=$(vip_holder)
        [ -n "$n" ] || die "no running director holds the VIP $VIP now"
    fi
    check_node "$n"
    case "$mode" in
        crash) t=$(lab kill "$n" --cut | tail -1); echo "$n crashed: JVM killed and cable cut at $(stamp "$t")" ;;
        kill) t=$(lab kill "$n" | tail -1); echo "$n's JVM killed at $(stamp "$t") (cable in)" ;;
        cut) lab cut "$n"; echo "$n's cable cut at $(stamp "${EPOCHREALTIME}") (it runs on, isolated)" ;;
    esac
    case "$n" in
        n1|n2) echo "a director: the other takes the VIP within Master_Down_Interval, $(master_down_ms) ms" \
            "(adverts every $ADVERT_MS ms); heal with: sudo lab/demo.sh heal $n" ;;
        *) echo "a scanner: the directors mark it down within a second and send its clients elsewhere;" \
            "heal with: sudo lab/demo.sh heal $n" ;;
    esac
}

# epoch seconds (with a fraction) as a time of day with milliseconds
stamp() { date -d "@$1" +%H:%M:%S.%3N; }

heal_node() {
    local n=$1
    lab heal "$n"
    if ! node_running "$n"; then
        lab vireo "$n" --keep >/dev/null
        log "$n restarted (its install kept); waiting until it is ready"
    fi
    await_ready "$n" 300
}

cmd_heal() {
    [ $# -eq 1 ] || { echo "$PROG: heal needs one node" >&2; usage; }
    need_up
    check_node "$1"
    heal_node "$1"
    local holder
    holder=$(vip_holder)
    echo "$1 is back and ready; the VIP is on ${holder:-no director} now$( [ "$1" != n1 ] || [ "$holder" = n1 ] ||
        echo ": n1, of the higher priority, takes it back (preempt) once it has heard an advert or two")"
}

# --------------------------------------------------------------- down ---

take_down() {
    lab down
    remove_resolvers
    rm -rf "$DEMO"
    rmdir "$STATE" 2>/dev/null || true
}

cmd_down() {
    [ $# -eq 0 ] || { echo "$PROG: down takes no arguments" >&2; usage; }
    take_down
    local left
    left=$(lab_namespaces_up)
    [ -z "$left" ] || die "namespaces left behind: $left"
    [ ! -d "$STATE" ] || log "note: $STATE was left: it holds files the demo did not make"
    log "the demo is down"
}

# --------------------------------------------------------------- main ---

main() {
    [ $# -ge 1 ] || usage
    local cmd=$1
    shift
    case "$cmd" in -h|--help|help) usage 0 ;; esac
    need_root "$cmd"
    command -v ip >/dev/null 2>&1 || die "required command 'ip' not found; install Debian package 'iproute2'"
    case "$cmd" in
        up) cmd_up "$@" ;;
        status) need_up; print_table ;;
        traffic) cmd_traffic "$@" ;;
        fail) cmd_fail "$@" ;;
        heal) cmd_heal "$@" ;;
        down) cmd_down "$@" ;;
        *) echo "$PROG: unknown command '$cmd'" >&2; usage ;;
    esac
}

# exit on the same line: bash reads a script as it runs, and an edit of this file meanwhile must not be run
main "$@"; exit
