import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeExport

/// The pieces the exporters reason with, each against an independent form: the CSS timing model
/// (as a browser computes it) against the engine's timing kernel, `steps()` against the engine's
/// curve, a `linear()` list's parts against the list itself.
@Suite("Export timings and eases")
struct ExportTimingTests {
  /// A uniform number in [0, 1).
  static func unit(_ random: inout SplitMix64) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

  @Test("CSS's timing model, as the exporters evaluate it, agrees with the engine's kernel")
  func cssTimingMatchesTheKernel() throws {
    var random = SplitMix64(seed: 32)
    var compared = 0
    for delay in [-0.7, 0, 0.25] {
      for duration in [0, 0.4, 1] {
        for iterations in [0, 0.5, 1, 2.5, 3, .infinity] {
          for direction in PlaybackDirection.allCases {
            for fill in FillMode.allCases {
              let timing = try Timing(duration: duration, delay: delay, iterations: iterations, direction: direction,
                                      fill: fill)
              let css = try #require(CSSTiming(timing, removedOnCompletion: false))
              // Random times, and each phase boundary and iteration start exactly.
              var times = (0..<12).map { _ in Self.unit(&random) * 4 }
              times += [0, max(delay, 0), max(delay + duration, 0), max(delay + 2 * duration, 0)]
              for t in times {
                let engine = timing.state(at: t).progress
                let mine = css.directedProgress(at: t)
                #expect((engine == nil) == (mine == nil), "\(timing) at \(t): \(String(describing: engine)) vs \(String(describing: mine))")
                if let engine, let mine {
                  #expect(abs(engine - mine) <= 1e-12, "\(timing) at \(t)")
                }
                compared += 1
              }
            }
          }
        }
      }
    }
    #expect(compared > 5000)
  }

  @Test("removed on completion, an animation shows nothing after its end whatever its fill")
  func removedOnCompletion() throws {
    let timing = try Timing(duration: 1, delay: 0.5, fill: .both)
    let css = try #require(CSSTiming(timing, removedOnCompletion: true))
    #expect(css.fill == .backwards)
    #expect(css.directedProgress(at: 0.2) == 0)
    #expect(css.directedProgress(at: 1.7) == nil)
    #expect(css.text == "1s linear 0.5s 1 normal backwards")
    // What CSS has no timing for is refused: a time offset, an iteration start, a negative end delay.
    #expect(CSSTiming(try Timing(duration: 1, timeOffset: 0.2), removedOnCompletion: false) == nil)
    #expect(CSSTiming(try Timing(duration: 1, iterationStart: 0.5), removedOnCompletion: false) == nil)
    #expect(CSSTiming(try Timing(duration: 1, endDelay: -0.2), removedOnCompletion: false) == nil)
  }

  @Test("steps() follows CSS Easing, its before flag too; its point list and its reversal agree off its jumps")
  func steps() throws {
    for position in StepPosition.allCases {
      for count in 1...4 where position != .jumpNone || count >= 2 {
        let curve = try Curve.steps(count, position)
        let ease = try #require(ExportEase(curve))
        #expect(ease == .steps(count, position))
        #expect(ease.cssText == "steps(\(count),\(position.rawValue))")
        for k in 0...120 {
          let u = Double(k) / 120
          for flag in [false, true] {
            #expect(ease.value(at: u, fromLeft: flag) == curve(u, beforeFlag: flag), "\(curve) at \(u), before \(flag)")
          }
          // Off the jumps (k/120 is a jump where u × count is whole), the list and the reversal.
          guard (u * Double(count)).rounded() != u * Double(count) else { continue }
          #expect(abs(ease.asPoints(u) - curve(u)) <= 1e-12)
          #expect(abs(ease.reversed(u) - (1 - curve(1 - u))) <= 1e-12, "\(curve) reversed at \(u)")
        }
      }
    }
  }

  @Test("a part of a linear() list is the list over the part, a flat part too")
  func pointParts() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<50 {
      var xs = (0..<6).map { _ in Self.unit(&random) }.sorted()
      xs[0] = 0
      xs[5] = 1
      let points = xs.map { EasePoint(x: $0, y: Self.unit(&random) * 1.4 - 0.2) }
      let ease = ExportEase.points(points)
      let a = Self.unit(&random) * 0.6, b = a + 0.05 + Self.unit(&random) * (0.95 - a)
      let part = ease.part(from: a, to: b)
      for k in 0...40 {
        let v = Double(k) / 40
        let whole = ease(a + (b - a) * v), pieced = part.startY + (part.endY - part.startY) * part.ease(v)
        #expect(abs(whole - pieced) <= 1e-9, "\(points) over [\(a), \(b)] at \(v)")
      }
    }
    // Equal ends with a bump between: the part keeps its shape.
    let bump = ExportEase.points([EasePoint(x: 0, y: 0), EasePoint(x: 0.5, y: 1), EasePoint(x: 1, y: 0)])
    let part = bump.part(from: 0.25, to: 0.75)
    #expect(abs(part.startY + (part.endY - part.startY) * part.ease(0.5) - 1) <= 1e-12)
  }

  @Test("an approximated curve stays within its tolerance between its points")
  func approximation() throws {
    for name in ["easeOutBounce", "easeInOutElastic", "easeInBack", "spring(1, 100, 10, 0)"] {
      let curve = try Curve(parsing: name)
      let found = try #require(ExportEase.of(curve))
      #expect(found.approximate)
      for k in 0...997 {
        let u = Double(k) / 997
        // Checked at 7 points inside each piece while building: allow the float noise only.
        #expect(abs(found.ease(u) - curve(u)) <= 1.2 * ExportEase.approximationTolerance, "\(name) at \(u)")
      }
    }
  }
}
