/// A compiled timeline: when each instance runs on each layer.
public struct TimelineSchedule: Sendable, Hashable {
  /// One instance on one layer.
  public struct Entry: Sendable, Hashable {
    /// The definition's name.
    public let name: String
    /// The layer's id.
    public let layer: String
    /// When the layer's span begins, in seconds from the timeline's start.
    public let begin: Double
    /// When it ends (`begin` + the instance's duration).
    public let end: Double
  }

  /// Every entry, sorted by begin, then layer, then name (then the order in the timeline).
  public let entries: [Entry]
  /// When the timeline's root ends.
  public let duration: Double
}
