// Benchmarks of the Swift API (run through scripts/bench.sh in a release build).
// Prints one line per measurement: "name value unit". Not a test: nothing here asserts.
import Ghostframe

#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds.
func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The best of `rounds` timings of `body`.
func best(_ rounds: Int = 7, _ body: () -> Void) -> Double {
  var fastest = Double.infinity
  for _ in 0..<rounds {
    let start = now()
    body()
    fastest = min(fastest, now() - start)
  }
  return fastest
}

/// `value` with two decimals, without Foundation.
func fixed(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Keeps results observable so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0.0

func benchmarkCurves() throws {
  let count = 1_000_000
  var state: UInt64 = 42
  let xs = (0..<count).map { _ -> Double in
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return Double(state >> 11) / 9007199254740992.0
  }
  var ys = [Double](repeating: 0, count: count)
  for spec in ["ease", "easeOutBounce", "steps(4)", "linear(0, 0.25 30%, 1)", "spring(1, 100, 10, 0)"] {
    let curve = try Curve(parsing: spec)
    let single = best {
      var sum = 0.0
      for x in xs { sum += curve(x) }
      sink += sum
    }
    let batch = best {
      xs.withUnsafeBufferPointer { input in
        ys.withUnsafeMutableBufferPointer { curve.evaluate(input, into: $0) }
      }
      sink += ys[count / 2]
    }
    let name = spec.split(separator: "(").first.map(String.init) ?? spec
    print("swift_single_\(name) \(fixed(single * 1e9 / Double(count))) ns")
    print("swift_batch_\(name) \(fixed(batch * 1e9 / Double(count))) ns")
  }
}

func benchmarkTiming() throws {
  let timing = try Timing(duration: 1.5, iterations: .infinity, direction: .alternate, easing: .easeInOut)
  let count = 1_000_000
  let seconds = best {
    var sum = 0.0
    for i in 0..<count { sum += timing.state(at: Double(i) * 1e-5).progress ?? 0 }
    sink += sum
  }
  print("swift_timing_state \(fixed(seconds * 1e9 / Double(count))) ns")
}

try benchmarkCurves()
try benchmarkTiming()
try benchmarkScenes()
try benchmarkSkeletons()
try benchmarkTimelines()
if sink == 42 { print("") }
