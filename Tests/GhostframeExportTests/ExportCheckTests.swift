import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeExport

/// What the planner's check reads, against what it replaces: ``SolvedBezier`` (the check's
/// Newton solve) against a bisection, and ``CheckTable`` (tracks sharing their clocks, read into
/// a buffer) against ``ChannelValue/values(at:)``.
@Suite("Export check")
struct ExportCheckTests {
  static func unit(_ random: inout SplitMix64) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

  /// Named, flat-ended, flat-inside and random curves (x in [0, 1], y in [-1, 2]).
  static func curves() -> [(Double, Double, Double, Double)] {
    var curves: [(Double, Double, Double, Double)] = [
      (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0, 0, 1, 1), (1, 1, 0, 0),
      (0, 1, 0, 1), (1, 0, 1, 0), (1, 0, 0, 1), (0, 1, 1, 0), (0.5, -1, 0.5, 2), (0.001, 0.5, 0.999, 0.5),
      (0.34, 1.56, 0.64, 1), (0.68, -0.6, 0.32, 1.6),
    ]
    var random = SplitMix64(seed: 11)
    for _ in 0..<200 {
      curves.append((unit(&random), unit(&random) * 3 - 1, unit(&random), unit(&random) * 3 - 1))
    }
    return curves
  }

  @Test("the check's bezier solve is within 1e-12 of a bisection wherever x is not flat at the answer")
  func solvedBezierMatchesBisection() {
    var random = SplitMix64(seed: 5)
    var compared = 0, worst = 0.0
    for (x1, y1, x2, y2) in Self.curves() {
      let solved = SolvedBezier(x1, y1, x2, y2)
      var xs = (0...1000).map { Double($0) / 1000 }
      xs += (0..<200).map { _ in Self.unit(&random) }
      xs += [1e-300, 1e-12, 1e-6, 1.0.nextDown, 1 - 1e-12, 0, 1, -0.5, 1.5, -.infinity, .infinity, .nan]
      for x in xs {
        let mine = solved.y(atX: x)
        // An independent reference: 100 halvings on x in Bernstein form (the test support's).
        let reference = x.isNaN ? 0 : ReferenceBezier.value(x1, y1, x2, y2, at: x)
        #expect(mine.isFinite, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x)")
        // Where x′ vanishes at the answer (a flat end, or inside: x − x₀ ~ (s − s₀)³), the 1e-16
        // of rounding x carries leaves s uncertain by its cube root, about 5e-6, for any
        // double-precision solver, the bisection too: 1e-5 there, 1e-12 elsewhere.
        let s = solved.parameter(atX: x), slope = abs(solved.slope(s))
        let tolerance = slope >= 1e-4 ? 1e-12 : 1e-5
        let error = abs(mine - reference)
        #expect(error <= tolerance, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x): \(mine) vs \(reference), x′ \(slope)")
        if slope >= 1e-4 { worst = max(worst, error) }
        compared += 1
      }
    }
    #expect(compared > 250_000)
    // (Measured: 1.2e-13 where x′ ≥ 1e-4; 3.1e-6 at most where it is flatter.)
    #expect(worst <= 1e-12)
  }

  @Test("the check's bezier solve takes a few evaluations, not a bisection's 64")
  func solvedBezierIsShort() {
    var total = 0, count = 0, most = 0
    for (x1, y1, x2, y2) in Self.curves() {
      let solved = SolvedBezier(x1, y1, x2, y2)
      for k in 0..<1000 {
        let evaluations = solved.solve((Double(k) + 0.5) / 1000).evaluations
        total += evaluations
        most = max(most, evaluations)
        count += 1
      }
    }
    // (Measured: 5.3 on average, 14 at most; a step landing on the bracket's end once sent
    // converged solves into 50 halvings.)
    #expect(Double(total) / Double(count) <= 6)
    #expect(most <= 20)
  }

  /// A track over [0, 2] s through `eases`, values `[10 k, −3 k]` at keyframe k; keyframes
  /// 2 and 3 at one time (a jump).
  static func track(_ eases: [ExportEase], scale: Double = 1) -> ExportTrack {
    var times = (0..<eases.count).map { 2 * Double($0) / Double(max(eases.count - 1, 1)) }
    if times.count > 3 { times[3] = times[2] }
    return ExportTrack(keyframes: eases.indices.map { k in
      ExportKeyframe(time: times[k], values: [10 * Double(k) * scale, -3 * Double(k) * scale + 1], ease: eases[k])
    })
  }

  @Test("the check table reads what the channels' values read, clocks shared or not")
  func checkTableMatchesChannelValues() throws {
    let eases: [[ExportEase]] = [
      [.linear, .hold, .linear, .linear],
      [.bezier(0.42, 0, 0.58, 1), .bezier(0.25, 0.1, 0.25, 1), .hold, .bezier(0, 0, 1, 1), .linear],
      [.steps(3, .jumpStart), .steps(4, .jumpNone), .points([EasePoint(x: 0, y: 0), EasePoint(x: 0.3, y: 0.8),
                                                            EasePoint(x: 0.3, y: 0.5), EasePoint(x: 1, y: 1)]),
       .linear, .linear, .hold],
      [.bezier(0.5, -1, 0.5, 2), .bezier(0.34, 1.56, 0.64, 1), .linear],
    ]
    var values: [ChannelValue?] = [nil, .constant([4, 5])]
    for list in eases {
      // The same clock twice (other values), and a baked twin.
      values.append(.animated(Self.track(list), baked: false))
      values.append(.animated(Self.track(list, scale: -2.5), baked: true))
    }
    let timings = try [
      Timing(duration: 0.8, delay: 0.3, iterations: 2.5, direction: .alternate, fill: .both),
      Timing(duration: 1, delay: -0.4, iterations: 1, direction: .reverse, fill: .none),
      Timing(duration: 0.5, delay: 1, iterations: .infinity, direction: .alternateReverse, fill: .backwards),
      // Before it starts, a steps(3, jump-start) first keyframe reads its before flag: 0, not ⅓.
      Timing(duration: 0.6, delay: 0.9, iterations: 2, fill: .backwards),
    ].map { timing in try #require(CSSTiming(timing, removedOnCompletion: false)) }
    // Timed values: keyframes over one iteration's progress, a later animation over an earlier one.
    func unitTrack(_ list: [ExportEase], scale: Double) -> ExportTrack {
      let whole = Self.track(list, scale: scale)
      return ExportTrack(keyframes: whole.keyframes.map { ExportKeyframe(time: $0.time / 2, values: $0.values, ease: $0.ease) })
    }
    values.append(.timed(TimedValue(base: [7, 8], animations: [TimedAnimation(timing: timings[0], track: unitTrack(eases[1], scale: 1))])))
    values.append(.timed(TimedValue(base: [7, 8], animations: [
      TimedAnimation(timing: timings[0], track: unitTrack(eases[1], scale: 3)),
      TimedAnimation(timing: timings[1], track: unitTrack(eases[2], scale: 1)),
      TimedAnimation(timing: timings[2], track: unitTrack(eases[0], scale: -1)),
    ])))
    values.append(.timed(TimedValue(base: [7, 8], animations: [TimedAnimation(timing: timings[3], track: unitTrack(eases[2], scale: 1))])))
    var table = CheckTable(values)
    #expect(table.maximumWidth == 2)
    var out = [Double](repeating: .nan, count: 2)
    var compared = 0
    for i in -50...2250 {
      let t = Double(i) / 1000
      table.advance(to: t)
      #expect(!table.write(0, into: &out))
      for (j, value) in values.enumerated() {
        guard let value else { continue }
        let expected = value.values(at: t)
        #expect(table.write(j, into: &out))
        #expect(table.width(j) == expected.count)
        // Beziers through another solver: 1e-12 of the eased progress, times the change (≤ 75).
        for c in expected.indices {
          #expect(abs(out[c] - expected[c]) <= 1e-10, "candidate \(j) at \(t): \(out) vs \(expected)")
        }
        compared += 1
      }
      // Exactly the same where no bezier moves: the steps, points, hold and linear candidates.
      for j in [1, 2, 3, 6, 7] {
        _ = table.write(j, into: &out)
        #expect(Array(out.prefix(2)) == values[j]?.values(at: t), "candidate \(j) at \(t)")
      }
    }
    #expect(compared > 20_000)
  }

  @Test("a track the check cannot read (empty, or of another width than its channel) fails the check")
  func unreadableTracks() throws {
    let timing = try #require(CSSTiming(try Timing(duration: 1, fill: .both), removedOnCompletion: false))
    let uneven = ExportTrack(keyframes: [ExportKeyframe(time: 0, values: [1, 2], ease: .linear),
                                         ExportKeyframe(time: 1, values: [3], ease: .hold)])
    var table = CheckTable([
      .animated(ExportTrack(keyframes: []), baked: false),
      .timed(TimedValue(base: [1], animations: [TimedAnimation(timing: timing, track: uneven)])),
      .timed(TimedValue(base: [1, 2], animations: [TimedAnimation(timing: timing, track: ExportTrack(keyframes: []))])),
    ])
    var out = [Double](repeating: 0, count: 2)
    for t in [-1, 0, 0.5, 2] {
      table.advance(to: t)
      for j in 0..<3 { #expect(!table.write(j, into: &out), "candidate \(j) at \(t)") }
    }
    // A buffer too short is refused, not overrun; a candidate the table does not hold too.
    let wide = CheckTable([.constant([1, 2, 3])])
    #expect(!wide.write(0, into: &out))
    #expect(!wide.write(1, into: &out) && !wide.write(-1, into: &out) && wide.width(1) == 0)
  }
}
