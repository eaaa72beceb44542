/// A CSS Easing 2 `linear()` curve: a piecewise-linear function through resolved points.
///
/// Points are stored with their inputs as percentages, exactly as written in a spec, so
/// that the canonical description (`linear(0 0%, 0.25 50%, 1 100%)`) parses back to an
/// equal curve. Fractions are derived once for evaluation.
struct LinearEasing: Sendable, Hashable {
  /// The most points a curve may have once resolved (a stop with two percentages is two
  /// points), so its canonical description, one point per stop, parses back
  /// (``Curve/maximumLinearPoints``).
  static let maxPoints = 10_000

  /// A resolved point: output value and input percentage.
  struct Point: Sendable, Hashable {
    var output: Double
    var inputPercent: Double
  }

  /// A stop before resolution: an output and zero, one or two input percentages.
  struct Stop: Sendable {
    var output: Double
    var percents: [Double]
  }

  /// Resolved points, inputs non-decreasing, at least 2.
  let points: [Point]
  /// `points[i].inputPercent / 100`.
  private let inputs: [Double]
  /// `points[i].output`.
  private let outputs: [Double]

  /// Resolves stops with the CSS Easing 2 "create a linear easing function" steps.
  ///
  /// - Throws: `.invalidArgument` for fewer than 2 stops or a non-finite number,
  ///   `.limit` for more than `maxPoints` points (counted before any is resolved).
  init(stops: [Stop]) throws(GhostframeError) {
    guard stops.count >= 2 else {
      throw .invalid("linear(): needs at least 2 stops, got \(stops.count)")
    }
    let pointCount = stops.reduce(0) { $0 + min(max($1.percents.count, 1), 2) }
    guard pointCount <= Self.maxPoints else {
      throw GhostframeError(
        .limit, "linear(): \(stops.count) stops make \(pointCount) points (a stop with two percentages makes two); the limit is \(Self.maxPoints)")
    }
    var resolved: [Point] = []
    var known: [Bool] = []
    resolved.reserveCapacity(pointCount)
    known.reserveCapacity(pointCount)
    var largest = -Double.infinity
    for (index, stop) in stops.enumerated() {
      guard stop.output.isFinite else {
        throw .invalid("linear(): output \(stop.output) of stop \(index + 1) is not finite")
      }
      if stop.percents.isEmpty {
        if index == 0 {
          largest = 0
          resolved.append(Point(output: stop.output, inputPercent: 0))
          known.append(true)
        } else if index == stops.count - 1 {
          resolved.append(Point(output: stop.output, inputPercent: max(100, largest)))
          known.append(true)
        } else {
          resolved.append(Point(output: stop.output, inputPercent: 0))
          known.append(false)
        }
        continue
      }
      for percent in stop.percents.prefix(2) {
        guard percent.isFinite else {
          throw .invalid("linear(): input \(percent)% of stop \(index + 1) is not finite")
        }
        // Inputs never go backwards: clamp up to the running maximum.
        let input = max(percent, largest) + 0
        largest = input
        resolved.append(Point(output: stop.output, inputPercent: input))
        known.append(true)
      }
    }

    // Runs of unknown inputs are spaced evenly between their known neighbours.
    var index = 0
    while index < resolved.count {
      guard !known[index] else {
        index += 1
        continue
      }
      let start = index - 1  // known: the first point always is
      var end = index
      while end < resolved.count && !known[end] { end += 1 }
      guard start >= 0, end < resolved.count else { break }  // unreachable: both ends are known
      let a = resolved[start].inputPercent
      let b = resolved[end].inputPercent
      let span = Double(end - start)
      for j in index..<end {
        let t = Double(j - start) / span
        // a·(1 − t) + b·t cannot overflow; clamp away rounding outside [a, b].
        resolved[j].inputPercent = min(max(a * (1 - t) + b * t, a), b)
      }
      index = end
    }

    points = resolved
    inputs = resolved.map { $0.inputPercent / 100 }
    outputs = resolved.map(\.output)
  }

  /// Evaluates the curve at `x`; inputs outside the points continue the nearest segment.
  ///
  /// - Complexity: O(log n) in the number of points.
  @inline(__always)
  func callAsFunction(_ x: Double) -> Double {
    inputs.withUnsafeBufferPointer { inputs in
      outputs.withUnsafeBufferPointer { outputs in
        Self.evaluate(x, inputs: inputs, outputs: outputs)
      }
    }
  }

  /// The evaluation step of CSS Easing 2 on raw buffers of equal count ≥ 2.
  @inline(__always)
  static func evaluate(
    _ x: Double, inputs: UnsafeBufferPointer<Double>, outputs: UnsafeBufferPointer<Double>
  ) -> Double {
    let count = min(inputs.count, outputs.count)
    guard count >= 2 else { return .nan }
    // Index of the last input <= x, or 0: binary search over non-decreasing inputs.
    var low = 0
    var high = count  // invariant: inputs[..<low] <= x, inputs[high...] > x
    while low < high {
      let mid = low + (high - low) / 2
      if inputs[mid] <= x { low = mid + 1 } else { high = mid }
    }
    var a = low > 0 ? low - 1 : 0
    if a == count - 1 { a -= 1 }
    let inA = inputs[a], inB = inputs[a + 1]
    let outA = outputs[a], outB = outputs[a + 1]
    if inA == inB { return outB }
    return outA + (x - inA) / (inB - inA) * (outB - outA)
  }

  /// Calls `body` with the input and output buffers, for batch evaluation.
  func withBuffers<R>(
    _ body: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>) -> R
  ) -> R {
    inputs.withUnsafeBufferPointer { inputs in
      outputs.withUnsafeBufferPointer { outputs in body(inputs, outputs) }
    }
  }

  static func == (lhs: LinearEasing, rhs: LinearEasing) -> Bool {
    lhs.points == rhs.points
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(points)
  }
}
