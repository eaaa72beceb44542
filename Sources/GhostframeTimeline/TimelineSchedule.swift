import GhostframeCore

/// A compiled timeline: when each instance runs on each layer, and everything applying it needs.
///
/// A timeline is scheduled once (``Timeline/schedule()``, GSAP's resolving of positions into
/// start times); the schedule is then applied to scenes (``apply(to:)``), played
/// (``TimelinePlayer/init(schedule:)``) and measured (``duration``) without scheduling again.
/// ``Timeline/apply(to:)`` is `schedule().apply(to:)`.
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

  /// One instance on one layer with its definition: what ``apply(to:)`` builds animations from.
  struct Placement: Sendable, Hashable {
    let definition: TimelineDefinition
    let layer: String
    let begin: Double
    let duration: Double
    let end: Double
    /// Order of appearance: the last sort key, so equal entries keep the timeline's order.
    let order: Int
  }

  /// Every entry, sorted by begin, then layer, then name (then the order in the timeline).
  public let entries: [Entry]
  /// When the timeline's root ends.
  public let duration: Double
  /// Every instance, in order of appearance (`instances[i].index == i`).
  public let instances: [Instance]
  /// The entries with their definitions, in the same order; nil for a schedule that only
  /// reports times (a chain's), which ``apply(to:)`` refuses.
  let placements: [Placement]?

  /// A schedule of `entries` lasting `duration`, with its `instances` (none when only entries
  /// are known); it reports times and cannot be applied.
  init(entries: [Entry], duration: Double, instances: [Instance] = []) {
    self.entries = entries
    self.duration = duration
    self.instances = instances
    self.placements = nil
  }

  /// The schedule of a timeline: its placements (sorted), instances and duration.
  init(placements: [Placement], instances: [Instance], duration: Double) {
    self.entries = placements.map {
      Entry(name: $0.definition.name, layer: $0.layer, begin: $0.begin, end: $0.end)
    }
    self.duration = duration
    self.instances = instances
    self.placements = placements
  }
}
