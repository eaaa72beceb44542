import GhostframeCore

/// TABAnimated's spellings of the selectors that take a run of numbers, kept so that code
/// copied from TABAnimated reads as it does there. Each forwards to its Swift name and selects
/// the same bones; Ghostframe's own examples use the Swift names.
extension SkeletonEditor {
  /// Keeps TABAnimated's `animations(loc, len)` spelling: the same as ``animations(from:count:)``.
  public func animations(_ from: Int, _ count: Int) throws(GhostframeError) -> Selection {
    try animations(from: from, count: count)
  }

  /// Keeps TABAnimated's `animationsWithIndexs(a, b, ...)` spelling: the same as
  /// ``animations(at:)``.
  public func animationsWithIndexs(_ indices: Int...) throws(GhostframeError) -> Selection {
    try select(.animationsWithIndexs(indices))  // what animations(at:) does: a variadic list cannot be passed on
  }
}
