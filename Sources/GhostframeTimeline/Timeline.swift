import GhostframeCore

/// An Anim-style timeline: instances of named definitions in nested sequences and parallels, with
/// delays, staggers, labels and GSAP positions, compiled to begin and end times on one clock.
///
/// Nothing waits for anything: ``schedule()`` resolves the structure into times ("dynamic time
/// calculation, not dependencies"), and ``apply(to:)`` turns those into ordinary additive scene
/// animations, so sampling stays a pure function of time and seeking works.
///
/// The rules:
/// - A sequence keeps a cursor, starting at its own start. An instance at the cursor starts there;
///   its layer *i* begins at `start + offset_i` and ends `duration` later; the instance ends at its
///   latest layer end and the cursor moves there. A delay moves the cursor. A stagger applies to
///   the next instance of the same sequence or parallel.
/// - A parallel starts every item at its own start and ends at its latest item's end (its start
///   when it has none). A sequence ends at the later of its cursor and the latest end of anything
///   in it (its cursor when nothing is in it).
/// - A positioned item (``TimelinePosition``) starts where its position says; the cursor then
///   moves to its end. Labels belong to the sequence that holds them.
/// - The root starts at 0; ``duration`` is the root's end, and no layer may begin before 0.
public struct Timeline: Sendable {
  /// The deepest nesting of sequences and parallels a timeline may have.
  public static let maximumDepth = 256

  /// The root item, normally a sequence or a parallel; it starts at 0.
  public var root: TimelineItem
  /// Definitions the timeline carries; they shadow the registry's.
  public var definitions: [TimelineDefinition]
  /// Where names not among ``definitions`` are looked up.
  public var registry: TimelineRegistry

  /// Creates a timeline from its root item.
  public init(root: TimelineItem, definitions: [TimelineDefinition] = [], registry: TimelineRegistry = .shared) {
    self.root = root
    self.definitions = definitions
    self.registry = registry
  }

  /// A timeline whose items play one after another (Anim's `runTimelineArray:`), repeated,
  /// yoyoed and scaled by `timing` (GSAP's `gsap.timeline({repeat, yoyo, repeatDelay})`).
  public init(sequence items: [TimelineItem], timing: TimelineNodeTiming = .normal,
              definitions: [TimelineDefinition] = [], registry: TimelineRegistry = .shared) {
    self.init(root: .sequence(items, timing: timing), definitions: definitions, registry: registry)
  }

  /// A timeline whose items all start at 0 (Anim's `runTimelineSet:`), repeated, yoyoed and
  /// scaled by `timing`.
  public init(parallel items: [TimelineItem], timing: TimelineNodeTiming = .normal,
              definitions: [TimelineDefinition] = [], registry: TimelineRegistry = .shared) {
    self.init(root: .parallel(items, timing: timing), definitions: definitions, registry: registry)
  }

  /// Anim's `runOneAnim:views:duration:delay:`: one instance after a delay.
  public static func runOne(
    _ name: String, layers: [String], duration: Double, delay: Double = 0,
    definitions: [TimelineDefinition] = [], registry: TimelineRegistry = .shared
  ) -> Timeline {
    Timeline(sequence: [.delay(delay), .anim(name, layers: layers, duration: duration)],
             definitions: definitions, registry: registry)
  }

  /// Compiles the timeline to begin and end times: the one compiled form, which
  /// ``TimelineSchedule/apply(to:)`` applies and ``TimelinePlayer`` plays without scheduling again.
  ///
  /// - Returns: One entry per instance and layer, sorted by begin, then layer, then name, with
  ///   what applying needs (each entry's definition).
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown definition or label;
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a NaN, infinite or negative duration, a
  ///   non-finite delay or stagger, an empty layer list, a layer that would begin before 0, a
  ///   misplaced position or label, a definition given twice, a time (a delay, position, label,
  ///   stagger offset or end) past the largest Double, naming the item;
  ///   ``/GhostframeCore/GhostframeError/Code/parse`` for
  ///   malformed position text; ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumDepth``.
  /// - Complexity: O(items + layers · log(layers)).
  public func schedule() throws(GhostframeError) -> TimelineSchedule {
    var own: [String: TimelineDefinition] = [:]
    for definition in definitions {
      guard own.updateValue(definition, forKey: definition.name) == nil else {
        throw .invalid("the timeline defines \(Identifier.quoted(definition.name)) twice")
      }
    }
    var scheduler = TimelineScheduler(definitions: own, registry: registry)
    return try scheduler.run(root)
  }

  /// The timeline's length: when its root ends. Schedules the timeline; a kept
  /// ``TimelineSchedule``'s ``TimelineSchedule/duration`` does not.
  ///
  /// - Throws: As ``schedule()``.
  public var duration: Double {
    get throws(GhostframeError) { try schedule().duration }
  }
}
