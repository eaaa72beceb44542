import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Independent brute-force check of T = inf{T ≥ 0 : |x(t) − 1| < ε for all t ≥ T}:
/// dense sampling at `step` over [T, T + horizon] finds no |e| ≥ ε, and a 1e-8 grid over
/// [T − 1e-3, T] finds some |e| ≥ ε·(1 − 1e-6). Near T, |de/dt| ≲ ω0·ε·const, so the grid
/// point nearest the true crossing misses it by about 1e-8·ω0·ε ≪ 1e-6·ε for ω0 ≤ 50.
private func bruteForceCheck(
  _ spring: Spring, epsilon: Double, settling: Double, step: Double = 1e-4, horizon: Double = 5,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var worstAfter = 0.0
  var i = 0.0
  while i * step <= horizon {
    worstAfter = max(worstAfter, abs(spring.value(at: settling + i * step) - 1))
    i += 1
  }
  #expect(worstAfter < epsilon, "\(spring): |e| = \(worstAfter) after T = \(settling)", sourceLocation: sourceLocation)

  var worstBefore = 0.0
  for j in 0...100_000 {
    let t = settling - Double(j) * 1e-8
    guard t >= 0 else { break }
    worstBefore = max(worstBefore, abs(spring.value(at: t) - 1))
  }
  #expect(worstBefore >= epsilon * (1 - 1e-6), "\(spring): max |e| = \(worstBefore) just before T = \(settling)",
    sourceLocation: sourceLocation)
}

@Suite struct SettlingTests {
  @Test(arguments: [
    (5.0, false, 2.688), (10, false, 1.270), (15, false, 0.800), (20, false, 0.923), (26, true, 1.525),
  ])
  func referenceTable(_ damping: Double, _ allowsOverdamping: Bool, _ expected: Double) throws {
    // animation.md §5 (m=1, k=100, v0=0, ε=1e-3), 3 decimals: tolerance 1e-3.
    let spring = try Spring(damping: damping, allowsOverdamping: allowsOverdamping)
    let settling = try spring.settlingDuration()
    #expect(abs(settling - expected) <= 1e-3)
    bruteForceCheck(spring, epsilon: 1e-3, settling: settling)
  }

  @Test func clampedOverdampingSettlesLikeCritical() throws {
    // ζ = 1.3 without allowsOverdamping is the critical spring: 0.923 s.
    #expect(try Spring(damping: 26).settlingDuration() == Spring(damping: 20).settlingDuration())
  }

  @Test func underdampedIsWithinTheEnvelopeBound() throws {
    // animation.md §5: T ≤ ln(A/ε)/β with A = √(1 + ((β − v0)/ωd)²): 2.776 / 1.410 / 0.976 s.
    for (c, bound) in [(5.0, 2.776), (10, 1.410), (15, 0.976)] {
      let settling = try Spring(damping: c).settlingDuration()
      #expect(settling <= bound + 1e-3)
      #expect(settling > 0.5 * bound)
    }
  }

  @Test(arguments: [
    // (m, k, c, v0, allowsOverdamping, ε): overshooting critical and overdamped springs,
    // a critical spring whose overshoot is below ε (crossing before the extremum), springs
    // that first move away from the target, ζ just below 1, and other tolerances.
    (1.0, 100.0, 20.0, 40.0, false, 1e-3), (1, 100, 20, 10.5, false, 1e-3), (1, 100, 20, -30, false, 1e-3),
    (1, 100, 26, 50, true, 1e-3), (1, 100, 26, -20, true, 1e-3), (1, 100, 60, 0, true, 1e-3),
    (1, 100, 19.9, 0, false, 1e-3), (1, 100, 10, -15, false, 1e-3), (1, 100, 10, 25, false, 1e-3),
    (2, 300, 3, 1, false, 1e-2), (0.5, 50, 1, 0, false, 1e-5), (1, 100, 40, 0, false, 0.5),
  ])
  func bruteForceAgreesOnEdgeCases(
    _ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ over: Bool, _ epsilon: Double
  ) throws {
    let spring = try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0, allowsOverdamping: over)
    let settling = try spring.settlingDuration(epsilon: epsilon)
    bruteForceCheck(spring, epsilon: epsilon, settling: settling)
  }

  @Test func bruteForceAgreesOnRandomSprings() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<20 {
      let spring = try Spring(
        mass: .random(in: 0.2...5, using: &rng), stiffness: .random(in: 10...500, using: &rng),
        damping: .random(in: 0.5...60, using: &rng), initialVelocity: .random(in: -20...20, using: &rng),
        allowsOverdamping: .random(using: &rng))
      let epsilon = [1e-2, 1e-3, 1e-4].randomElement(using: &rng) ?? 1e-3
      let settling = try spring.settlingDuration(epsilon: epsilon)
      bruteForceCheck(spring, epsilon: epsilon, settling: settling, horizon: 2)
    }
  }

  @Test func manyOscillations() throws {
    // ζ = 0.0005: thousands of extrema before settling (T ≈ ln(1000)/0.005 ≈ 1381 s).
    let spring = try Spring(damping: 0.01)
    let settling = try spring.settlingDuration()
    #expect(settling > 1300 && settling < 1400)
    bruteForceCheck(spring, epsilon: 1e-3, settling: settling, horizon: 2)
  }

  @Test func hardlyDampedSpringsMatchTheClosedForm() throws {
    // m = 1, k = 100, v0 = 0: the extrema t_k = kπ/ωd have |e(t_k)| = e^(−β t_k) exactly, so
    // T lies within one half-period π/ωd of the closed form L = ln(1/ε)/β, β = c/2. Tolerance:
    // π/ωd plus 8 ulp(L) for the rounding of L and t_k. Where L passes the largest Double
    // (c below about 7.69e-308, the smallest normal damping among them) the answer is a limit error.
    var dampings: [Double] = (1...307).map { Double("1e-\($0)") ?? 1 }
    dampings += [3e-12, 1.000001e-12, 7.6e-308, 7.7e-308, Double.leastNormalMagnitude]
    for c in dampings {
      let spring = try Spring(damping: c)
      let limit = Elementary.log(1e3) / (c / 2)
      guard limit.isFinite else {
        expectError(.limit, "damping \(c)") { _ = try spring.settlingDuration() }
        continue
      }
      let settling = try spring.settlingDuration()
      // ωd = ω0·√(1 − ζ²) = 10 to within ζ² ≤ 2.5e-5.
      let tolerance = Double.pi / 9.9999 + 8 * limit.ulp
      #expect(abs(settling - limit) <= tolerance, "damping \(c): \(settling) vs \(limit)")
    }
  }

  @Test func hardlyDampedSpringIsStillMovingBeforeItSettles() throws {
    // Issue 28: damping 1e-12 reported 0.157 s. At the last extremum before T the spring is
    // still ε away; one half-period before, e^(βπ/ωd) ≈ 1 + 1.6e-13 times more.
    let spring = try Spring(damping: 1e-12)
    let settling = try spring.settlingDuration()
    #expect(settling > 1.38e13 && settling < 1.39e13)
    let lastExtremum = (settling * 10 / .pi).rounded(.down) * .pi / 10
    #expect(Elementary.exp(-5e-13 * lastExtremum) >= 1e-3 * (1 - 1e-12))
  }

  @Test func invalidArguments() throws {
    let spring = try Spring()
    for epsilon in [0, 1, -1e-3, 2, .nan, .infinity, -.infinity] {
      expectError(.invalidArgument, "epsilon \(epsilon)") { _ = try spring.settlingDuration(epsilon: epsilon) }
    }
    let error = expectError(.invalidArgument) { _ = try Spring(damping: 0).settlingDuration() }
    #expect(error?.message.contains("never settles") == true)
  }

  @Test func extremeSpringsNeverTrap() throws {
    // Either a finite positive time, an invalidArgument or a limit error; never a trap.
    let springs = [
      try Spring(damping: 1e-300), try Spring(damping: 5e-324), try Spring(mass: 1e300, stiffness: 1e-10, damping: 1e-300),
      try Spring(damping: 1e300, allowsOverdamping: true), try Spring(damping: 1e300),
      try Spring(stiffness: 1e-300, damping: 1e-300, initialVelocity: 1e100),
      try Spring(mass: 1e-300, stiffness: 1e-290, damping: 1e-299, initialVelocity: -1e200),
    ]
    for spring in springs {
      for epsilon in [1e-3, 1e-300, 0.999999] {
        do {
          let settling = try spring.settlingDuration(epsilon: epsilon)
          #expect(settling.isFinite && settling > 0, "\(spring)")
        } catch {
          #expect(error.code == .invalidArgument || error.code == .limit)
        }
      }
    }
  }
}

@Suite struct SpringCurveTests {
  @Test func mapsProgressToSettlingTime() throws {
    let spring = try Spring()
    let curve = try Curve.spring(spring)
    let settling = try spring.settlingDuration(epsilon: 1e-3)
    for i in 1..<100 {
      let x = Double(i) / 100
      #expect(curve(x) == spring.value(at: x * settling))
    }
    // Documented clamps: exactly 0 and 1 at and beyond the ends.
    #expect(curve(0) == 0)
    #expect(curve(-3) == 0)
    #expect(curve(1) == 1)
    #expect(curve(7) == 1)
    #expect(curve(.infinity) == 1)
    #expect(curve(-.infinity) == 0)
    #expect(curve(.nan).isNaN)
    // Just before the end the spring is at its last ε-crossing: |e| ≈ 1e-3 (to 1e-6 relative),
    // so clamping to 1 at x = 1 jumps by at most about ε.
    #expect(abs(abs(curve(1.0.nextDown) - 1) - 1e-3) <= 1e-9)
  }

  @Test func neverSettlingSpringIsRejected() throws {
    expectError(.invalidArgument) { _ = try Curve.spring(Spring(damping: 0)) }
    expectError(.invalidArgument) { _ = try Curve(parsing: "spring(1, 100, 0)") }
  }

  @Test func equalityFollowsTheSpring() throws {
    #expect(try Curve.spring(Spring()) == Curve(parsing: "spring()"))
    #expect(try Curve.spring(Spring()) != Curve.spring(Spring(initialVelocity: 1)))
  }
}
