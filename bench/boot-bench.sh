#!/usr/bin/env bash
#
# boot-bench.sh: cold-boot time-to-ready and idle RSS of Vireo (per role) against vanilla Apache Karaf.
#
#   bench/boot-bench.sh [-n runs] [-o outdir] [-d vireo.tar.gz] [-k apache-karaf-4.4.10.tar.gz] [-w]
#
#   -n  runs per target (default 5)
#   -o  output dir (default bench/out, i.e. out/ next to this script); temp unpack dirs go under it
#   -d  Vireo distribution (default: the single karaf-assembly/target/vireo-*.tar.gz of the project)
#   -k  vanilla Karaf 4.4.10 tarball (default: ~/.m2 copy; fetched with mvn dependency:copy if missing)
#   -w  (issue 20) also vanilla-web and vireo-all-in-one, and a few HTTP requests before the RSS reading
#
# Targets: vanilla (Karaf 4.4.10 with featuresBoot cut down to Vireo's base features), and Vireo with
# VIREO_ROLE=scanner|director|backup. Runs are interleaved round-robin (run 1 of every target, then
# run 2 of every target, ...) so slow drift of a shared machine hits all targets alike.
#
# Each run: fresh unpack (fresh data/, so every boot is a first start that resolves and installs the
# boot features), ports moved to free ones, t0, bin/start, poll data/log/karaf.log every 50 ms for the
# readiness line, 10 s idle, VmRSS of the Karaf JVM, bin/stop, wait for the PID to exit, delete.
#
# With -w (issue 20, the web stack's cost), two more targets: vanilla-web, vanilla with the third-party part of feature
# vireo-api added to its boot features (Vireo's feature vireo-web: Pax Web's http-whiteboard, Aries' JAX-RS whiteboard
# on the parts of CXF it needs, Jackson; feature bench-web in etc/bench-web.xml names it, its jars from the Vireo
# distribution's system/ copied beside vanilla's; Jetty on a free loopback port with Vireo's etc/org.ops4j.pax.web.cfg), and
# vireo-all-in-one (no role given: a director that scans). Before the idle wait, 5 GETs of /api/v1/metrics and 5 of
# /api/v1/node (Vireo, as admin) or of / (vanilla-web: Jetty's 404, no JAX-RS resource there). Vanilla and
# vanilla-web run with Karaf's JVM options (G1), so their difference is the web stack's; Vireo's roles with their own
# (bin/setenv: ZGC for director, backup and all-in-one, G1 for the scanner).
# Every run also records, after the RSS reading, PSS (/proc/PID/smaps_rollup: ZGC maps its heap three times and VmRSS
# counts a page once per mapping, PSS once) and RSS and PSS after a full GC (jcmd GC.run, 3 s).
#
# Output: one line per run on stdout and in $outdir/runs.tsv; a summary table (medians, ratio to vanilla,
# min-max for spread) on stdout and as markdown in $outdir/boot-bench.md.
#
# Only loopback is involved: Karaf listens on free ports bound to 127.0.0.1, and bin/stop talks to the
# shutdown port on 127.0.0.1. Processes are only ever stopped by their PID.
#
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project_root=$(cd "${script_dir}/.." && pwd)   # the script lives in <project>/bench/

runs=5
web=0
outdir="${script_dir}/out"                      # = <project>/bench/out
vireo_tgz=""
karaf_tgz="${HOME}/.m2/repository/org/apache/karaf/apache-karaf/4.4.10/apache-karaf-4.4.10.tar.gz"

READY_TIMEOUT_S=120   # boot must reach the readiness line within this, else the bench fails
IDLE_S=10             # settle time between readiness and the RSS reading
STOP_TIMEOUT_S=30     # grace for bin/stop before kill -TERM (then -KILL) by PID

usage() { sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "boot-bench: ERROR: $*" >&2; exit 1; }
log() { echo "boot-bench: $*" >&2; }

while getopts "n:o:d:k:wh" opt; do
    case "${opt}" in
        n) runs=${OPTARG} ;;
        o) outdir=${OPTARG} ;;
        d) vireo_tgz=${OPTARG} ;;
        k) karaf_tgz=${OPTARG} ;;
        w) web=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
[[ "${runs}" =~ ^[1-9][0-9]*$ ]] || die "-n wants a positive integer, got '${runs}'"

for tool in tar python3 awk sed grep sort; do
    command -v "${tool}" >/dev/null 2>&1 || die "needs ${tool} on PATH"
done

mkdir -p "${outdir}"
outdir=$(cd "${outdir}" && pwd)

# --- inputs ----------------------------------------------------------------------------------------
if [ -z "${vireo_tgz}" ]; then
    shopt -s nullglob
    found=("${project_root}"/karaf-assembly/target/vireo-*.tar.gz)
    shopt -u nullglob
    [ ${#found[@]} -eq 1 ] || die "expected exactly one karaf-assembly/target/vireo-*.tar.gz under ${project_root}" \
        "(found ${#found[@]}); build it (mvn -B package) or pass -d"
    vireo_tgz=${found[0]}
fi
[ -f "${vireo_tgz}" ] || die "no Vireo distribution at ${vireo_tgz}"
vireo_tgz=$(cd "$(dirname "${vireo_tgz}")" && pwd)/$(basename "${vireo_tgz}")

if [ ! -f "${karaf_tgz}" ]; then
    # Not in the local repository yet: let Maven fetch it (same coordinates the ~/.m2 default points to).
    dl="${outdir}/download"
    mkdir -p "${dl}"
    log "vanilla Karaf not at ${karaf_tgz}; fetching it with mvn into ${dl}"
    command -v mvn >/dev/null 2>&1 || die "mvn not on PATH; pass -k path/to/apache-karaf-4.4.10.tar.gz"
    # cd: run outside any project so Maven does not load a pom.xml first.
    (cd "${dl}" && mvn -B -q dependency:copy -Dartifact=org.apache.karaf:apache-karaf:4.4.10:tar.gz \
        -DoutputDirectory="${dl}") || die "mvn dependency:copy of apache-karaf 4.4.10 failed"
    karaf_tgz="${dl}/apache-karaf-4.4.10.tar.gz"
    [ -f "${karaf_tgz}" ] || die "mvn ran but ${karaf_tgz} is missing"
fi
karaf_tgz=$(cd "$(dirname "${karaf_tgz}")" && pwd)/$(basename "${karaf_tgz}")

# --- environment shared by every target ---------------------------------------------------------------
# Same JDK for both: Vireo's bin/setenv derives JAVA_HOME from the `java` on PATH when it is unset, vanilla's
# setenv does nothing (bin/karaf then warns and uses `java` from PATH). Derive it the same way here and
# export it, so both start the same JVM and Vireo's setenv keeps what it is given.
if [ -z "${JAVA_HOME:-}" ]; then
    command -v java >/dev/null 2>&1 || die "no java on PATH and JAVA_HOME unset"
    JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
fi
export JAVA_HOME
[ -x "${JAVA_HOME}/bin/java" ] || die "JAVA_HOME=${JAVA_HOME} has no bin/java"
# JVM options: Karaf's defaults for both (bin/inc; same file in both). Drop anything the caller's environment
# would add or redirect, so neither target gets extra options or another home/data dir.
unset JAVA_OPTS EXTRA_JAVA_OPTS JAVA_MIN_MEM JAVA_MAX_MEM JAVA_PERM_MEM JAVA_MAX_PERM_MEM JAVA_DEBUG_OPTS \
      KARAF_OPTS KARAF_SYSTEM_OPTS KARAF_DEBUG KARAF_HOME KARAF_BASE KARAF_DATA KARAF_ETC KARAF_LOG \
      KARAF_REDIRECT KARAF_EXEC VIREO_ROLE || true
jdk_version=$("${JAVA_HOME}/bin/java" -version 2>&1 | head -n1)

# Vanilla gets exactly Vireo's base boot features (Vireo's featuresBoot minus vireo-core), with the same
# explicit 4.4.10 versions the shipped file uses. featuresRepositories stays as vanilla ships it.
BASE_FEATURES="scr log ssh framework system feature shell management service jaas diagnostic bundle config eventadmin"

# Readiness markers.
# Vireo: the vireo-node bundle logs "...: role <role> active (features: ...)" once the role feature is in.
# Vanilla: FeaturesServiceImpl logs "Done." when a deployment finishes; the boot features are installed in one
# deployment (one stage, featuresBootAsynchronous=false) whose log reads "Changes to perform" -> "Installing
# bundles" -> "Starting bundles" -> "Done.", so the first "FeaturesServiceImpl ... | Done." line means the boot
# features are installed AND started. It is the line vanilla's log really shows, once. (Vireo logs "Done." twice,
# boot features then role feature, which is why Vireo uses its own role line instead.)
VANILLA_MARKER_RE='\| FeaturesServiceImpl +\|.*\| Done\.$'

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Four distinct free TCP ports on loopback: bind port 0 four times at once, read the port numbers, release.
free_ports() {
    python3 -c '
import socket
ss = [socket.socket() for _ in range(4)]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))
for s in ss: s.close()'
}

# set_prop FILE KEY VALUE: replace an existing "KEY = ..." line; fail if the key is not there.
set_prop() {
    local file=$1 key=$2 value=$3
    grep -Eq "^[[:space:]]*${key}[[:space:]]*=" "${file}" || die "${file}: no ${key} to change"
    sed -i -E "s|^[[:space:]]*${key}[[:space:]]*=.*|${key} = ${value}|" "${file}"
}

# Rewrite the (multi-line, backslash-continued) featuresBoot of vanilla's etc/org.apache.karaf.features.cfg;
# extra features (no version) after the base ones.
set_vanilla_boot_features() {
    local cfg=$1 extra=${2:-} block="" f n=0 count
    count=$(wc -w <<<"${BASE_FEATURES} ${extra}")
    for f in ${BASE_FEATURES} ${extra}; do
        n=$((n + 1))
        if [[ " ${extra} " == *" ${f} "* ]]; then block+="    ${f}"; else block+="    ${f}/4.4.10"; fi
        if [ "${n}" -lt "${count}" ]; then block+=", \\"; fi
        block+=$'\n'
    done
    awk -v block="${block}" '
        skip { if ($0 !~ /\\[[:space:]]*$/) skip = 0; next }
        /^[[:space:]]*featuresBoot[[:space:]]*=/ {
            printf "featuresBoot = \\\n%s", block
            if ($0 ~ /\\[[:space:]]*$/) skip = 1
            next
        }
        { print }' "${cfg}" > "${cfg}.new"
    mv "${cfg}.new" "${cfg}"
    [ "$(boot_features "${cfg}")" = "$(tr ' ' '\n' <<<"${BASE_FEATURES} ${extra}" | grep . | sort | tr '\n' ' ')" ] \
        || die "could not rewrite featuresBoot in ${cfg}"
}

# Names (no versions) in a featuresBoot, sorted, space-separated.
boot_features() {
    awk '/^[[:space:]]*featuresBoot[[:space:]]*=/ { on = 1; sub(/^[^=]*=/, "") }
         on { line = $0; more = (line ~ /\\[[:space:]]*$/); sub(/\\[[:space:]]*$/, "", line); printf "%s,", line
              if (!more) on = 0 }' "$1" \
        | tr ',' '\n' | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//; s|/.*||' | grep -v '^$' | sort | tr '\n' ' '
}

# Karaf's JVM PID. Karaf writes it to karaf.pid in karaf.base (etc/config.properties karaf.pid.file), i.e. the
# unpack dir, early in Main.launch. Check that the PID really is a java whose command line names this dir;
# fall back to scanning for that java if the file is absent or stale.
find_karaf_pid() {
    local dir=$1 pid="" p
    if [ -s "${dir}/karaf.pid" ]; then
        pid=$(tr -dc '0-9' < "${dir}/karaf.pid")
        if [ -n "${pid}" ] && [ -r "/proc/${pid}/cmdline" ] \
           && tr '\0' ' ' < "/proc/${pid}/cmdline" | grep -q -- "-Dkaraf.base=${dir} "; then
            echo "${pid}"; return 0
        fi
    fi
    for p in /proc/[0-9]*; do
        p=${p#/proc/}
        if tr '\0' ' ' < "/proc/${p}/cmdline" 2>/dev/null | grep -Eq -- "java .*-Dkaraf.base=${dir} "; then
            echo "${p}"; return 0
        fi
    done
    return 1
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

# State of the instance being measured, for stop_instance and the EXIT trap.
cur_dir="" cur_pid="" cur_wrapper=""

# Stop the current instance: bin/stop, wait up to STOP_TIMEOUT_S for the JVM PID to go, then TERM, then KILL,
# all by PID. Also waits for the `bin/karaf server` shell that bin/start left as the JVM's parent.
stop_instance() {
    local dir=${cur_dir} pid=${cur_pid} wrapper=${cur_wrapper} i
    [ -n "${dir}" ] || return 0
    if alive "${pid}" || alive "${wrapper}"; then
        "${dir}/bin/stop" >>"${dir}/stop.out" 2>&1 || true
        for ((i = 0; i < STOP_TIMEOUT_S * 10; i++)); do alive "${pid}" || break; sleep 0.1; done
        if alive "${pid}"; then
            log "PID ${pid} still up ${STOP_TIMEOUT_S}s after bin/stop: kill -TERM"
            kill -TERM "${pid}" 2>/dev/null || true
            for ((i = 0; i < 100; i++)); do alive "${pid}" || break; sleep 0.1; done
            if alive "${pid}"; then log "PID ${pid}: kill -KILL"; kill -KILL "${pid}" 2>/dev/null || true; fi
            for ((i = 0; i < 50; i++)); do alive "${pid}" || break; sleep 0.1; done
        fi
        # The wrapper exits when its JVM does; if it was stranded without one, TERM it by PID.
        for ((i = 0; i < 50; i++)); do alive "${wrapper}" || break; sleep 0.1; done
        if alive "${wrapper}"; then kill -TERM "${wrapper}" 2>/dev/null || true; fi
    fi
    alive "${pid}" && die "Karaf PID ${pid} (${dir}) would not exit"
    cur_dir="" cur_pid="" cur_wrapper=""
}

on_exit() {
    local rc=$?
    if [ -n "${cur_dir}" ]; then
        # An interrupted or failed run: make sure its Karaf does not outlive us. Keep the dir for post-mortem.
        [ -n "${cur_pid}" ] || cur_pid=$(find_karaf_pid "${cur_dir}" 2>/dev/null || true)
        log "stopping the Karaf of the unfinished run (PID ${cur_pid:-none}); its files stay in ${cur_dir}"
        stop_instance || true
    fi
    exit "${rc}"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# vanilla-web's extra feature: Vireo's feature vireo-web (the third-party web stack of vireo-api, no Vireo bundle in it),
# from the features repository the Vireo distribution ships in its system/.
# bench_web_xml DIR (a Karaf home holding Vireo's system/) > features XML
bench_web_xml() {
    local sys=$1/system version
    version=$(ls "${sys}"/org/vireo/vireo-features/ 2>/dev/null | head -1)
    [ -n "${version}" ] || die "no Vireo features repository in ${sys}"
    cat <<XML
<features name="bench-web" xmlns="http://karaf.apache.org/xmlns/features/v1.6.0">
  <repository>mvn:org.vireo/vireo-features/${version}/xml/features</repository>
  <feature name="bench-web" version="1.0.0" description="what feature vireo-api installs besides Vireo's own bundles">
    <feature>vireo-web</feature>
  </feature>
</features>
XML
}

# A few requests before the memory is read: Vireo's API (the metrics, the node) as admin, or vanilla-web's Jetty.
some_requests() {
    local target=$1 top=$2 port=$3 i auth=()
    case "${target}" in
        vanilla) return 0 ;;
        vanilla-web) for ((i = 0; i < 10; i++)); do curl -s -o /dev/null -m 10 "http://127.0.0.1:${port}/" || true; done ;;
        *)
            auth=(-u "admin:$(cat "${top}/etc/admin.password")")
            for ((i = 0; i < 120; i++)); do
                curl -s -m 5 "http://127.0.0.1:${port}/api/v1/health" | grep -q '"ready":true' && break; sleep 0.5
            done
            for ((i = 0; i < 5; i++)); do
                curl -s -o /dev/null -m 10 "${auth[@]}" "http://127.0.0.1:${port}/api/v1/metrics" || true
                curl -s -o /dev/null -m 10 "${auth[@]}" "http://127.0.0.1:${port}/api/v1/node" || true
            done ;;
    esac
}

pss_kib() { awk '/^Pss:/ {print $2}' "/proc/$1/smaps_rollup"; }

# run_one TARGET RUN_NO -> appends "target run ready_ms rss_kib pss_kib rss_gc_kib pss_gc_kib" to runs.tsv, prints it.
run_one() {
    local target=$1 run_no=$2 tgz role="" dir top ports ssh_port reg_port srv_port http_port t0 t_ready pid="" rss_kib
    local deadline log_file marker pss rss_gc pss_gc
    case "${target}" in
        vanilla | vanilla-web) tgz=${karaf_tgz} ;;
        vireo-all-in-one) tgz=${vireo_tgz}; role=director ;; # no VIREO_ROLE: a director that scans
        *) tgz=${vireo_tgz}; role=${target#vireo-} ;;
    esac

    # 1. fresh copy
    dir=$(mktemp -d "${outdir}/run.${target}.${run_no}.XXXXXX")
    tar -xzf "${tgz}" -C "${dir}"
    top=$(find "${dir}" -mindepth 1 -maxdepth 1 -type d)
    [ "$(wc -l <<<"${top}")" -eq 1 ] && [ -x "${top}/bin/start" ] || die "unexpected layout in ${tgz}"
    [ ! -e "${top}/karaf.pid" ] || die "${tgz} ships a karaf.pid"
    cur_dir=${top}

    # 2. ports: ssh and JMX/RMI on free ports picked now. Also sshHost -> 127.0.0.1 (same for both targets) so
    # nothing listens beyond loopback. The shutdown port is already random (karaf.shutdown.port unset, written to
    # data/port), and JMXMP is off as shipped.
    read -r ssh_port reg_port srv_port http_port <<<"$(free_ports)"
    set_prop "${top}/etc/org.apache.karaf.shell.cfg" sshPort "${ssh_port}"
    set_prop "${top}/etc/org.apache.karaf.shell.cfg" sshHost 127.0.0.1
    set_prop "${top}/etc/org.apache.karaf.management.cfg" rmiRegistryPort "${reg_port}"
    set_prop "${top}/etc/org.apache.karaf.management.cfg" rmiServerPort "${srv_port}"
    if [ "${target}" = vanilla ]; then set_vanilla_boot_features "${top}/etc/org.apache.karaf.features.cfg"; fi
    if [ "${target}" = vanilla-web ]; then
        # Vireo's system/ (the web stack's jars among them) beside vanilla's, its Jetty settings, feature bench-web
        tar -xzf "${vireo_tgz}" -C "${top}" --strip-components=1 --wildcards '*/system/*' \
            '*/etc/org.ops4j.pax.web.cfg' || die "cannot copy system/ from ${vireo_tgz}"
        bench_web_xml "${top}" > "${top}/etc/bench-web.xml"
        sed -i "s|^featuresRepositories = \\\\\$|featuresRepositories = \\\\\\n    file:${top}/etc/bench-web.xml, \\\\|" \
            "${top}/etc/org.apache.karaf.features.cfg"
        grep -q "file:${top}/etc/bench-web.xml" "${top}/etc/org.apache.karaf.features.cfg" \
            || die "could not add bench-web.xml to featuresRepositories"
        set_vanilla_boot_features "${top}/etc/org.apache.karaf.features.cfg" bench-web
    fi
    if [ -f "${top}/etc/org.ops4j.pax.web.cfg" ]; then
        set_prop "${top}/etc/org.ops4j.pax.web.cfg" org.osgi.service.http.port "${http_port}"
    fi

    # 3. boot and wait for readiness
    log_file="${top}/data/log/karaf.log"
    t0=$(now_ms)
    if [ "${target}" = vireo-all-in-one ]; then
        "${top}/bin/start" >"${top}/start.out" 2>&1
    elif [ -n "${role}" ]; then
        VIREO_ROLE=${role} "${top}/bin/start" >"${top}/start.out" 2>&1
    else
        "${top}/bin/start" >"${top}/start.out" 2>&1
    fi
    deadline=$((t0 + READY_TIMEOUT_S * 1000))
    while :; do
        if [ -f "${log_file}" ]; then
            if [ -n "${role}" ]; then
                grep -qF -- ": role ${role} active (features: " "${log_file}" && break
            else
                grep -qE -- "${VANILLA_MARKER_RE}" "${log_file}" && break
            fi
        fi
        [ -n "${pid}" ] || pid=$(find_karaf_pid "${top}" 2>/dev/null || true)
        if [ -n "${pid}" ] && ! alive "${pid}"; then
            tail -n 30 "${log_file}" >&2 2>/dev/null || true
            die "${target} run ${run_no}: Karaf PID ${pid} died before ready (see ${top})"
        fi
        if [ "$(now_ms)" -ge "${deadline}" ]; then
            tail -n 30 "${log_file}" >&2 2>/dev/null || true
            die "${target} run ${run_no}: no readiness line in ${log_file} after ${READY_TIMEOUT_S}s"
        fi
        sleep 0.05
    done
    t_ready=$(( $(now_ms) - t0 ))

    [ -n "${pid}" ] || pid=$(find_karaf_pid "${top}") || die "${target} run ${run_no}: cannot find the Karaf JVM PID"
    cur_pid=${pid}
    cur_wrapper=$(awk '{print $4}' "/proc/${pid}/stat")   # ppid: the `bin/karaf server` shell
    tr '\0' ' ' < "/proc/${cur_wrapper}/cmdline" 2>/dev/null | grep -q -- "${top}/bin/karaf" || cur_wrapper=""

    # 4. (with -w) a few requests, idle, then resident memory of the JVM; then the same after a full GC
    if [ "${web}" = 1 ]; then some_requests "${target}" "${top}" "${http_port}"; fi
    sleep "${IDLE_S}"
    alive "${pid}" || die "${target} run ${run_no}: Karaf PID ${pid} died while idle (see ${top})"
    rss_kib=$(awk '/^VmRSS:/ {print $2}' "/proc/${pid}/status")
    [ -n "${rss_kib}" ] || die "no VmRSS for PID ${pid}"
    pss=$(pss_kib "${pid}")
    jcmd "${pid}" GC.run >/dev/null 2>&1 || log "jcmd GC.run failed for ${pid}"
    sleep 3
    rss_gc=$(awk '/^VmRSS:/ {print $2}' "/proc/${pid}/status"); pss_gc=$(pss_kib "${pid}")

    # Port clashes would not stop the boot, only the listener: flag them rather than measure a broken node.
    if grep -qE 'BindException|Address already in use' "${log_file}"; then
        log "WARNING: ${target} run ${run_no}: a port bind failed, see ${log_file}"
    fi

    # 5. stop and clean up
    stop_instance
    rm -rf "${dir}"

    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${target}" "${run_no}" "${t_ready}" "${rss_kib}" "${pss}" "${rss_gc}" \
        "${pss_gc}" >> "${outdir}/runs.tsv"
    printf '%-16s run %2d/%d  ready %6d ms  RSS %7.1f MiB  PSS %7.1f  after GC: RSS %7.1f PSS %7.1f  (pid %s)\n' \
        "${target}" "${run_no}" "${runs}" "${t_ready}" "$(awk -v k="${rss_kib}" 'BEGIN{printf "%.1f", k/1024}')" \
        "$(awk -v k="${pss}" 'BEGIN{printf "%.1f", k/1024}')" "$(awk -v k="${rss_gc}" 'BEGIN{printf "%.1f", k/1024}')" \
        "$(awk -v k="${pss_gc}" 'BEGIN{printf "%.1f", k/1024}')" "${pid}"
}

# median of the numbers on stdin (mean of the two middle ones for an even count)
median() { sort -n | awk '{v[NR]=$1} END{ if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2 }'; }

# --- main ------------------------------------------------------------------------------------------
targets=(vanilla vireo-scanner vireo-director vireo-backup)
if [ "${web}" = 1 ]; then targets=(vanilla vanilla-web vireo-scanner vireo-director vireo-backup vireo-all-in-one); fi

# Sanity: vanilla must boot exactly Vireo's base features. Say so if Vireo's featuresBoot has moved on.
vireo_cfg=$(tar -xzOf "${vireo_tgz}" --wildcards '*/etc/org.apache.karaf.features.cfg' 2>/dev/null || true)
if [ -n "${vireo_cfg}" ]; then
    vireo_base=$(boot_features /dev/stdin <<<"${vireo_cfg}" | tr ' ' '\n' | grep -v '^vireo-' | grep -v '^$' | tr '\n' ' ')
    want=$(tr ' ' '\n' <<<"${BASE_FEATURES}" | sort | tr '\n' ' ')
    [ "${vireo_base}" = "${want}" ] || log "WARNING: Vireo's featuresBoot minus vireo-* is '${vireo_base}'," \
        "vanilla boots '${want}': update BASE_FEATURES"
fi

: > "${outdir}/runs.tsv"
log "Vireo:   ${vireo_tgz}"
log "vanilla: ${karaf_tgz}"
log "JDK:     ${JAVA_HOME} (${jdk_version})"
log "${runs} runs x ${#targets[@]} targets, round-robin; ${IDLE_S}s idle before RSS; out: ${outdir}"
started=$(now_ms)
for ((r = 1; r <= runs; r++)); do
    for t in "${targets[@]}"; do run_one "${t}" "${r}"; done
done

# --- summary ---------------------------------------------------------------------------------------
declare -A med_ms med_mib rng_ms rng_mib
for t in "${targets[@]}"; do
    med_ms[$t]=$(awk -v t="${t}" '$1==t {print $3}' "${outdir}/runs.tsv" | median)
    med_mib[$t]=$(awk -v t="${t}" '$1==t {print $4/1024}' "${outdir}/runs.tsv" | median)
    rng_ms[$t]=$(awk -v t="${t}" '$1==t {print $3}' "${outdir}/runs.tsv" | sort -n | sed -n '1p;$p' | paste -sd- -)
    rng_mib[$t]=$(awk -v t="${t}" '$1==t {printf "%.0f\n", $4/1024}' "${outdir}/runs.tsv" | sort -n | sed -n '1p;$p' | paste -sd- -)
done

md="${outdir}/boot-bench.md"
{
    echo "# Boot benchmark: Vireo vs vanilla Karaf 4.4.10"
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), ${runs} runs per target (round-robin), $(nproc) cores, ${jdk_version}, Karaf default JVM options."
    echo "Time to ready: bin/start to the readiness line in data/log/karaf.log (polled every 50 ms)."
    echo "RSS: VmRSS of the Karaf JVM ${IDLE_S} s after ready. Fresh data/ every run. Ratios are to vanilla's median."
    echo
    echo "| target | median time-to-ready (ms) | ratio | median RSS (MiB) | ratio | ready min-max (ms) | RSS min-max (MiB) |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for t in "${targets[@]}"; do
        awk -v t="${t}" -v ms="${med_ms[$t]}" -v mib="${med_mib[$t]}" -v vms="${med_ms[vanilla]}" \
            -v vmib="${med_mib[vanilla]}" -v rms="${rng_ms[$t]}" -v rmib="${rng_mib[$t]}" \
            'BEGIN { printf "| %s | %.0f | %.2f | %.1f | %.2f | %s | %s |\n", t, ms, ms/vms, mib, mib/vmib, rms, rmib }'
    done
} > "${md}"


# Memory in detail (median MiB per target; vanilla-web - vanilla is what the web stack adds at equal JVM options)
med_col() { awk -v t="$1" -v c="$2" '$1==t && $c != "" {print $c/1024}' "${outdir}/runs.tsv" | median; }
{
    echo
    echo "Memory, median MiB: RSS and PSS after ready (+ the requests) and ${IDLE_S} s idle, then after a full GC (jcmd GC.run, 3 s)."
    echo
    echo "| target | RSS | PSS | RSS after GC | PSS after GC | PSS after GC - vanilla's |"
    echo "|---|---:|---:|---:|---:|---:|"
    v_pss_gc=$(med_col vanilla 7)
    for t in "${targets[@]}"; do
        awk -v t="${t}" -v a="$(med_col "${t}" 4)" -v b="$(med_col "${t}" 5)" -v c="$(med_col "${t}" 6)" \
            -v d="$(med_col "${t}" 7)" -v v="${v_pss_gc}" \
            'BEGIN { printf "| %s | %.1f | %.1f | %.1f | %.1f | %+.1f |\n", t, a, b, c, d, d - v }'
    done
} >> "${md}"
echo
printf '%-16s %10s %6s %10s %6s %14s %12s\n' target ready_ms ratio rss_MiB ratio ready_min-max rss_min-max
for t in "${targets[@]}"; do
    awk -v t="${t}" -v ms="${med_ms[$t]}" -v mib="${med_mib[$t]}" -v vms="${med_ms[vanilla]}" \
        -v vmib="${med_mib[vanilla]}" -v rms="${rng_ms[$t]}" -v rmib="${rng_mib[$t]}" \
        'BEGIN { printf "%-16s %10.0f %6.2f %10.1f %6.2f %14s %12s\n", t, ms, ms/vms, mib, mib/vmib, rms, rmib }'
done
echo
log "total $(( ($(now_ms) - started) / 1000 )) s; markdown: ${md}; raw: ${outdir}/runs.tsv"
