import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Independent closed forms, transcribed from easings.net's JavaScript (a different
/// arrangement of the same equations than the implementation's animation.md §4 forms).
private func reference(_ easing: PennerEasing, _ x: Double) -> Double {
  let c1 = 1.70158, c2 = c1 * 1.525, c3 = c1 + 1
  let c4 = 2 * Double.pi / 3, c5 = 2 * Double.pi / 4.5
  func pow(_ b: Double, _ e: Double) -> Double { Elementary.exp2(e * Elementary.log(b) / Elementary.log(2)) }
  func ipow(_ b: Double, _ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * b } }
  func outBounce(_ x: Double) -> Double {
    let n1 = 7.5625, d1 = 2.75
    if x < 1 / d1 { return n1 * x * x }
    if x < 2 / d1 { let y = x - 1.5 / d1; return n1 * y * y + 0.75 }
    if x < 2.5 / d1 { let y = x - 2.25 / d1; return n1 * y * y + 0.9375 }
    let y = x - 2.625 / d1
    return n1 * y * y + 0.984375
  }
  switch easing {
  case .easeInSine: return 1 - Elementary.cos((x * .pi) / 2)
  case .easeOutSine: return Elementary.sin((x * .pi) / 2)
  case .easeInOutSine: return -(Elementary.cos(.pi * x) - 1) / 2
  case .easeInQuad: return x * x
  case .easeOutQuad: return 1 - (1 - x) * (1 - x)
  case .easeInOutQuad: return x < 0.5 ? 2 * x * x : 1 - ipow(-2 * x + 2, 2) / 2
  case .easeInCubic: return x * x * x
  case .easeOutCubic: return 1 - ipow(1 - x, 3)
  case .easeInOutCubic: return x < 0.5 ? 4 * x * x * x : 1 - ipow(-2 * x + 2, 3) / 2
  case .easeInQuart: return x * x * x * x
  case .easeOutQuart: return 1 - ipow(1 - x, 4)
  case .easeInOutQuart: return x < 0.5 ? 8 * x * x * x * x : 1 - ipow(-2 * x + 2, 4) / 2
  case .easeInQuint: return x * x * x * x * x
  case .easeOutQuint: return 1 - ipow(1 - x, 5)
  case .easeInOutQuint: return x < 0.5 ? 16 * x * x * x * x * x : 1 - ipow(-2 * x + 2, 5) / 2
  case .easeInExpo: return x == 0 ? 0 : pow(2, 10 * x - 10)
  case .easeOutExpo: return x == 1 ? 1 : 1 - pow(2, -10 * x)
  case .easeInOutExpo:
    return x == 0 ? 0 : x == 1 ? 1 : x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
  case .easeInCirc: return 1 - (1 - x * x).squareRoot()
  case .easeOutCirc: return (1 - (x - 1) * (x - 1)).squareRoot()
  case .easeInOutCirc:
    return x < 0.5
      ? (1 - (1 - (2 * x) * (2 * x)).squareRoot()) / 2
      : ((1 - (-2 * x + 2) * (-2 * x + 2)).squareRoot() + 1) / 2
  case .easeInBack: return c3 * x * x * x - c1 * x * x
  case .easeOutBack: return 1 + c3 * ipow(x - 1, 3) + c1 * ipow(x - 1, 2)
  case .easeInOutBack:
    return x < 0.5
      ? (ipow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
      : (ipow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
  case .easeInElastic:
    return x == 0 ? 0 : x == 1 ? 1 : -pow(2, 10 * x - 10) * Elementary.sin((x * 10 - 10.75) * c4)
  case .easeOutElastic:
    return x == 0 ? 0 : x == 1 ? 1 : pow(2, -10 * x) * Elementary.sin((x * 10 - 0.75) * c4) + 1
  case .easeInOutElastic:
    return x == 0 ? 0 : x == 1 ? 1 : x < 0.5
      ? -(pow(2, 20 * x - 10) * Elementary.sin((20 * x - 11.125) * c5)) / 2
      : (pow(2, -20 * x + 10) * Elementary.sin((20 * x - 11.125) * c5)) / 2 + 1
  case .easeInBounce: return 1 - outBounce(1 - x)
  case .easeOutBounce: return outBounce(x)
  case .easeInOutBounce: return x < 0.5 ? (1 - outBounce(1 - 2 * x)) / 2 : (1 + outBounce(2 * x - 1)) / 2
  }
}

@Suite struct PennerTests {
  @Test func thirtyEasingsWithEasingsNetNames() {
    #expect(PennerEasing.allCases.count == 30)
    for family in ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"] {
      for kind in ["easeIn", "easeOut", "easeInOut"] {
        #expect(PennerEasing(rawValue: kind + family) != nil, "\(kind + family)")
      }
    }
  }

  @Test(arguments: PennerEasing.allCases)
  func matchesIndependentClosedForm(_ easing: PennerEasing) {
    // Tolerance 1e-12: the two arrangements differ by rounding only.
    let curve = Curve.penner(easing)
    for i in 0...1000 {
      let x = Double(i) / 1000
      #expect(abs(curve(x) - reference(easing, x)) <= 1e-12, "\(easing) at \(x)")
    }
  }

  @Test(arguments: PennerEasing.allCases)
  func endPointsAreExact(_ easing: PennerEasing) {
    #expect(Curve.penner(easing)(0) == 0)
    #expect(Curve.penner(easing)(1) == 1)
  }

  @Test func publishedValues() {
    // animation.md §4, published to 7 decimals: tolerance 1e-7.
    let cases: [(PennerEasing, Double, Double)] = [
      (.easeInBack, 0.25, -0.0641366), (.easeInBack, 0.5, -0.0876975), (.easeInBack, 0.75, 0.1825903),
      (.easeOutBack, 0.25, 0.8174097), (.easeOutBack, 0.5, 1.0876975), (.easeOutBack, 0.75, 1.0641366),
      (.easeInOutBack, 0.25, -0.0996818),
      (.easeOutBounce, 0.25, 0.4726563), (.easeOutBounce, 0.5, 0.765625), (.easeOutBounce, 0.75, 0.9726563),
      (.easeOutElastic, 0.25, 0.9116117), (.easeOutElastic, 0.5, 1.015625), (.easeOutElastic, 0.75, 1.0055243),
      (.easeInOutElastic, 0.25, 0.0119694),
    ]
    for (easing, x, expected) in cases {
      #expect(abs(Curve.penner(easing)(x) - expected) <= 1e-7, "\(easing) at \(x)")
    }
    // easeInBack's minimum is −0.1000 near p ≈ 0.4199 (animation.md §0).
    let minimum = (0...10_000).map { Curve.penner(.easeInBack)(Double($0) / 10_000) }.min() ?? 0
    #expect(abs(minimum - -0.1) <= 5e-5)
  }

  @Test func inputsOutsideTheUnitIntervalEvaluateTheFormula() {
    // Documented: no clamping, except circular easings, which hold their end values where √ has no value.
    #expect(Curve.penner(.easeInQuad)(2) == 4)
    #expect(Curve.penner(.easeInQuad)(-1) == 1)
    #expect(Curve.penner(.easeInCirc)(2) == 1)
    #expect(Curve.penner(.easeOutCirc)(-0.5) == 0)
    #expect(Curve.penner(.easeInOutCirc)(1.25) == 1)
    #expect(abs(Curve.penner(.easeOutCubic)(1.5) - reference(.easeOutCubic, 1.5)) <= 1e-12)
    for easing in PennerEasing.allCases {
      for x in hostileInputs {
        let y = Curve.penner(easing)(x)
        if x.isNaN { #expect(y.isNaN, "\(easing) at \(x)") }
      }
    }
  }
}
