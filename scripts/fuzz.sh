#!/usr/bin/env bash
# Builds the libFuzzer targets (Sources/Fuzz) against an AddressSanitizer + coverage build of the
# engine and the C ABI, and runs each for a while. Every text entry point has a target:
#
#   curve    gf_curve_parse_n, gf_curve_parse (+ eval, spec, and the spec read back)
#   scene    gf_scene_load_json (+ sample, advance, to_json, and the JSON read back)
#   tree     gf_view_tree_load_json + gf_skeleton_generate, gf_skeleton_from_json
#   adjust   gf_view_tree_add_adjust + gf_skeleton_generate
#   section  gf_view_tree_add_section + gf_skeleton_generate
#   style    gf_view_tree_set_style + gf_skeleton_generate
#   timeline gf_timeline_from_json (+ duration, schedule, to_json and the JSON read back, apply)
#   chain    gf_chain_add with link descriptions from fuzz bytes (+ duration, schedule, apply, advance)
#   tools    preload, scrub, pull-to-refresh and card-transition parameters from fuzz bytes (+ sample)
#   viewchain gf_view_chain_*, snapshot pools, gf_scene_convert_rect / _point from fuzz bytes
#
#   scripts/fuzz.sh                      every target for 15 s, two at a time (ten targets: 75 s)
#   scripts/fuzz.sh -t 300 tree scene    some targets, longer
#   scripts/fuzz.sh -b                   build only
#   FUZZ_SECONDS=15 FUZZ_JOBS=2 FUZZ_CONFIG=release scripts/fuzz.sh
#
# A target fails on anything libFuzzer reports: an ASan error, a trap or abort (a Swift runtime
# error such as a failed Int conversion), a broken promise its harness checks (GF_E_INTERNAL, a
# failure without a message, JSON the library wrote that it does not read back), a single input
# running longer than FUZZ_TIMEOUT s, or using more than FUZZ_RSS_MB of memory. The run goes on
# after a failure (-fork=1 -ignore_crashes=1), so one run reports every failure it finds. Inputs
# are kept in .build-fuzz/artifacts/<target>/ (crash-*, timeout-*, oom-*); replay one with
#   SWIFT_BACKTRACE=enable=no .build-fuzz/<config>/Fuzz<Target> <file>
# Every crash found becomes a regression test (bindings/c/tests/test_fuzz_regressions.c). Failures
# of an open issue whose regression test is marked as an expected failure are listed in
# scripts/fuzz/known-issues.txt: reported, but they do not fail the run; anything else does.
#
# Corpora: scripts/fuzz/corpus/<target>/ (committed seeds from examples/, docs/ and the
# conformance cases; refresh with scripts/fuzz/make_corpus.py seeds), extreme inputs generated
# into .build-fuzz/extreme/<target>/ by make_corpus.py, and the working corpus
# .build-fuzz/corpus/<target>/, which grows across local runs.
#
# Exit status: 0 when every target ran clean, 1 when one failed, 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${FUZZ_SECONDS:-15}"
jobs="${FUZZ_JOBS:-2}"
config="${FUZZ_CONFIG:-release}"
timeout_s="${FUZZ_TIMEOUT:-20}"
rss_mb="${FUZZ_RSS_MB:-2560}"
python="${PYTHON:-python3}"
build_only=0
while getopts "t:j:c:bh" option; do
  case $option in
    t) seconds=$OPTARG ;;
    j) jobs=$OPTARG ;;
    c) config=$OPTARG ;;
    b) build_only=1 ;;
    *) sed -n '2,30s/^# \{0,1\}//p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

declare -A products=([curve]=FuzzCurveSpec [scene]=FuzzSceneJSON [tree]=FuzzViewTreeJSON
                     [adjust]=FuzzAdjust [section]=FuzzSection [style]=FuzzStyle [timeline]=FuzzTimelineJSON
                     [chain]=FuzzChain [tools]=FuzzTools [viewchain]=FuzzViewChain)
declare -A max_len=([curve]=70000 [scene]=65536 [tree]=65536 [adjust]=45000 [section]=4096 [style]=8192
                    [timeline]=65536 [chain]=4096 [tools]=1024 [viewchain]=1024)
all=(curve scene tree adjust section style timeline chain tools viewchain)
targets=("$@")
(( ${#targets[@]} )) || targets=("${all[@]}")
for target in "${targets[@]}"; do
  [[ -n "${products[$target]:-}" ]] || { echo "fuzz: unknown target '$target' (targets: ${all[*]})" >&2; exit 2; }
done

scratch=.build-fuzz
# SwiftPM passes --sanitize=fuzzer and --sanitize=address to swiftc as two -sanitize= flags, and
# the Swift driver keeps only the last one (Swift 6.3.1): the objects get ASan but no coverage
# (libFuzzer then says "no interesting inputs were found"), or the other way round. One
# -sanitize=fuzzer,address at the end gives both; --sanitize=fuzzer is still needed, for SwiftPM
# to compile the targets as libraries and link libFuzzer's main (shared/research/spike.md section
# 8 has the other pitfalls).
build_flags=(--scratch-path "$scratch" -c "$config" --sanitize=fuzzer --sanitize=address
             -Xswiftc -sanitize=fuzzer,address)
mkdir -p "$scratch/logs"
start=$EPOCHREALTIME
for target in "${targets[@]}"; do
  log="$scratch/logs/build-$target.log"
  # gold warns ~130 times that it cannot export the ASan runtime's local symbols; harmless.
  if ! swift build "${build_flags[@]}" --product "${products[$target]}" >"$log" 2>&1; then
    grep -v "Cannot export local symbol" "$log" | tail -40 >&2
    echo "fuzz: building ${products[$target]} failed (log: $log)" >&2
    exit 2
  fi
done
bin="$(swift build "${build_flags[@]}" --show-bin-path)"
printf 'fuzz: built %s (%s, ASan + coverage) in %.0f s\n' "${targets[*]}" "$config" \
  "$(awk "BEGIN { print $EPOCHREALTIME - $start }")"
(( build_only )) && exit 0

"$python" scripts/fuzz/make_corpus.py extreme "$scratch/extreme" >/dev/null

# The options every run of a target shares.
options() {
  echo -timeout="$timeout_s" -rss_limit_mb="$rss_mb" -artifact_prefix="$scratch/artifacts/$1/"
}

# The first line of a failure report that says what went wrong, and where in the engine.
describe() {
  local what where
  what=$(grep -m1 -h -o -E 'ghostframe-fuzz: .*|Fatal error: .*|ERROR: AddressSanitizer: [^ ]*|ERROR: libFuzzer: .*' "$1" \
         || echo "crashed")
  where=$(grep -m1 -h -o -E '/Sources/(Ghostframe[A-Za-z]*|_GhostframeJSON)/[^ ]*:[0-9]+' "$1" | sed 's|.*/Sources/|Sources/|' || true)
  echo "${what:0:300}${where:+ (at $where)}"
}

# Runs every input of the committed seeds, the extreme corpus and the regression inputs once,
# going on after each failure (libFuzzer stops at the first one, so restart after it), and
# prints one line per failing input. Fork mode below would silently drop failing seeds.
replay() {
  local target=$1 product=${products[$1]} log="$scratch/logs/$1.replay.log" failed=0 bad i
  local files=()
  for directory in scripts/fuzz/corpus/"$target" "$scratch/extreme/$target" scripts/fuzz/regressions/"$target"; do
    [[ -d $directory ]] && while IFS= read -r -d '' file; do files+=("$file"); done \
      < <(find "$directory" -type f -print0 | sort -z)
  done
  : >"$log"
  while (( ${#files[@]} )); do
    # shellcheck disable=SC2046
    if SWIFT_BACKTRACE=enable=no "$bin/$product" $(options "$target") "${files[@]}" >"$log.part" 2>&1; then
      cat "$log.part" >>"$log"
      break
    fi
    cat "$log.part" >>"$log"
    bad=$(grep '^Running: ' "$log.part" | tail -1 | sed 's/^Running: //')
    if [[ -z $bad ]]; then
      echo "replay did not start: $(tail -1 "$log.part")"
      return 1
    fi
    failed=$((failed + 1))
    echo "$bad: $(describe "$log.part")"
    for i in "${!files[@]}"; do [[ ${files[$i]} == "$bad" ]] && break; done
    files=("${files[@]:$((i + 1))}")
  done
  rm -f "$log.part"
  return $(( failed > 0 ))
}

# The known issues: fixed strings that a failure's description (see describe) contains, one per
# line, each under a comment naming the issue and the regression test that expects it to fail.
known_patterns=()
while IFS= read -r line; do
  [[ -z $line || $line == \#* ]] || known_patterns+=("$line")
done < scripts/fuzz/known-issues.txt

is_known() {
  local pattern
  for pattern in "${known_patterns[@]}"; do [[ $1 == *"$pattern"* ]] && return 0; done
  return 1
}

# Fuzzes one target for $seconds; its summary goes to $scratch/logs/<target>.summary. The target
# fails on any failure that is not a known issue (scripts/fuzz/known-issues.txt).
run() {
  local target=$1 product=${products[$1]}
  local corpus="$scratch/corpus/$target" log="$scratch/logs/$target.log" summary="$scratch/logs/$target.summary"
  local marker="$scratch/logs/$target.start" failures=() line artifact
  mkdir -p "$corpus" "$scratch/artifacts/$target"
  touch "$marker"
  while IFS= read -r line; do [[ -n $line ]] && failures+=("$line"); done < <(replay "$target" || true)
  # Swift's backtracer would catch the crash signal first and leave no artifact. Leaks are not
  # checked here: the Swift runtime's caches read as leaks to LSan (valgrind checks leaks).
  # shellcheck disable=SC2046
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" \
    "$bin/$product" "$corpus" scripts/fuzz/corpus/"$target" "$scratch/extreme/$target" $(options "$target") \
      -dict="$scratch/extreme/$target.dict" -max_len="${max_len[$target]}" -max_total_time="$seconds" \
      -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -print_final_stats=1 >"$log" 2>&1 || true
  local last stats found
  last=$(grep -E '^#[0-9]+: cov: ' "$log" | tail -1)
  stats=$(sed -E 's/^#([0-9]+): cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+) exec\/s: ([0-9]+).*/\1 runs, cov \2, ft \3, corpus \4, \5 exec\/s/' <<<"$last")
  found=$(sed -nE 's/.*oom\/timeout\/crash: ([0-9]+)\/([0-9]+)\/([0-9]+).*/\1 \2 \3/p' <<<"$last")
  read -r ooms timeouts crashes <<<"${found:-0 0 0}"
  if (( ooms + timeouts + crashes )); then
    local described=0
    while read -r artifact; do
      # shellcheck disable=SC2046
      SWIFT_BACKTRACE=enable=no "$bin/$product" $(options "$target") "$artifact" >"$log.artifact" 2>&1 || true
      failures+=("$artifact: $(describe "$log.artifact")")
      described=$((described + 1))
    done < <(find "$scratch/artifacts/$target" -type f -newer "$marker" | sort)
    rm -f "$log.artifact"
    (( described )) || failures+=("$log: $ooms/$timeouts/$crashes oom/timeout/crash while fuzzing, no input kept")
  fi
  local known=() new=()
  for line in "${failures[@]}"; do
    if is_known "$line"; then known+=("$line"); else new+=("$line"); fi
  done
  {
    if (( ${#new[@]} )); then
      echo "FAILED $target: ${stats:-no stats}; ${#new[@]} new failure(s), ${#known[@]} known (log $log)"
    elif (( ${#known[@]} )); then
      echo "ok     $target: ${stats:-ran} in ${seconds} s; ${#known[@]} known issue(s) seen"
    else
      echo "ok     $target: ${stats:-ran} in ${seconds} s"
    fi
    for line in "${new[@]}"; do echo "  new:   $line"; done
    for line in "${known[@]}"; do echo "  known: $line"; done
  } >"$summary"
}

echo "fuzz: ${targets[*]} for $seconds s each, $jobs at a time"
running=0
for target in "${targets[@]}"; do
  run "$target" &
  running=$((running + 1))
  if (( running >= jobs )); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failed=0
for target in "${targets[@]}"; do
  cat "$scratch/logs/$target.summary"
  grep -q '^FAILED' "$scratch/logs/$target.summary" && failed=1
done
printf 'fuzz: total %.0f s\n' "$(awk "BEGIN { print $EPOCHREALTIME - $start }")"
exit $failed
