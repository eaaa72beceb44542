import GhostframeCore

extension Timeline {
  /// Schedules the timeline and adds its animations to `scene`: `try schedule().apply(to: &scene)`
  /// (see ``TimelineSchedule/apply(to:)``). To apply one timeline to several scenes, or to play it
  /// too, schedule it once and keep the ``TimelineSchedule``.
  ///
  /// - Returns: The added animations' ids, in schedule order.
  /// - Throws: What ``schedule()`` throws, then what ``TimelineSchedule/apply(to:)`` throws. On
  ///   error the scene is unchanged.
  @discardableResult
  public func apply(to scene: inout Scene) throws(GhostframeError) -> [UInt64] {
    try schedule().apply(to: &scene)
  }
}
