#!/usr/bin/env bash
# fuzz.sh - runs every Jazzer fuzz target of the build for a while and tabulates what each reached (issue 19)
#
#   bench/fuzz.sh [-d SECS] [-r RUNS] [-o OUTDIR] [-k] [-j] [PATTERN...]
#   -d SECS  fuzzing time per target (default 180); -r RUNS stop a target after RUNS executions instead (then -d is
#            only its upper bound; a run can be paused with kill -STOP and resumed without losing executions);
#   -o OUTDIR (default bench/results/fuzz-<UTC ts>/);
#   -k       keep each target's generated corpus (<module>/.cifuzz-corpus/) from earlier runs (default: start
#            from the seeds alone, so that runs compare); -j extra JVM options for the fuzzing JVM (e.g. -Xmx2g);
#   PATTERN  only the targets whose Class#method matches one of these grep -E patterns
#   environment: MAVEN_ARGS, added to every mvn call (e.g. -o -Dmaven.repo.local=...)
#
# Targets are found by name: every method annotated @FuzzTest in a class *FuzzTest under <module>/src/test/java
# (so targets added later are run too). Each runs alone in its module's fuzz-targets surefire execution (the parent
# pom's; the normal test run replays the seeds there) with JAZZER_FUZZ=1 (Jazzer fuzzes one target per JVM) and
# Jazzer's sanitizer hooks on (-DfuzzHooks=true; the replay runs without them), nice'd, with -Xmx512m (memory must stay bounded: an input that needs more is an OOM finding),
# every org.vireo class and dnsjava instrumented for coverage, and libFuzzer told -max_total_time=SECS and
# -print_final_stats=1. Per target the table gives: executions (libFuzzer's stat::number_of_executed_units), the
# seconds fuzzed, execs/s, the coverage reached (the last cov: and ft: libFuzzer printed: edges and features),
# findings (crashes, timeouts, out-of-memory: a failed run; the input is written by Jazzer into the target's Inputs
# folder under src/test/resources, where the normal test run replays it), the peak RSS of the JVM
# (stat::peak_rss_mb), and the surefire result. Raw logs stay in OUTDIR/logs/ (not committed: summaries only).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
DUR=180; RUNS=""; OUT=""; KEEP=false; JVM_EXTRA=""
while getopts "d:r:o:kj:" opt; do
  case $opt in
    d) DUR=$OPTARG ;; r) RUNS=$OPTARG ;; o) OUT=$OPTARG ;; k) KEEP=true ;; j) JVM_EXTRA=$OPTARG ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
OUT=${OUT:-$TOP/bench/results/fuzz-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$OUT/logs"

# module<TAB>Class<TAB>method, for each @FuzzTest method of each *FuzzTest class
targets() {
  find "$TOP" -path '*/target' -prune -o -path '*/src/test/java/*' -name '*FuzzTest.java' -print | sort |
  while read -r file; do
    module=${file%%/src/test/java/*}; module=${module#"$TOP"/}
    class=$(basename "$file" .java)
    awk '/@FuzzTest/ {want=1; next} want && /void [A-Za-z0-9_]+\(/ {match($0, /void [A-Za-z0-9_]+\(/);
         print substr($0, RSTART + 5, RLENGTH - 6); want=0}' "$file" |
    while read -r method; do printf '%s\t%s\t%s\n' "$module" "$class" "$method"; done
  done
}

last() { grep -a "$1" "$2" | tail -1; }

run_target() { # module class method
  local module=$1 class=$2 method=$3 log="$OUT/logs/$2.$3.log" pkg corpus
  pkg=$(grep -m1 '^package ' "$TOP/$module/src/test/java/"*/ -r --include="$class.java" | sed 's/.*package \(.*\);/\1/')
  corpus="$TOP/$module/.cifuzz-corpus/$pkg.$class/$method"
  $KEEP || rm -rf "$corpus"
  local before after
  before=$(find "$TOP/$module/src/test/resources" -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' 2>/dev/null | wc -l)
  local args="-Xmx512m $JVM_EXTRA -Djazzer.instrumentation_includes=org.vireo.**:org.xbill.DNS.**"
  args+=" -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_total_time=$DUR"
  args+=" -Djazzer.internal.arg.2=-print_final_stats=1"
  [ -z "$RUNS" ] || args+=" -Djazzer.internal.arg.3=-runs=$RUNS"
  # the fuzz-targets execution of the parent pom alone (the module's other tests are not run), hooks on
  (cd "$TOP" && JAZZER_FUZZ=1 nice mvn -B -ntp ${MAVEN_ARGS:-} test-compile surefire:test@fuzz-targets -pl "$module" \
    -DfuzzTest="$class#$method" -DfuzzHooks=true "-DargLine=$args") > "$log" 2>&1
  local rc=$?
  after=$(find "$TOP/$module/src/test/resources" -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' 2>/dev/null | wc -l)
  local execs secs rate cov ft rss findings result
  execs=$(last 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  [ -n "$execs" ] || execs=$(grep -ao '^#[0-9]*' "$log" | tail -1 | tr -d '#')
  secs=$(last '^Done [0-9]* runs in' "$log" | awk '{print $5}')
  rate=$(last 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
  cov=$(grep -ao 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  ft=$(grep -ao 'ft: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  rss=$(last 'stat::peak_rss_mb' "$log" | awk '{print $2}')
  [ -n "$rss" ] || rss=$(grep -ao 'rss: [0-9]*Mb' "$log" | tail -1 | awk '{print $2}' | tr -d Mb)
  findings=$(( $(grep -acE '== Java Exception:|==ERROR: libFuzzer: (timeout|out-of-memory|deadly signal)|FuzzerSecurityIssue' "$log") ))
  findings=$(( findings > after - before ? findings : after - before ))
  result=$(grep -a 'Tests run:' "$log" | tail -1 | sed 's/.*\(Tests run: [0-9]*, Failures: [0-9]*, Errors: [0-9]*\).*/\1/')
  [ $rc -eq 0 ] || result="FAILED (rc $rc): ${result:-see log}"
  printf '| %s | `%s#%s` | %s | %s | %s | %s | %s | %s | %s MB | %s |\n' "${module#bundles/}" "$class" "$method" \
    "${execs:-?}" "${secs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$findings" "${rss:-?}" "$result"
}

mapfile -t ALL < <(targets)
{
  echo "# Fuzzing, $(date -u +%Y-%m-%dT%H:%MZ), ${RUNS:+$RUNS executions or }${DUR} s per target ($(nproc) cores, nice'd)"
  echo
  echo "Command: \`bench/fuzz.sh -d $DUR${RUNS:+ -r $RUNS}${*:+ $*}\`"
  echo
  echo '| module | target | executions | seconds | execs/s | cov | ft | findings | peak RSS | surefire |'
  echo '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |'
} > "$OUT/summary.md"
for t in "${ALL[@]}"; do
  IFS=$'\t' read -r module class method <<< "$t"
  if [ $# -gt 0 ]; then
    matched=false
    for p in "$@"; do grep -qE "$p" <<< "$class#$method" && matched=true; done
    $matched || continue
  fi
  echo "fuzzing $class#$method ($module) for $DUR s" >&2
  run_target "$module" "$class" "$method" >> "$OUT/summary.md"
done
cat "$OUT/summary.md"
