import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// The keyframe rules Core Animation leaves to the implementation, each against an
/// independent reference: constant speed along the spline (a dense polyline), what the
/// paced modes ignore, tangents with uneven key times (the time-derivative Catmull-Rom
/// formula), and discrete lookup (a linear scan).
@Suite("Keyframe fidelity")
struct KeyframeFidelityTests {
  /// Samples a one-layer scene's `position` (2 components) or `cornerRadius` at t.
  func sampler(_ keyPath: String, _ keyframes: Keyframes, timing: Timing? = nil) throws -> SceneSampler {
    var scene = try oneLayerScene()
    try scene.addAnimation(.keyframes(keyPath, keyframes, timing: timing ?? second(), removedOnCompletion: false),
                           to: "a")
    return scene.compiled()
  }

  func radius(_ sampler: SceneSampler, at t: Double) -> Double { sampler.sample(at: t)[0].cornerRadius }

  /// A dense polyline of the Catmull-Rom spline through `points` (end points duplicated),
  /// with its cumulative lengths: an arc-length reference independent of the engine's
  /// quadrature and root finding.
  struct Polyline {
    var points: [[Double]] = []
    var lengths: [Double] = []

    init(through values: [[Double]], steps: Int = 20_000) {
      let n = values.count
      for segment in 0..<(n - 1) {
        let p0 = values[max(segment - 1, 0)], p1 = values[segment], p2 = values[segment + 1]
        let p3 = values[min(segment + 2, n - 1)]
        for step in 0...steps where step < steps || segment == n - 2 {
          let u = Double(step) / Double(steps)
          // Catmull-Rom in matrix form (tangents (P_{i+1} − P_{i−1}) / 2).
          let point = (0..<p1.count).map { c in
            0.5 * (2 * p1[c] + (-p0[c] + p2[c]) * u + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * u * u
                   + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * u * u * u)
          }
          if let last = points.last {
            let d = zip(point, last).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
            lengths.append((lengths.last ?? 0) + d)
          } else {
            lengths.append(0)
          }
          points.append(point)
        }
      }
    }

    var total: Double { lengths.last ?? 0 }

    /// The point at arc length `s`, interpolated on the polyline.
    func point(atLength s: Double) -> [Double] {
      var low = 0, high = lengths.count - 1
      while high - low > 1 {
        let mid = (low + high) / 2
        if lengths[mid] <= s { low = mid } else { high = mid }
      }
      let span = lengths[high] - lengths[low]
      let f = span > 0 ? (s - lengths[low]) / span : 0
      return zip(points[low], points[high]).map { $0 + ($1 - $0) * f }
    }
  }

  @Test("cubicPaced moves at constant speed: [0, 4, 9, 13] covers 13/64 every 1/64 s")
  func cubicPacedOneDimension() throws {
    let k = Keyframes(values: [[0], [4], [9], [13]], mode: .cubicPaced)
    let s = try sampler("cornerRadius", k)
    // A monotone path in one dimension: the arc length is the distance travelled, so
    // constant speed means 13 t. Tolerance 1e-9 per step (the issue measured steps from
    // 0.11 to 0.24 before).
    var steps: [Double] = []
    for i in 1...64 {
      let (a, b) = (radius(s, at: Double(i - 1) / 64), radius(s, at: Double(i) / 64))
      steps.append(b - a)
      #expect(abs(b - 13 * Double(i) / 64) < 1e-9, "t = \(i)/64")
    }
    #expect((steps.max() ?? 0) - (steps.min() ?? 1) < 2e-9)
  }

  @Test("cubicPaced in two dimensions lands on the point at arc length t × L (dense polyline)",
        arguments: [
          [[0.0, 0.0], [10, 5], [12, 20], [30, 18]],
          [[0.0, 0.0], [100, 0], [100, 1], [0, 1]],
          [[5.0, 5.0], [5, 5], [20, 5], [20, 40]],
        ])
  func cubicPacedTwoDimensions(values: [[Double]]) throws {
    let s = try sampler("position", Keyframes(values: values, mode: .cubicPaced))
    let reference = Polyline(through: values)
    for i in 0...64 {
      let t = Double(i) / 64
      let state = s.sample(at: t)[0]
      // The frame's origin is position − (50, 25) (anchor 0.5 of 100 × 50).
      let got = [state.x + 50, state.y + 25]
      let expected = reference.point(atLength: t * reference.total)
      let error = zip(got, expected).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
      // The polyline's chords are 1/20,000 of a segment: its error is far below 1e-6 × L.
      #expect(error < 1e-6 * reference.total, "t = \(t): \(got) vs \(expected)")
    }
  }

  @Test("cubicPaced along a path that turns back in one dimension (speed passes through 0)")
  func cubicPacedTurningBack() throws {
    let values: [[Double]] = [[0], [10], [5], [8]]
    let s = try sampler("cornerRadius", Keyframes(values: values, mode: .cubicPaced))
    let reference = Polyline(through: values)
    for i in 0...64 {
      let t = Double(i) / 64
      let expected = reference.point(atLength: t * reference.total)[0]
      #expect(abs(radius(s, at: t) - expected) < 1e-6 * reference.total, "t = \(t)")
    }
  }

  @Test("the paced modes ignore keyTimes, per-segment curves and the animation's own easing",
        arguments: [Keyframes.CalculationMode.paced, .cubicPaced])
  func pacedIgnoresTiming(mode: Keyframes.CalculationMode) throws {
    let plain = try sampler("cornerRadius", Keyframes(values: [[0], [10], [40]], mode: mode))
    let eased = try sampler(
      "cornerRadius",
      Keyframes(values: [[0], [10], [40]], keyTimes: [0, 0.9, 1], curves: [.easeIn, .easeOut], mode: mode),
      timing: Timing(duration: 1, fill: .forwards, easing: .easeInOut))
    for t in stride(from: 0.0, through: 1.0, by: 0.05) {
      // Monotone in one dimension: constant speed is 40 t in both modes.
      #expect(abs(radius(plain, at: t) - 40 * t) < 1e-9, "t = \(t)")
      #expect(abs(radius(eased, at: t) - 40 * t) < 1e-9, "t = \(t)")
    }
  }

  @Test("an enclosing group's easing still shapes the time a paced child runs in")
  func pacedInEasedGroup() throws {
    var scene = try oneLayerScene()
    let child = try Animation.keyframes("cornerRadius", Keyframes(values: [[0], [10], [40]], mode: .paced),
                                        timing: Timing(duration: 1, easing: .easeOut))
    try scene.addAnimation(.group([child], timing: Timing(duration: 1, easing: .easeIn)), to: "a")
    let sampler = scene.compiled()
    for t in [0.1, 0.3, 0.5, 0.8] {
      // The group's local time is easeIn(t); the child's own ease-out is ignored.
      #expect(abs(radius(sampler, at: t) - 40 * Curve.easeIn(t)) < 1e-9, "t = \(t)")
    }
  }

  @Test("cubic with uneven key times: velocity in time is continuous (time-based Catmull-Rom)")
  func cubicUnevenKeyTimes() throws {
    let p = [0.0, 10, 5, 30], k = [0.0, 0.1, 0.7, 1]
    let s = try sampler("cornerRadius", Keyframes(values: p.map { [$0] }, keyTimes: k, mode: .cubic))
    // Reference: Hermite in time with v_i = (P_{i+1} − P_{i−1}) / (k_{i+1} − k_{i−1}), the end
    // points mirrored (P_{−1} = P_0 one segment earlier), i.e. v_0 = (P_1 − P_0) / (2 Δ_0).
    func velocity(_ i: Int) -> Double {
      if i == 0 { return (p[1] - p[0]) / (2 * (k[1] - k[0])) }
      if i == p.count - 1 { return (p[i] - p[i - 1]) / (2 * (k[i] - k[i - 1])) }
      return (p[i + 1] - p[i - 1]) / (k[i + 1] - k[i - 1])
    }
    func reference(_ t: Double) -> Double {
      var i = 0
      while i < p.count - 2 && t >= k[i + 1] { i += 1 }
      let d = k[i + 1] - k[i], u = (t - k[i]) / d
      let h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u
      let h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u
      return h00 * p[i] + h10 * d * velocity(i) + h01 * p[i + 1] + h11 * d * velocity(i + 1)
    }
    for step in 0...100 {
      let t = Double(step) / 100
      #expect(abs(radius(s, at: t) - reference(t)) < 1e-9, "t = \(t)")
    }
    // The one-sided slopes at the interior keys agree (they did not with unscaled tangents).
    for key in [0.1, 0.7] {
      let h = 1e-6
      let left = (radius(s, at: key) - radius(s, at: key - h)) / h
      let right = (radius(s, at: key + h) - radius(s, at: key)) / h
      #expect(abs(left - right) < 1e-3 * max(abs(left), 1), "at \(key): \(left) vs \(right)")
    }
  }

  @Test("discrete lookup (binary search) equals a linear scan, with repeated key times")
  func discreteSearch() throws {
    var random = SplitMix64(seed: 9)
    for count in [1, 2, 3, 7, 64, 1000] {
      var times = (0..<(count - 1)).map { _ in Double(random.next() % 1000) / 1000 }.sorted()
      times = [0] + times + [1]
      let values = (0..<count).map { [Double($0)] }
      let s = try sampler("cornerRadius", Keyframes(values: values, keyTimes: times, mode: .discrete))
      for step in 0...200 {
        let t = Double(step) / 200
        // Linear scan: value i holds on [k_i, k_{i+1}); the last one from k_{count−1} on.
        var index = 0
        while index + 1 < count && t >= times[index + 1] { index += 1 }
        #expect(radius(s, at: t) == Double(index), "count \(count), t = \(t)")
      }
    }
  }
}
