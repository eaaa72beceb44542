import GhostframeCore

extension Rect {
  /// Throws unless the rect's far edges and centre are finite: the sampler derives a layer's
  /// position (`x + width / 2`, `y + height / 2`) and edges from its frame, and a frame whose
  /// numbers are finite can still put them past the largest double (results that
  /// would escape as inf).
  ///
  /// - Parameter what: Names the input the rect comes from, for the message.
  /// - Throws: `.invalidArgument` "`what` overflows: ...".
  func checkExtent(_ what: @autoclosure () -> String) throws(GhostframeError) {
    let numbers = [x, y, width, height, x + width, y + height, x + width / 2, y + height / 2]
    guard numbers.allSatisfy(\.isFinite) else {
      throw .invalid(
        "\(what()) overflows: the rect (\(x), \(y), \(width), \(height)) reaches past the largest double")
    }
  }

  /// Throws unless moving from this rect to `end` stays finite: the differences the sampler
  /// interpolates along, and both rects' extents (``checkExtent(_:)``).
  func checkMove(to end: Rect, _ what: @autoclosure () -> String) throws(GhostframeError) {
    try checkExtent(what())
    try end.checkExtent(what())
    let deltas = [end.x - x, end.y - y, end.width - width, end.height - height]
    guard deltas.allSatisfy(\.isFinite) else {
      throw .invalid(
        "\(what()) overflows: moving from (\(x), \(y), \(width), \(height)) to (\(end.x), \(end.y), \(end.width), "
          + "\(end.height)) spans more than the largest double")
    }
  }

  /// Throws unless moving from this rect to `end` along progress values in `reach` (a curve's
  /// overshoot: below 0 or above 1) stays finite: the rects the sampler interpolates at those
  /// progress values, and their extents. An overshooting curve (`cubic-bezier(0, -2, 1, 3)`)
  /// takes a part past its end rect, and past the largest double when the rects are huge.
  func checkMove(to end: Rect, reach: ClosedRange<Double>, _ what: @autoclosure () -> String) throws(GhostframeError) {
    try checkMove(to: end, what())
    for p in [reach.lowerBound, reach.upperBound] where p < 0 || p > 1 {
      let at = Rect(x: x + (end.x - x) * p, y: y + (end.y - y) * p, width: width + (end.width - width) * p,
                    height: height + (end.height - height) * p)
      try at.checkExtent("\(what()) under its curve's overshoot to \(p)")
    }
  }
}
