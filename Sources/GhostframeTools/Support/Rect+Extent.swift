import GhostframeCore

extension Rect {
  /// Throws unless the rect's far edges and centre are finite: the sampler derives a layer's
  /// position (`x + width / 2`, `y + height / 2`) and edges from its frame, and a frame whose
  /// numbers are finite can still put them past the largest double (issue 28's "results that
  /// escape as inf").
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
}
