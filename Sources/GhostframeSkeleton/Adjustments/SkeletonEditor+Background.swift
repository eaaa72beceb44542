import GhostframeCore

extension SkeletonEditor {
  /// Applies a modifier to ``background`` (TABAnimated's `backgroundComponent`), writing it
  /// back only if the result is valid.
  ///
  /// The frame modifiers act as on a bone (`height` and `reducedHeight` do not touch line
  /// heights: a background has no lines); `radius` and `reducedRadius` set its corner radius,
  /// `color` its fill.
  ///
  /// - Throws: `.invalidArgument` for a modifier the background does not take
  ///   (``Adjustment/appliesToBackground``), a bad argument, or a negative or non-finite
  ///   result; `.notFound` without a background.
  func applyToBackground(_ adjustment: Adjustment) throws(GhostframeError) {
    guard var container = background else {
      throw GhostframeError(.notFound, "backgroundComponent: no background here")
    }
    guard adjustment.appliesToBackground else {
      throw GhostframeError(
        .invalidArgument,
        "backgroundComponent: \(adjustment.name) does not apply to the background (it takes position, size, radius and color)")
    }
    if let problem = adjustment.problem {
      throw GhostframeError(.invalidArgument, problem.message)
    }
    var frame = container.frame
    switch adjustment {
    case .radius(let v): container.cornerRadius = v
    case .reducedRadius(let v): container.cornerRadius -= v
    case .color(let color): container.color = color
    default: adjustment.move(&frame)  // the rest of appliesToBackground: position and size
    }
    try Self.check(frame, of: "the background", after: adjustment)
    try Self.check(radius: container.cornerRadius, of: "the background", after: adjustment)
    container.frame = frame
    background = container
  }
}
