import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Keyframe calculation modes against independent formulas; tolerance 1e-12 unless stated.
@Suite("Keyframe animations")
struct KeyframeAnimationTests {
  func value(_ keyframes: Keyframes, at t: Double, timing: Timing? = nil) throws -> Double {
    var scene = try oneLayerScene()
    // Kept after the end so that t = 1 (the after phase) shows the final value.
    try scene.addAnimation(.keyframes("cornerRadius", keyframes, timing: timing ?? second(),
                                      removedOnCompletion: false), to: "a")
    return state(scene, at: t).cornerRadius
  }

  @Test("linear with key times and per-segment curves")
  func linear() throws {
    let k = Keyframes(values: [[0], [10], [40]], keyTimes: [0, 0.2, 1], curves: [.linear, .easeIn])
    #expect(abs(try value(k, at: 0.1) - 5) < 1e-12)
    // Segment 2 local progress 0.5 through ease-in (0.315357...; animation.md §1.4).
    let eased = Curve.easeIn(0.5)
    #expect(abs(try value(k, at: 0.6) - (10 + 30 * eased)) < 1e-12)
    #expect(abs(eased - 0.315357) < 1e-6)
  }

  @Test("discrete holds each value until the next key time (Apple's example)")
  func discrete() throws {
    // keyTimes [0, .25, .5, .75, 1], values [310, 60, 120, 60]: 60 held from 0.75 to the end.
    let k = Keyframes(values: [[310], [60], [120], [60]], keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete)
    for (t, expected) in [(0.1, 310.0), (0.25, 60), (0.6, 120), (0.8, 60), (1.0, 60)] {
      #expect(try value(k, at: t) == expected, "t = \(t)")
    }
  }

  @Test("paced moves at constant speed along the values")
  func paced() throws {
    // Distances 10 and 30: constant speed means value = 40 t on the way out (reference: 40 t).
    let k = Keyframes(values: [[0], [10], [40]], keyTimes: [0, 0.9, 1], mode: .paced)
    for t in stride(from: 0.0, through: 1.0, by: 0.05) {
      #expect(abs(try value(k, at: t) - 40 * t) < 1e-12, "t = \(t)")
    }
  }

  @Test("cubic with zero tension, continuity and bias is Catmull-Rom")
  func catmullRom() throws {
    let points = [0.0, 10, 5, 30]
    let k = Keyframes(values: points.map { [$0] }, mode: .cubic)
    // Reference: the Catmull-Rom matrix form on the middle segment (P0..P3), u = 3t − 1.
    func reference(_ u: Double) -> Double {
      let (p0, p1, p2, p3) = (points[0], points[1], points[2], points[3])
      return 0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u
                    + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
    }
    for u in stride(from: 0.0, through: 1.0, by: 0.1) {
      let t = (1 + u) / 3
      #expect(abs(try value(k, at: t) - reference(u)) < 1e-9, "u = \(u)")
    }
  }

  @Test("tension 1 flattens the tangents: smoothstep between keyframes")
  func tension() throws {
    let k = Keyframes(values: [[0], [10], [30]], mode: .cubic, tension: [1, 1, 1])
    for u in stride(from: 0.0, through: 1.0, by: 0.1) {
      let smoothstep = u * u * (3 - 2 * u)
      #expect(abs(try value(k, at: u / 2) - 10 * smoothstep) < 1e-12)
    }
  }

  @Test("cubicPaced passes every keyframe at its paced time")
  func cubicPaced() throws {
    let k = Keyframes(values: [[0], [30], [40]], mode: .cubicPaced)
    #expect(abs(try value(k, at: 0.75) - 30) < 1e-12)
    #expect(abs(try value(k, at: 1) - 40) < 1e-12)
  }

  @Test("malformed keyframes are rejected", arguments: [
    Keyframes(values: []),
    Keyframes(values: [[0], [1]], keyTimes: [0, 0.5, 1]),
    Keyframes(values: [[0], [1]], keyTimes: [0, 1], mode: .discrete),
    Keyframes(values: [[0], [1], [2]], keyTimes: [0, 0.7, 0.5]),
    Keyframes(values: [[0], [1]], keyTimes: [0.1, 1]),
    Keyframes(values: [[0], [1]], curves: [.ease, .ease]),
    Keyframes(values: [[0], [1, 2]]),
    Keyframes(values: [[0], [1]], mode: .cubic, bias: [0]),
  ])
  func malformed(keyframes: Keyframes) throws {
    #expect(throws: GhostframeError.self) { try Animation.keyframes("cornerRadius", keyframes, timing: second()) }
  }
}
