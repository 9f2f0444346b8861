#!/usr/bin/env bash
#
# boot-bench.sh: cold-boot time-to-ready and idle RSS of Vireo (per role) against vanilla Apache Karaf.
#
#   bench/boot-bench.sh [-n runs] [-o outdir] [-d vireo.tar.gz] [-k apache-karaf-4.4.10.tar.gz]
#
#   -n  runs per target (default 5)
#   -o  output dir (default bench/out, i.e. out/ next to this script); temp unpack dirs go under it
#   -d  Vireo distribution (default: the single karaf-assembly/target/vireo-*.tar.gz of the project)
#   -k  vanilla Karaf 4.4.10 tarball (default: ~/.m2 copy; fetched with mvn dependency:copy if missing)
#
# Targets: vanilla (Karaf 4.4.10 with featuresBoot cut down to Vireo's base features), and Vireo with
# VIREO_ROLE=scanner|director|backup. Runs are interleaved round-robin (run 1 of every target, then
# run 2 of every target, ...) so slow drift of a shared machine hits all targets alike.
#
# Each run: fresh unpack (fresh data/, so every boot is a first start that resolves and installs the
# boot features), ports moved to free ones, t0, bin/start, poll data/log/karaf.log every 50 ms for the
# readiness line, 10 s idle, VmRSS of the Karaf JVM, bin/stop, wait for the PID to exit, delete.
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
outdir="${script_dir}/out"                      # = <project>/bench/out
vireo_tgz=""
karaf_tgz="${HOME}/.m2/repository/org/apache/karaf/apache-karaf/4.4.10/apache-karaf-4.4.10.tar.gz"

READY_TIMEOUT_S=120   # boot must reach the readiness line within this, else the bench fails
IDLE_S=10             # settle time between readiness and the RSS reading
STOP_TIMEOUT_S=30     # grace for bin/stop before kill -TERM (then -KILL) by PID

usage() { sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "boot-bench: ERROR: $*" >&2; exit 1; }
log() { echo "boot-bench: $*" >&2; }

while getopts "n:o:d:k:h" opt; do
    case "${opt}" in
        n) runs=${OPTARG} ;;
        o) outdir=${OPTARG} ;;
        d) vireo_tgz=${OPTARG} ;;
        k) karaf_tgz=${OPTARG} ;;
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
BASE_FEATURES="scr log ssh framework system feature shell management service jaas diagnostic bundle config"

# Readiness markers.
# Vireo: the vireo-node bundle logs "...: role <role> active (features: ...)" once the role feature is in.
# Vanilla: FeaturesServiceImpl logs "Done." when a deployment finishes; the boot features are installed in one
# deployment (one stage, featuresBootAsynchronous=false) whose log reads "Changes to perform" -> "Installing
# bundles" -> "Starting bundles" -> "Done.", so the first "FeaturesServiceImpl ... | Done." line means the boot
# features are installed AND started. It is the line vanilla's log really shows, once. (Vireo logs "Done." twice,
# boot features then role feature, which is why Vireo uses its own role line instead.)
VANILLA_MARKER_RE='\| FeaturesServiceImpl +\|.*\| Done\.$'

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Three distinct free TCP ports on loopback: bind port 0 three times at once, read the port numbers, release.
free_ports() {
    python3 -c '
import socket
ss = [socket.socket() for _ in range(3)]
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

# Rewrite the (multi-line, backslash-continued) featuresBoot of vanilla's etc/org.apache.karaf.features.cfg.
set_vanilla_boot_features() {
    local cfg=$1 block="" f n=0 count
    count=$(wc -w <<<"${BASE_FEATURES}")
    for f in ${BASE_FEATURES}; do
        n=$((n + 1))
        block+="    ${f}/4.4.10"
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
    [ "$(boot_features "${cfg}")" = "$(tr ' ' '\n' <<<"${BASE_FEATURES}" | sort | tr '\n' ' ')" ] \
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

# run_one TARGET RUN_NO -> appends "target run ready_ms rss_kib" to runs.tsv and prints a line.
run_one() {
    local target=$1 run_no=$2 tgz role="" dir top ports ssh_port reg_port srv_port t0 t_ready pid="" rss_kib
    local deadline log_file
    if [ "${target}" = vanilla ]; then tgz=${karaf_tgz}; else tgz=${vireo_tgz}; role=${target#vireo-}; fi

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
    read -r ssh_port reg_port srv_port <<<"$(free_ports)"
    set_prop "${top}/etc/org.apache.karaf.shell.cfg" sshPort "${ssh_port}"
    set_prop "${top}/etc/org.apache.karaf.shell.cfg" sshHost 127.0.0.1
    set_prop "${top}/etc/org.apache.karaf.management.cfg" rmiRegistryPort "${reg_port}"
    set_prop "${top}/etc/org.apache.karaf.management.cfg" rmiServerPort "${srv_port}"
    if [ "${target}" = vanilla ]; then set_vanilla_boot_features "${top}/etc/org.apache.karaf.features.cfg"; fi

    # 3. boot and wait for readiness
    log_file="${top}/data/log/karaf.log"
    t0=$(now_ms)
    if [ -n "${role}" ]; then
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

    # 4. idle, then resident memory of the JVM
    sleep "${IDLE_S}"
    alive "${pid}" || die "${target} run ${run_no}: Karaf PID ${pid} died while idle (see ${top})"
    rss_kib=$(awk '/^VmRSS:/ {print $2}' "/proc/${pid}/status")
    [ -n "${rss_kib}" ] || die "no VmRSS for PID ${pid}"

    # Port clashes would not stop the boot, only the listener: flag them rather than measure a broken node.
    if grep -qE 'BindException|Address already in use' "${log_file}"; then
        log "WARNING: ${target} run ${run_no}: a port bind failed, see ${log_file}"
    fi

    # 5. stop and clean up
    stop_instance
    rm -rf "${dir}"

    printf '%s\t%s\t%s\t%s\n' "${target}" "${run_no}" "${t_ready}" "${rss_kib}" >> "${outdir}/runs.tsv"
    printf '%-15s run %2d/%d  ready %6d ms  RSS %7.1f MiB  (pid %s)\n' "${target}" "${run_no}" "${runs}" \
        "${t_ready}" "$(awk -v k="${rss_kib}" 'BEGIN{printf "%.1f", k/1024}')" "${pid}"
}

# median of the numbers on stdin (mean of the two middle ones for an even count)
median() { sort -n | awk '{v[NR]=$1} END{ if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2 }'; }

# --- main ------------------------------------------------------------------------------------------
targets=(vanilla vireo-scanner vireo-director vireo-backup)

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

echo
printf '%-15s %10s %6s %10s %6s %14s %12s\n' target ready_ms ratio rss_MiB ratio ready_min-max rss_min-max
for t in "${targets[@]}"; do
    awk -v t="${t}" -v ms="${med_ms[$t]}" -v mib="${med_mib[$t]}" -v vms="${med_ms[vanilla]}" \
        -v vmib="${med_mib[vanilla]}" -v rms="${rng_ms[$t]}" -v rmib="${rng_mib[$t]}" \
        'BEGIN { printf "%-15s %10.0f %6.2f %10.1f %6.2f %14s %12s\n", t, ms, ms/vms, mib, mib/vmib, rms, rmib }'
done
echo
log "total $(( ($(now_ms) - started) / 1000 )) s; markdown: ${md}; raw: ${outdir}/runs.tsv"
