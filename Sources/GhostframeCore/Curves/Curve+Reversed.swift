extension Curve {
  /// The curve played backwards, `p ↦ 1 − curve(1 − p)`, for a timeline that yoyos (GSAP's
  /// `yoyo`): cubic-bezier(x1, y1, x2, y2) becomes cubic-bezier(1 − x2, 1 − y2, 1 − x1, 1 − y1);
  /// a Penner `easeIn…` becomes its `easeOut…` and back (the `easeInOut…` ones are their own
  /// reverse); steps swap `jump-start` and `jump-end` (the value at a jump itself takes the other
  /// side); `linear()` mirrors its points. Nil for a spring, a host curve, and a `linear()` whose
  /// inputs leave [0, 1]: they have no reverse of their own kind.
  package var reversed: Curve? {
    switch kind {
    case .bezier(let b):
      return Curve(.bezier(CubicBezier(unchecked: 1 - b.x2, 1 - b.y2, 1 - b.x1, 1 - b.y1)))
    case .penner(let easing):
      let name = easing.rawValue
      let swapped: String
      if name.hasPrefix("easeInOut") {
        swapped = name
      } else if name.hasPrefix("easeIn") {
        swapped = "easeOut" + name.dropFirst("easeIn".count)
      } else {
        swapped = "easeIn" + name.dropFirst("easeOut".count)
      }
      return PennerEasing(rawValue: swapped).map { Curve(.penner($0)) }
    case .steps(let steps):
      let position: StepPosition = switch steps.position {
      case .jumpStart: .jumpEnd
      case .jumpEnd: .jumpStart
      case .jumpNone, .jumpBoth: steps.position
      }
      return Curve(.steps(Steps(validCount: steps.count, position: position)))
    case .linear(let linear):
      guard linear.points.allSatisfy({ $0.inputPercent >= 0 && $0.inputPercent <= 100 }) else { return nil }
      let stops = linear.points.reversed().map {
        LinearEasing.Stop(output: 1 - $0.output, percents: [100 - $0.inputPercent])
      }
      return (try? LinearEasing(stops: stops)).map { Curve(.linear($0)) }
    case .spring, .host:
      return nil
    }
  }
}
