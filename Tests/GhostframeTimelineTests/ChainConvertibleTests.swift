import Foundation
import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Convertible: basic and spring animations as keyframes, within the linear-interpolation bound
/// `h²/8 · max|f''|` (h = 1 / (samples − 1), f the value as a function of progress).
@Suite("Chains: converting to keyframes")
struct ChainConvertibleTests {
  /// Samples `original` and `converted` (each alone on a layer) at `count` progress points of
  /// [begin, begin + duration], keyframe points and midpoints included; returns the largest
  /// difference of the component `read` gives, and the largest at keyframe points.
  func compare(_ original: Animation, _ converted: Animation, samples: Int, read: (LayerState) -> Double)
    throws -> (between: Double, atKeys: Double)
  {
    var a = Scene(), b = Scene()
    try a.addLayer(Layer(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    try b.addLayer(Layer(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    try a.addAnimation(original, to: "v")
    try b.addAnimation(converted, to: "v")
    let begin = original.timing.delay, duration = original.timing.duration
    var between = 0.0, atKeys = 0.0
    let steps = (samples - 1) * 8
    for k in 0...steps {
      let t = begin + duration * Double(k) / Double(steps)
      let difference = abs(read(a.sample(at: t)[0]) - read(b.sample(at: t)[0]))
      between = max(between, difference)
      if k % 8 == 0 { atKeys = max(atKeys, difference) }
    }
    return (between, atKeys)
  }

  @Test("a spring: error ≤ h²/8 · A·ω0²·T² · |Δ| (the closed form's |x''| ≤ A·ω0² e^(−βt))")
  func spring() throws {
    let spring = try Spring()
    let settling = try spring.settlingDuration()
    let original = try Animation.spring("position.y", SpringValues(from: [0], to: [100], spring: spring),
                                        timing: try Timing(duration: settling, delay: 0.5, fill: .forwards))
    for samples in [50, 200, 1_000] {
      let converted = try original.convertedToKeyframes(samples: samples)
      guard case .keyframes(let keyframes) = converted.content else { Issue.record("not keyframes"); return }
      #expect(keyframes.count == samples)
      #expect(converted.timing.easing == .linear && converted.timing.delay == 0.5)
      // x − 1 = −A e^(−βt) cos(ωd t − φ), A = √(1 + (β/ωd)²): |x''| ≤ A (β² + ωd²) = A ω0².
      let a = (1 + 25.0 / 75).squareRoot()
      let h = 1 / Double(samples - 1)
      let bound = h * h / 8 * a * 100 * settling * settling * 100
      let (between, atKeys) = try compare(original, converted, samples: samples) { $0.y + 5 }
      #expect(atKeys < 1e-9, "at the keyframes: \(atKeys)")
      #expect(between <= bound + 1e-9, "\(samples) samples: \(between) > \(bound)")
      #expect(between > bound / 100, "the bound is not vacuous: \(between) vs \(bound)")
    }
  }

  @Test("a basic with a Penner curve: error ≤ h²/8 · (π²/2)·|Δ| for easeInOutSine")
  func basic() throws {
    let original = try Animation.basic("opacity", from: [1], to: [0.2],
                                       timing: try Timing(duration: 0.8, delay: 0.1, fill: .forwards,
                                                          easing: .penner(.easeInOutSine)))
    let samples = 64
    let converted = try original.convertedToKeyframes(samples: samples)
    let h = 1 / Double(samples - 1)
    let bound = h * h / 8 * (Double.pi * Double.pi / 2) * 0.8
    let (between, atKeys) = try compare(original, converted, samples: samples) { $0.opacity }
    #expect(atKeys < 1e-12)
    #expect(between <= bound + 1e-12 && between > bound / 10, "\(between) vs \(bound)")
  }

  @Test("a values function (t, b, c, d): Penner's easeOutQuad against the easeOutQuad curve, error ≤ h²/8 · 2|c|")
  func valuesFunction() throws {
    let plain = try Animation.basic("cornerRadius", by: [12], timing: try Timing(duration: 0.5, fill: .forwards),
                                    isAdditive: true)
    let samples = 30
    // Penner's original: -c * (t /= d) * (t - 2) + b.
    let converted = try plain.convertedToKeyframes(samples: samples) { t, b, c, d in
      let u = t / d
      return -c * u * (u - 2) + b
    }
    let reference = try Animation.basic("cornerRadius", by: [12],
                                        timing: try Timing(duration: 0.5, fill: .forwards, easing: .penner(.easeOutQuad)),
                                        isAdditive: true)
    let h = 1 / Double(samples - 1)
    let bound = h * h / 8 * 2 * 12
    let (between, atKeys) = try compare(reference, converted, samples: samples) { $0.cornerRadius }
    #expect(atKeys < 1e-12)
    #expect(between <= bound + 1e-12 && between > bound / 10, "\(between) vs \(bound)")
  }

  @Test("what cannot convert says why")
  func refusals() throws {
    let timing = try Timing(duration: 1)
    let toOnly = try Animation.basic("opacity", to: [0], timing: timing)
    _ = expectError(.invalidArgument) { _ = try toOnly.convertedToKeyframes(samples: 10) }
    let ok = try Animation.basic("opacity", from: [1], to: [0], timing: timing)
    _ = expectError(.invalidArgument) { _ = try ok.convertedToKeyframes(samples: 1) }
    _ = expectError(.invalidArgument) { _ = try ok.convertedToKeyframes(samples: Animation.maximumConversionSamples + 1) }
    _ = expectError(.invalidArgument) { _ = try ok.convertedToKeyframes(samples: 5) { _, _, _, _ in .nan } }
    let group = try Animation.group([ok], timing: timing)
    _ = expectError(.invalidArgument) { _ = try group.convertedToKeyframes(samples: 10) }
    let loose = try Animation.spring("opacity", SpringValues(to: [1], spring: try Spring()))
    _ = expectError(.invalidArgument) { _ = try loose.convertedToKeyframes(samples: 10) }
    // Additive ends default to 0: by-only converts from 0 to by.
    let by = try Animation.basic("opacity", by: [0.5], timing: timing, isAdditive: true)
    guard case .keyframes(let k) = try by.convertedToKeyframes(samples: 3).content else { Issue.record(); return }
    #expect(k.flatValues == [0, 0.25, 0.5])
  }
}
