/// A CSS `steps(n, position)` staircase.
///
/// Evaluation follows the CSS Easing 1 algorithm, including the before flag;
/// outputs are not clamped for inputs outside [0, 1].
struct Steps: Sendable, Hashable {
  /// The largest accepted step count; keeps every derived quantity exact in a Double.
  static let maxCount = Int(Int32.max)

  /// The number of steps, in `1...maxCount` (`2...` for `jumpNone`).
  let count: Int
  /// Where the jumps happen.
  let position: StepPosition
  /// The number of jumps as a Double (count, count − 1 or count + 1).
  let jumps: Double

  /// Creates a validated staircase.
  ///
  /// - Throws: `.invalidArgument` when `count` is out of range.
  init(count: Int, position: StepPosition) throws(GhostframeError) {
    guard count >= 1 else {
      throw .invalid("steps: count \(count) must be at least 1")
    }
    guard count <= Self.maxCount else {
      throw .invalid("steps: count \(count) exceeds the maximum \(Self.maxCount)")
    }
    if position == .jumpNone && count < 2 {
      throw .invalid("steps: jump-none needs a count of at least 2, got \(count)")
    }
    self.init(validCount: count, position: position)
  }

  /// Creates a staircase whose count is already known to be valid for `position`.
  init(validCount count: Int, position: StepPosition) {
    self.count = count
    self.position = position
    // count <= Int32.max, so these conversions and sums are exact.
    switch position {
    case .jumpStart, .jumpEnd: jumps = Double(count)
    case .jumpNone: jumps = Double(count) - 1
    case .jumpBoth: jumps = Double(count) + 1
    }
  }

  /// Evaluates the staircase at `x`.
  ///
  /// Works in Double throughout so that huge `x` never needs an Int conversion.
  @inline(__always)
  func callAsFunction(_ x: Double, beforeFlag: Bool) -> Double {
    let scaled = x * Double(count)
    // x·n overflowed: the staircase is indistinguishable from its slope n / jumps there.
    if !scaled.isFinite && x.isFinite { return x * (Double(count) / jumps) }
    let floored = scaled.rounded(.down)
    var step = floored
    if position == .jumpStart || position == .jumpBoth { step += 1 }
    // At an exact jump, the before flag selects the value just before it.
    if beforeFlag && scaled == floored { step -= 1 }
    if x >= 0 && step < 0 { step = 0 }
    if x <= 1 && step > jumps { step = jumps }
    return step / jumps
  }

  static func == (lhs: Steps, rhs: Steps) -> Bool {
    lhs.count == rhs.count && lhs.position == rhs.position
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(position)
  }
}
