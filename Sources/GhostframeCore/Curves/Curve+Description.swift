extension Curve {
  /// The canonical spec text: `Curve(parsing: curve.description) == curve` for every curve.
  ///
  /// Named cubic-beziers print as `linear`, `ease`, `ease-in`, `ease-out` and
  /// `ease-in-out` (Core Animation names map to these), others as `cubic-bezier(a, b, c, d)`;
  /// staircases as `steps(n, jump-end)`; `linear()` as its resolved points
  /// (`linear(0 0%, 0.25 50%, 1 100%)`); Penner easings by name; springs as
  /// `spring(m, k, c, v)`, followed by `, allows-overdamping` when set; host curves by their
  /// name (which reads back while a curve of that name is registered). Numbers print in
  /// their shortest form that reads back exactly.
  public var description: String {
    switch kind {
    case .bezier(let bezier):
      switch self {
      case .linear: return "linear"
      case .ease: return "ease"
      case .easeIn: return "ease-in"
      case .easeOut: return "ease-out"
      case .easeInOut: return "ease-in-out"
      default:
        let numbers = [bezier.x1, bezier.y1, bezier.x2, bezier.y2].map(Self.format)
        return "cubic-bezier(\(numbers.joined(separator: ", ")))"
      }
    case .steps(let steps):
      return "steps(\(steps.count), \(steps.position.rawValue))"
    case .linear(let linear):
      let points = linear.points.map { "\(Self.format($0.output)) \(Self.format($0.inputPercent))%" }
      return "linear(\(points.joined(separator: ", ")))"
    case .penner(let easing):
      return easing.rawValue
    case .spring(let curve):
      let spring = curve.spring
      let numbers = [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity]
        .map(Self.format)
      let flag = spring.allowsOverdamping ? ", allows-overdamping" : ""
      return "spring(\(numbers.joined(separator: ", "))\(flag))"
    case .host(let host):
      return host.name
    }
  }

  /// Swift's shortest round-tripping form, without a trailing ".0" (`1`, `0.25`, `1e-05`).
  static func format(_ value: Double) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
