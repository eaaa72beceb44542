import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Reference: integrate m·x'' + c·x' + k·(x − 1) = 0, x(0) = 0, x'(0) = v0 with classical
/// RK4 at dt = 1e-4 (global error O(dt⁴) ≈ 1e-12 for these ω0 ≤ 20): a numerical solution,
/// independent of the closed form. Returns (x, v) at each requested time.
private func integrate(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, at times: [Double]) -> [(Double, Double)] {
  func acceleration(_ x: Double, _ v: Double) -> Double { (-c * v - k * (x - 1)) / m }
  var x = 0.0, v = v0, t = 0.0
  let dt = 1e-4
  var results: [(Double, Double)] = []
  for target in times.sorted() {
    while t < target - 1e-12 {
      let h = min(dt, target - t)
      let k1x = v, k1v = acceleration(x, v)
      let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      t += h
    }
    results.append((x, v))
  }
  return results
}

@Suite struct SpringTests {
  @Test func publishedUnderdampedValues() throws {
    // animation.md §1.6 (m=1, k=100, c=10, v0=0), 7 decimals: tolerance 1e-7.
    let spring = try Spring()
    for (t, expected) in [(0.1, 0.3402998), (0.25, 1.0233596), (0.5, 1.0745906), (1.0, 1.0021701)] {
      #expect(abs(spring.value(at: t) - expected) <= 1e-7, "t = \(t)")
    }
    // First peak at π/ωd = 0.36276 s with overshoot 16.303 %.
    let peak = Double.pi / (10 * (0.75).squareRoot())
    #expect(abs(peak - 0.36276) <= 1e-5)
    #expect(abs(spring.value(at: peak) - 1.16303) <= 1e-5)
    #expect(abs(spring.velocity(at: peak)) <= 1e-12)
  }

  @Test func publishedCriticalAndVelocityValues() throws {
    // animation.md §1.6: critical c = 20; v0 = 5 with the default c = 10. Tolerance 1e-7.
    let critical = try Spring(damping: 20)
    for (t, expected) in [(0.1, 0.2642411), (0.25, 0.7127025), (0.5, 0.9595723)] {
      #expect(abs(critical.value(at: t) - expected) <= 1e-7, "t = \(t)")
    }
    #expect(abs(try Spring(initialVelocity: 5).value(at: 0.1) - 0.6070534) <= 1e-7)
  }

  @Test(arguments: [
    (1.0, 100.0, 10.0, 0.0, false), (1, 100, 5, 3, false), (2, 50, 4, -7, false), (1, 100, 20, 0, false),
    (1, 100, 20, 40, false), (0.5, 300, 26, 0, true), (1, 100, 26, -2, true), (1, 100, 60, 15, true),
  ])
  func closedFormMatchesNumericalIntegration(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ over: Bool) throws {
    // Tolerance 1e-8 on x and 1e-7 on v against RK4 (error ~1e-12 · scale).
    let spring = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0, allowsOverdamping: over)
    let times = (1...40).map { Double($0) * 0.05 }
    for (t, (x, v)) in zip(times, integrate(m, k, c, v0, at: times)) {
      #expect(abs(spring.value(at: t) - x) <= 1e-8, "x at \(t)")
      #expect(abs(spring.velocity(at: t) - v) <= 1e-7, "v at \(t)")
    }
  }

  @Test func velocityMatchesFiniteDifference() throws {
    // Central difference with h = 1e-6: truncation h²/6·|x'''| ≤ 1e-12·ω0³ ≈ 1e-9,
    // rounding 1e-16/h = 1e-10; tolerance 1e-6.
    let springs = [
      try Spring(), try Spring(damping: 20, initialVelocity: 3), try Spring(damping: 26, allowsOverdamping: true),
      try Spring(mass: 2, stiffness: 80, damping: 3, initialVelocity: -4),
    ]
    for spring in springs {
      for i in 1...200 {
        let t = Double(i) * 0.01
        let h = 1e-6
        let difference = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
        #expect(abs(spring.velocity(at: t) - difference) <= 1e-6, "\(spring) at \(t)")
      }
    }
  }

  @Test func startAndLimits() throws {
    let spring = try Spring(initialVelocity: 2.5)
    #expect(spring.value(at: 0) == 0)
    #expect(spring.value(at: -1) == 0)
    #expect(spring.velocity(at: 0) == 2.5)
    #expect(spring.velocity(at: -1) == 0)
    #expect(spring.value(at: .infinity) == 1)
    #expect(spring.velocity(at: .infinity) == 0)
    #expect(spring.value(at: 1e6) == 1)
    #expect(spring.value(at: .nan).isNaN)
    #expect(spring.velocity(at: .nan).isNaN)
  }

  @Test func overdampingIsClampedToCriticalByDefault() throws {
    // ζ = 1.3 without allowsOverdamping moves exactly like ζ = 1 with the same ω0.
    let clamped = try Spring(damping: 26)
    let critical = try Spring(damping: 20)
    let overdamped = try Spring(damping: 26, allowsOverdamping: true)
    for i in 0...100 {
      let t = Double(i) * 0.02
      #expect(clamped.value(at: t) == critical.value(at: t))
      #expect(clamped.velocity(at: t) == critical.velocity(at: t))
    }
    // The true overdamped spring is slower: x(0.25) = 0.6266 vs 0.7127 (RK4 above).
    #expect(overdamped.value(at: 0.25) < critical.value(at: 0.25) - 0.05)
    #expect(clamped.dampingRatio == 1.3)
    #expect(clamped != overdamped)
  }

  @Test func derivedQuantities() throws {
    let spring = try Spring(mass: 2, stiffness: 50, damping: 4)
    #expect(spring.undampedAngularFrequency == 5)  // √(50/2)
    #expect(abs(spring.dampingRatio - 0.2) <= 1e-15)  // 4 / (2·√100)
    let defaults = try Spring()
    #expect(defaults.mass == 1 && defaults.stiffness == 100 && defaults.damping == 10)
    #expect(defaults.initialVelocity == 0 && !defaults.allowsOverdamping)
    #expect(defaults.dampingRatio == 0.5 && defaults.undampedAngularFrequency == 10)
  }

  @Test func equalityIsStructural() throws {
    #expect(try Spring() == Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
    #expect(try Spring() != Spring(initialVelocity: 1))
    #expect(try Set([Spring(), Spring(), Spring(damping: 11)]).count == 2)
  }

  @Test func validationNamesTheField() {
    let cases: [(String, () throws -> Void)] = [
      ("mass", { _ = try Spring(mass: 0) }), ("mass", { _ = try Spring(mass: -1) }),
      ("mass", { _ = try Spring(mass: .nan) }), ("mass", { _ = try Spring(mass: .infinity) }),
      ("stiffness", { _ = try Spring(stiffness: 0) }), ("stiffness", { _ = try Spring(stiffness: .infinity) }),
      ("damping", { _ = try Spring(damping: -1) }), ("damping", { _ = try Spring(damping: .nan) }),
      ("initial velocity", { _ = try Spring(initialVelocity: .infinity) }),
      ("initial velocity", { _ = try Spring(initialVelocity: -.nan) }),
      // Derived quantities overflow or vanish.
      ("stiffness", { _ = try Spring(mass: 1e-300, stiffness: 1e300) }),
      ("stiffness", { _ = try Spring(mass: 1e300, stiffness: 1e-300) }),
      ("damping", { _ = try Spring(mass: 1e-300, stiffness: 1e-300, damping: 1e300) }),
      ("initial velocity", { _ = try Spring(stiffness: 0.01, damping: 0, initialVelocity: -1e308) }),
    ]
    for (field, body) in cases {
      let error = expectError(.invalidArgument, "\(field)", body)
      #expect(error?.message.contains(field) == true, "\(String(describing: error))")
    }
  }

  @Test func hostileTimesNeverTrap() throws {
    let springs = [
      try Spring(), try Spring(damping: 0), try Spring(damping: 20, initialVelocity: -1e300),
      try Spring(damping: 1e6, allowsOverdamping: true), try Spring(damping: 1e-300),
    ]
    for spring in springs {
      for t in hostileInputs {
        let x = spring.value(at: t), v = spring.velocity(at: t)
        // NaN in, NaN out; any other time gives a number.
        #expect(t.isNaN == x.isNaN, "value of \(spring) at \(t)")
        #expect(t.isNaN == v.isNaN, "velocity of \(spring) at \(t)")
      }
    }
  }
}
