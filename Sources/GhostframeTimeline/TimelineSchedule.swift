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

  /// One instance as a whole: a definition placed on its layers, from its earliest layer begin to
  /// its latest layer end (a stagger spreads the layers in between).
  public struct Instance: Sendable, Hashable {
    /// Its place in order of appearance in the timeline (depth first), from 0.
    public let index: Int
    /// The definition's name.
    public let name: String
    /// The layers it animates, in the timeline's (stagger) order.
    public let layers: [String]
    /// Its earliest layer begin, in seconds from the timeline's start.
    public let start: Double
    /// Its latest layer end; equal to ``start`` for an instance of duration 0 without a stagger.
    public let end: Double
  }

  /// Every entry, sorted by begin, then layer, then name (then the order in the timeline).
  public let entries: [Entry]
  /// When the timeline's root ends.
  public let duration: Double
  /// Every instance, in order of appearance (`instances[i].index == i`).
  public let instances: [Instance]

  /// A schedule of `entries` lasting `duration`, with its `instances` (none when only entries
  /// are known).
  init(entries: [Entry], duration: Double, instances: [Instance] = []) {
    self.entries = entries
    self.duration = duration
    self.instances = instances
  }

  /// The schedule of a compiled timeline.
  package init(_ compiled: TimelineScheduler.Result) {
    self.init(
      entries: compiled.placements.map {
        Entry(name: $0.definition.name, layer: $0.layer, begin: $0.begin, end: $0.end)
      },
      duration: compiled.duration, instances: compiled.instances)
  }
}
