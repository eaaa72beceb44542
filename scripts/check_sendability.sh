#!/usr/bin/env bash
# Swift 6 strict concurrency keeps what is not thread-safe on one thread (issue 17): type-checks the
# files of Tests/SendabilityCheck against the modules `swift build` made (no second build).
#
#   SharesSampler.swift, StoresSampler.swift   must FAIL, with a data-race / non-Sendable diagnostic
#                                              on the line marked `expected-error`
#   SharesScene.swift                          must compile (sharing a Scene, a sampler per task)
#
#   check_sendability.sh [bin-path]     (default: `swift build --show-bin-path`)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin=${1:-$(swift build --show-bin-path)}
modules=$bin/Modules
[[ -d $modules ]] || modules=$bin
[[ -e $modules/Ghostframe.swiftmodule ]] || { echo "FAIL: no Ghostframe.swiftmodule in $modules (run swift build)"; exit 1; }
dir=Tests/SendabilityCheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# -emit-sil, not -typecheck: the data-race diagnostics (region-based isolation) come from SIL passes.
# Core imports the internal C kernels (`_GhostframeKernels`): their module map, from the sources.
typecheck() { swiftc -emit-sil -o /dev/null -swift-version 6 -parse-as-library -I "$modules" -I Sources/_GhostframeKernels/include "$dir/$1" >"$work/$1.log" 2>&1; }

fail=0
# must_fail FILE REGEX: the compile fails, and an error on the marked line matches REGEX.
must_fail() {
  local file=$1 pattern=$2 line
  line=$(grep -n 'expected-error' "$dir/$file" | head -n 1 | cut -d: -f1)
  if typecheck "$file"; then
    echo "FAIL: $file compiled: Swift no longer stops what it shares"; fail=1; return
  fi
  if grep -E "$file:$line:[0-9]+: error: .*($pattern)" "$work/$file.log" >"$work/$file.hit"; then
    echo "ok: $file refused at line $line: $(sed 's/.*error: //' "$work/$file.hit" | head -n 1)"
  else
    echo "FAIL: $file failed, but not with /$pattern/ at line $line:"; sed 's/^/   /' "$work/$file.log"; fail=1
  fi
}
must_fail SharesSampler.swift "data race|non-Sendable type 'SceneSampler'|'sending'"
must_fail StoresSampler.swift "non-Sendable type 'SceneSampler'"
if typecheck SharesScene.swift; then
  echo "ok: SharesScene.swift compiles (a Scene shared by eight tasks, a sampler of their own each)"
else
  echo "FAIL: SharesScene.swift does not compile:"; sed 's/^/   /' "$work/SharesScene.swift.log"; fail=1
fi
exit $fail
