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
    /// The innermost repeating node it is in (an index into ``TimelineSchedule/repeats``), or
    /// nil: ``start`` and ``end`` are then its only span; otherwise they are its first play's.
    public let `repeat`: Int?
  }

  /// A GSAP `call` point: the player reports it each time time crosses it.
  public struct Call: Sendable, Hashable {
    /// Its place among the calls, in order of appearance, from 0.
    public let index: Int
    /// Its name.
    public let name: String
    /// Its time (in its first play, inside repeating nodes).
    public let time: Double
    /// The innermost repeating node it is in, or nil.
    public let `repeat`: Int?
  }

  /// A sequence or parallel that repeats (GSAP's `repeat`, `yoyo`, `repeatDelay`), in timeline
  /// seconds (its and its ancestors' time scales applied). Its first play lies where the schedule's
  /// entries put it; play *k* starts `k · (duration + repeatDelay)` later, backwards when
  /// ``yoyo`` and *k* is odd; a repeating node inside another repeats within each of its plays.
  public struct Repeat: Sendable, Hashable {
    /// When its first play starts.
    public let start: Double
    /// One play's length.
    public let duration: Double
    /// The pause between plays.
    public let repeatDelay: Double
    /// How many times it plays (``TimelineNodeTiming/repeat`` + 1), or nil for ever.
    public let plays: Int?
    /// Its whole length: `plays · duration + (plays − 1) · repeatDelay`, or
    /// ``TimelineNodeTiming/foreverDuration`` of its own seconds.
    public let total: Double
    /// Whether odd plays run backwards.
    public let yoyo: Bool
    /// The repeating node it is in, or nil.
    public let parent: Int?

    /// One play and the pause after it.
    var cycle: Double { duration + repeatDelay }
    /// Whether it plays more than once (a node of no length and no delay does not).
    var repeats: Bool { cycle > 0 && (plays ?? 2) > 1 }
    /// The plays that start within ``total``.
    var startedPlays: Double {
      if let plays { return Double(plays) }
      return max((total / cycle).rounded(.up), 1)
    }
  }

  /// One instance on one layer with its definition: what ``apply(to:)`` builds animations from.
  struct Placement: Sendable, Hashable {
    /// The definition, by reference: the placements of one name share it, so a placement is one
    /// pointer to copy and keep, not the definition's every field (a million entries are a million
    /// placements, copied as they are sorted and read as they are applied).
    let sharedDefinition: SharedBox<TimelineDefinition>
    let layer: String
    let begin: Double
    let duration: Double
    let end: Double
    /// Order of appearance: the last sort key, so equal entries keep the timeline's order.
    let order: Int
    /// The innermost repeating node it is in, or nil.
    let `repeat`: Int?

    /// The definition it places.
    var definition: TimelineDefinition { sharedDefinition.value }
  }

  /// Every entry, sorted by begin, then layer, then name (then the order in the timeline).
  public let entries: [Entry]
  /// When the timeline's root ends.
  public let duration: Double
  /// Every instance, in order of appearance (`instances[i].index == i`).
  public let instances: [Instance]
  /// Every repeating node, outer before inner.
  public let repeats: [Repeat]
  /// Every call point, in order of appearance.
  public let calls: [Call]
  /// The entries with their definitions, in the same order; nil for a schedule that only
  /// reports times (a chain's), which ``apply(to:)`` refuses.
  let placements: [Placement]?

  /// A schedule of `entries` lasting `duration`, with its `instances` (none when only entries
  /// are known); it reports times and cannot be applied.
  init(entries: [Entry], duration: Double, instances: [Instance] = []) {
    self.entries = entries
    self.duration = duration
    self.instances = instances
    self.repeats = []
    self.calls = []
    self.placements = nil
  }

  /// The schedule of a timeline: its placements (sorted), instances, repeating nodes and duration.
  init(placements: [Placement], instances: [Instance], repeats: [Repeat], calls: [Call], duration: Double) {
    self.entries = placements.map {
      Entry(name: $0.definition.name, layer: $0.layer, begin: $0.begin, end: $0.end)
    }
    self.duration = duration
    self.instances = instances
    self.repeats = repeats
    self.calls = calls
    self.placements = placements
  }

  /// The repeating nodes around a placement or instance whose innermost is `innermost`, outermost
  /// first, leaving out those that do not repeat.
  func chain(_ innermost: Int?) -> [Repeat] {
    var result: [Repeat] = []
    var next = innermost
    var guardCount = repeats.count
    while let index = next, index >= 0, index < repeats.count, guardCount > 0 {
      let node = repeats[index]
      if node.repeats { result.append(node) }
      next = node.parent
      guardCount -= 1
    }
    return result.reversed()
  }
}
