import GhostframeCore
import Synchronization

/// Walks a timeline's items once, resolving every instance into begin times (the rules are on
/// ``Timeline``). Pure: it reads definitions and produces placements, and changes nothing else.
package struct TimelineScheduler {
  typealias Placement = TimelineSchedule.Placement

  /// Counts scheduler runs: tests bind one (`TimelineScheduler.$runs.withValue(counter) { ... }`)
  /// to prove that a timeline is scheduled once however it is then applied, measured or played.
  package final class RunCounter: Sendable {
    private let value = Atomic<Int>(0)
    package init() {}
    /// The runs counted so far.
    package var count: Int { value.load(ordering: .relaxed) }
    func increment() { value.add(1, ordering: .relaxed) }
  }

  /// The counter runs in the current task report to, if any.
  @TaskLocal package static var runs: RunCounter?

  /// The start and end of a placed instance or node.
  private struct Span {
    let start: Double
    let end: Double
  }

  /// Where items are being placed: timeline seconds per second of the node's own time (its and
  /// its ancestors' time scales), and the innermost repeating node around them.
  private struct Frame {
    let scale: Double
    let `repeat`: Int?
    static let root = Frame(scale: 1, repeat: nil)
  }

  private let definitions: [String: TimelineDefinition]
  private let registry: TimelineRegistry
  /// The definitions looked up so far (the timeline's own, then the registry's), so one schedule
  /// sees one definition per name and its placements share it.
  private var looked: [String: SharedBox<TimelineDefinition>] = [:]
  /// The last name looked up and its definition: instances come in runs of one name.
  private var lastLooked: (name: String, definition: SharedBox<TimelineDefinition>)?
  private var placements: [Placement] = []
  private var instances: [TimelineSchedule.Instance] = []
  private var repeats: [TimelineSchedule.Repeat] = []
  private var calls: [TimelineSchedule.Call] = []

  init(definitions: [String: TimelineDefinition], registry: TimelineRegistry) {
    self.definitions = definitions
    self.registry = registry
  }

  /// Compiles `root` as the only item of a sequence starting at 0.
  mutating func run(_ root: TimelineItem) throws(GhostframeError) -> TimelineSchedule {
    Self.runs?.increment()
    let end = try sequence([root], start: 0, depth: 0, in: TimelineItemPath.rootContainer(), frame: .root)
    for placement in placements {
      guard placement.begin >= 0 else {
        throw .invalid("timeline would start before 0: \(Identifier.quoted(placement.definition.name)) on layer "
                       + "\(Identifier.quoted(placement.layer)) begins at \(placement.begin)")
      }
      guard placement.end.isFinite else {
        throw .invalid("timeline times overflow: \(Identifier.quoted(placement.definition.name)) on layer "
                       + "\(Identifier.quoted(placement.layer)) ends at \(placement.end)")
      }
    }
    // Sorted in place (the scheduler's own array, taken out of it): no second million placements.
    var sorted = placements
    placements = []
    sorted.sort { a, b in
      if a.begin != b.begin { return a.begin < b.begin }
      if a.layer != b.layer { return a.layer < b.layer }
      if a.sharedDefinition !== b.sharedDefinition, a.definition.name != b.definition.name {
        return a.definition.name < b.definition.name
      }
      return a.order < b.order
    }
    for call in calls where call.time < 0 {
      throw .invalid("timeline would start before 0: the call \(Identifier.quoted(call.name)) is at \(call.time)")
    }
    return TimelineSchedule(placements: sorted, instances: instances, repeats: repeats, calls: calls,
                            duration: max(end, 0))
  }

  /// Places the items of a sequence from `start`; returns its end. Times the items give (delays,
  /// durations, positions, offsets) are in the node's own seconds: `frame.scale` converts them.
  private mutating func sequence(
    _ items: [TimelineItem], start: Double, depth: Int, in container: TimelineItemPath.Container, frame: Frame
  ) throws(GhostframeError) -> Double {
    let scale = frame.scale
    var cursor = start
    var latestEnd: Double?
    var previous: Span?
    var labels: [String: Double] = [:]
    var stagger: TimelineStagger?
    for (index, item) in items.enumerated() {
      let itemPath = TimelineItemPath(container: container, index: index)
      try Self.checkTiming(item, itemPath)
      // Where a position puts the item (or the label).
      func resolve(_ position: TimelinePosition) throws(GhostframeError) -> Double {
        try Self.finite(try resolvedTime(position), itemPath, "its position")
      }
      func resolvedTime(_ position: TimelinePosition) throws(GhostframeError) -> Double {
        switch try position.resolved() {
        case .absolute(let time): return start + time * scale
        case .previousStart(let offset): return (previous?.start ?? start) + offset * scale
        case .previousEnd(let offset): return (previous?.end ?? start) + offset * scale
        case .afterEnd(let offset): return max(cursor, latestEnd ?? cursor) + offset * scale
        case .label(let name, let offset):
          guard let time = labels[name] else {
            throw GhostframeError(.notFound, "\(itemPath): no label \(Identifier.quoted(name)) in this sequence "
                                  + "(labels belong to their sequence and must come before their use)")
          }
          return time + offset * scale
        case .text: throw .internal("\(itemPath): position text left unparsed")
        }
      }
      switch item.kind {
      case .delay(let seconds):
        try Self.noPosition(item, itemPath, "a delay")
        guard seconds.isFinite else { throw .invalid("\(itemPath): delay must be finite (got \(seconds))") }
        cursor = try Self.finite(cursor + seconds * scale, itemPath, "the delay")
      case .stagger(let next):
        try Self.noPosition(item, itemPath, "a stagger")
        stagger = next
      case .label(let name):
        try Self.checkLabel(name, itemPath)
        labels[name] = try item.position.map(resolve) ?? cursor
      case .call(let name):
        let at = try item.position.map(resolve) ?? cursor
        try addCall(name, at: at, path: itemPath, frame: frame)
        previous = Span(start: at, end: at)
        latestEnd = max(latestEnd ?? at, at)
        cursor = at
      case .instance, .sequence, .parallel:
        let at = try item.position.map(resolve) ?? cursor
        let span = try place(item, at: at, stagger: &stagger, depth: depth, path: itemPath, frame: frame)
        previous = span
        latestEnd = max(latestEnd ?? span.end, span.end)
        cursor = span.end
      }
    }
    return max(cursor, latestEnd ?? cursor)
  }

  /// Places the items of a parallel at `start`; returns its end.
  private mutating func parallel(
    _ items: [TimelineItem], start: Double, depth: Int, in container: TimelineItemPath.Container, frame: Frame
  ) throws(GhostframeError) -> Double {
    var end = start
    var stagger: TimelineStagger?
    for (index, item) in items.enumerated() {
      let itemPath = TimelineItemPath(container: container, index: index)
      try Self.checkTiming(item, itemPath)
      guard item.position == nil else {
        throw .invalid("\(itemPath): positions place items within a sequence; a parallel starts every item together")
      }
      switch item.kind {
      case .delay(let seconds):
        guard seconds.isFinite else { throw .invalid("\(itemPath): delay must be finite (got \(seconds))") }
        end = max(end, try Self.finite(start + seconds * frame.scale, itemPath, "the delay"))
      case .stagger(let next):
        stagger = next
      case .label:
        throw .invalid("\(itemPath): labels belong to sequences, not parallels")
      case .call(let name):
        try addCall(name, at: start, path: itemPath, frame: frame)
      case .instance, .sequence, .parallel:
        end = max(end, try place(item, at: start, stagger: &stagger, depth: depth, path: itemPath, frame: frame).end)
      }
    }
    return end
  }

  /// Places an instance or a nested node at `at`; an instance uses up `stagger`.
  private mutating func place(
    _ item: TimelineItem, at: Double, stagger: inout TimelineStagger?, depth: Int, path: TimelineItemPath,
    frame: Frame
  ) throws(GhostframeError) -> Span {
    switch item.kind {
    case .instance(let instance):
      guard item.timing == .normal else { throw Self.timingOnLeaf(path) }
      let offsets = try stagger?.offsets(count: instance.layers.count)
      stagger = nil
      return try self.instance(instance, at: at, offsets: offsets, path: path, frame: frame)
    case .sequence(let items), .parallel(let items):
      guard depth < Timeline.maximumDepth else { throw Self.tooDeep(path) }
      let isSequence: Bool
      if case .sequence = item.kind { isSequence = true } else { isSequence = false }
      return try node(items, sequence: isSequence, timing: item.timing, at: at, depth: depth, path: path, frame: frame)
    case .delay, .stagger, .label, .call:
      throw .internal("\(path): not an instance or node")
    }
  }

  /// Places a nested sequence or parallel at `at`, with its repeats, yoyo, repeat delay and time
  /// scale: its first play is laid out in place (the entries), the others are described by a
  /// ``TimelineSchedule/Repeat``.
  private mutating func node(
    _ items: [TimelineItem], sequence isSequence: Bool, timing: TimelineNodeTiming, at: Double, depth: Int,
    path: TimelineItemPath, frame: Frame
  ) throws(GhostframeError) -> Span {
    do throws(GhostframeError) {
      try timing.check()
    } catch {
      throw .invalid("\(path): \(error.message)")
    }
    let scale = frame.scale / timing.timeScale
    guard scale.isFinite, scale > 0 else {
      throw .invalid("\(path): the time scales multiply past what a Double holds (\(frame.scale) / \(timing.timeScale))")
    }
    // A node that repeats gets its record first, so the items inside name it.
    let index: Int? = timing.repeat == 0 ? nil : repeats.count
    if index != nil {
      repeats.append(TimelineSchedule.Repeat(start: at, duration: 0, repeatDelay: 0, plays: 1, total: 0,
                                             yoyo: false, parent: frame.repeat))
    }
    let firstPlacement = placements.count, firstCall = calls.count
    let inner = Frame(scale: scale, repeat: index ?? frame.repeat)
    let container = TimelineItemPath.Container(item: path, suffix: isSequence ? ".sequence" : ".parallel")
    let end = isSequence
      ? try sequence(items, start: at, depth: depth + 1, in: container, frame: inner)
      : try parallel(items, start: at, depth: depth + 1, in: container, frame: inner)
    guard let index else { return Span(start: at, end: end) }
    let duration = end - at
    let delay = try Self.finite(timing.repeatDelay * scale, path, "its repeat delay")
    let total: Double
    let plays: Int?
    if timing.repeat == TimelineNodeTiming.forever {
      plays = nil
      total = try Self.finite(TimelineNodeTiming.foreverDuration * scale, path, "its repeats for ever")
    } else {
      let count = timing.repeat + 1
      plays = count
      total = try Self.finite(Double(count) * duration + Double(count - 1) * delay, path, "its \(count) plays")
    }
    // Every play must hold its items: one that began before the node's start would begin before
    // each play's start, and a backwards play would put it after the play's end.
    for placement in placements[firstPlacement...] where placement.begin < at {
      throw .invalid("\(path): \(Identifier.quoted(placement.definition.name)) on layer "
                     + "\(Identifier.quoted(placement.layer)) begins at \(placement.begin), before its repeating "
                     + "node starts (\(at)); a repeating sequence or parallel must hold its items")
    }
    for call in calls[firstCall...] where call.time < at {
      throw .invalid("\(path): the call \(Identifier.quoted(call.name)) is at \(call.time), before its repeating node "
                     + "starts (\(at)); a repeating sequence or parallel must hold its items")
    }
    repeats[index] = TimelineSchedule.Repeat(start: at, duration: duration, repeatDelay: delay, plays: plays,
                                             total: total, yoyo: timing.yoyo, parent: frame.repeat)
    return Span(start: at, end: try Self.finite(at + total, path, "its repeats"))
  }

  /// Records a call point at `at`.
  private mutating func addCall(_ name: String, at: Double, path: TimelineItemPath, frame: Frame) throws(GhostframeError) {
    guard !name.isEmpty else { throw .invalid("\(path): a call needs a name") }
    try Identifier.check(name, "\(path): call name")
    calls.append(TimelineSchedule.Call(index: calls.count, name: name, time: at, repeat: frame.repeat))
  }

  /// Places one instance's layers from `at`.
  private mutating func instance(
    _ instance: TimelineInstance, at: Double, offsets: [Double]?, path: TimelineItemPath, frame: Frame
  ) throws(GhostframeError) -> Span {
    let name = instance.definition
    guard instance.duration.isFinite, instance.duration >= 0 else {
      throw .invalid("\(path): \(Identifier.quoted(name)) needs a finite duration >= 0 (got \(instance.duration))")
    }
    let duration = try Self.finite(instance.duration * frame.scale, path, "its scaled duration")
    guard !instance.layers.isEmpty else { throw .invalid("\(path): \(Identifier.quoted(name)) has no layers") }
    for layer in instance.layers { try Identifier.check(layer, "\(path): layer id") }
    let definition = try lookUp(name, path)
    guard instance.layers.count <= Timeline.maximumEntries - placements.count else {
      throw GhostframeError(.limit, "\(path): the timeline has more than \(Timeline.maximumEntries) entries "
                            + "(instances × layers)")
    }
    var start = Double.infinity
    var end = -Double.infinity
    for (i, layer) in instance.layers.enumerated() {
      let offset = (offsets.flatMap { i < $0.count ? $0[i] : nil } ?? 0) * frame.scale
      // NaN is left to the check in run(): only a host ease makes one from finite input.
      let begin = at + offset
      guard !begin.isInfinite else {
        throw Self.tooLate(path, "\(Identifier.quoted(name)) on layer \(Identifier.quoted(layer)) would begin at "
                           + "\(at) + \(offset) s (its stagger offset)")
      }
      let layerEnd = try Self.finite(begin + duration, path,
                                     "\(Identifier.quoted(name)) on layer \(Identifier.quoted(layer)) (\(begin) s + \(duration) s)")
      start = min(start, begin)
      end = max(end, layerEnd)
      placements.append(Placement(sharedDefinition: definition, layer: layer, begin: begin, duration: duration,
                                  end: layerEnd, order: placements.count, repeat: frame.repeat))
    }
    instances.append(TimelineSchedule.Instance(index: instances.count, name: name, layers: instance.layers,
                                               start: start, end: end, repeat: frame.repeat))
    return Span(start: at, end: end)
  }

  /// The timeline's own definition named `name`, else the registry's.
  private mutating func lookUp(
    _ name: String, _ path: TimelineItemPath
  ) throws(GhostframeError) -> SharedBox<TimelineDefinition> {
    if let lastLooked, lastLooked.name == name { return lastLooked.definition }
    if let seen = looked[name] {
      lastLooked = (name, seen)
      return seen
    }
    guard let found = definitions[name] ?? registry.definition(named: name) else {
      throw GhostframeError(.notFound, "\(path): no timeline definition \(Identifier.quoted(name))")
    }
    let shared = SharedBox(found)
    looked[name] = shared
    lastLooked = (name, shared)
    return shared
  }

  /// Only sequences and parallels take a timing.
  private static func checkTiming(_ item: TimelineItem, _ path: TimelineItemPath) throws(GhostframeError) {
    switch item.kind {
    case .sequence, .parallel: return
    case .instance, .delay, .stagger, .label, .call:
      guard item.timing == .normal else { throw timingOnLeaf(path) }
    }
  }

  private static func timingOnLeaf(_ path: TimelineItemPath) -> GhostframeError {
    .invalid("\(path): repeat, yoyo, repeatDelay and timeScale belong to sequences and parallels")
  }

  private static func noPosition(_ item: TimelineItem, _ path: TimelineItemPath, _ what: String) throws(GhostframeError) {
    guard item.position == nil else {
      throw .invalid("\(path): \(what) takes no position (only instances, nested nodes and labels do)")
    }
  }

  /// A label name must be one a position can name: not empty, not a number or GSAP form, no
  /// `+=` / `-=` inside.
  private static func checkLabel(_ name: String, _ path: TimelineItemPath) throws(GhostframeError) {
    let quoted = Identifier.quoted(name)
    guard !name.isEmpty else { throw .invalid("\(path): a label needs a name") }
    try Identifier.check(name, "\(path): label")
    guard case .label(let parsed, 0) = try? TimelinePosition(parsing: name), parsed == name else {
      throw .invalid("\(path): label \(quoted) reads as a position, not a label name")
    }
  }

  /// `time`, refused when a sum of finite times overflowed: no begin, end or duration of a
  /// timeline may pass the largest Double, so its duration, schedule, JSON and player stay finite.
  /// `what` is made into text only for the message: the scheduler checks every entry's end, and
  /// quoting names and writing times for each would cost more than scheduling it.
  private static func finite(
    _ time: Double, _ path: TimelineItemPath, _ what: @autoclosure () -> String
  ) throws(GhostframeError) -> Double {
    guard time.isInfinite else { return time }
    throw tooLate(path, "\(what()) ends at \(time)")
  }

  private static func tooLate(_ path: TimelineItemPath, _ detail: String) -> GhostframeError {
    .invalid("\(path): times pass the largest duration (\(Double.greatestFiniteMagnitude) s): \(detail)")
  }

  private static func tooDeep(_ path: TimelineItemPath) -> GhostframeError {
    GhostframeError(.limit, "\(path): sequences and parallels nest deeper than \(Timeline.maximumDepth)")
  }
}
