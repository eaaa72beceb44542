import GhostframeCore

/// GSAP's timeline written in code: `to`, `from` and `fromTo` tweens, Anim's named instances,
/// labels, nested timelines and call points, each appended to a sequence (at its end, or at a GSAP
/// position), building the same ``Timeline`` the JSON form describes (a definition per tween,
/// named `to-1`, `from-2`, `fromTo-3`, ...).
///
/// As in GSAP, an item without a position goes at the timeline's end so far (the later of every
/// end): once an earlier item was given a position, it is written `"position": "+=0"`, since the
/// JSON form's default is the sequence's cursor (the end of the item before).
///
/// A value: every step returns a new builder and leaves this one as it was, so steps chain and
/// a failing step changes nothing.
///
/// ```swift
/// let timeline = try TimelineBuilder(timing: TimelineNodeTiming(repeat: 1, yoyo: true))
///   .to(["a", "b"], ["opacity": [0]], duration: 1, stagger: .each(0.1))
///   .addLabel("faded")
///   .fromTo(["c"], from: ["x": [0]], to: ["x": [100]], duration: 2, position: "faded-=0.5")
///   .call("done")
///   .timeline
/// ```
public struct TimelineBuilder: Sendable {
  /// GSAP's default tween duration: 0.5 s.
  public static let defaultDuration = 0.5
  /// GSAP's default ease, `"power1.out"`: Penner's `easeOutQuad`.
  public static let defaultEase = Curve.penner(.easeOutQuad)

  /// The root sequence's items so far.
  public private(set) var items: [TimelineItem] = []
  /// The definitions the tweens made and the added timelines brought.
  public private(set) var definitions: [TimelineDefinition] = []
  /// The root's repeat, yoyo, repeat delay and time scale.
  public var timing: TimelineNodeTiming
  /// Where names of ``anim(_:layers:duration:position:stagger:)`` the builder does not define are
  /// looked up, when the timeline is scheduled.
  public var registry: TimelineRegistry
  /// The labels of the root sequence so far (a position may name them).
  private var labels: Set<String> = []
  /// The number the next generated definition name takes.
  private var nextNumber = 1
  /// Whether an item has been given a position: from then on the sequence's cursor may lie
  /// before its end, so an item without one is placed at `"+=0"` (GSAP's default: the end).
  private var positioned = false

  /// An empty timeline: a sequence with `timing`.
  public init(timing: TimelineNodeTiming = .normal, registry: TimelineRegistry = .shared) {
    self.timing = timing
    self.registry = registry
  }

  /// The timeline built so far: a sequence of ``items`` with ``timing`` and ``definitions``.
  public var timeline: Timeline {
    Timeline(root: .sequence(items, timing: timing), definitions: definitions, registry: registry)
  }

  // MARK: - Tweens

  /// GSAP's `to`: the layers' properties go to `values` (absolute) over `duration`.
  ///
  /// - Parameters:
  ///   - layers: The layer ids (at least one), in stagger order.
  ///   - values: Per key path or view property, its value (one number per component).
  ///   - duration: Seconds, finite and `>= 0`.
  ///   - ease: The curve.
  ///   - position: Where it starts (GSAP's position parameter); nil: at the end.
  ///   - stagger: Offsets of the layers' starts.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument``,
  ///   ``/GhostframeCore/GhostframeError/Code/notFound`` (an unknown key path or label) or
  ///   ``/GhostframeCore/GhostframeError/Code/parse`` (position text), naming the problem; this
  ///   builder is unchanged.
  public func to(
    _ layers: [String], _ values: [String: [Double]], duration: Double = defaultDuration, ease: Curve = defaultEase,
    position: TimelinePosition? = nil, stagger: TimelineStagger? = nil
  ) throws(GhostframeError) -> TimelineBuilder {
    try tween("to", .to(values), layers, duration, ease, position, stagger)
  }

  /// GSAP's `from`: the layers' properties start at `values` (held before the start, GSAP's
  /// immediate render) and go back to what they were. Parameters and errors as
  /// ``to(_:_:duration:ease:position:stagger:)``.
  public func from(
    _ layers: [String], _ values: [String: [Double]], duration: Double = defaultDuration, ease: Curve = defaultEase,
    position: TimelinePosition? = nil, stagger: TimelineStagger? = nil
  ) throws(GhostframeError) -> TimelineBuilder {
    try tween("from", .from(values), layers, duration, ease, position, stagger)
  }

  /// GSAP's `fromTo`: the layers' properties go from `from` to `to` (the same keys). Parameters
  /// and errors as ``to(_:_:duration:ease:position:stagger:)``.
  public func fromTo(
    _ layers: [String], from: [String: [Double]], to: [String: [Double]], duration: Double = defaultDuration,
    ease: Curve = defaultEase, position: TimelinePosition? = nil, stagger: TimelineStagger? = nil
  ) throws(GhostframeError) -> TimelineBuilder {
    try tween("fromTo", .fromTo(from: from, to: to), layers, duration, ease, position, stagger)
  }

  /// Anim's instance: the definition `name` (the builder's own, else the registry's when the
  /// timeline is scheduled) on `layers` for `duration`. Errors as
  /// ``to(_:_:duration:ease:position:stagger:)``.
  public func anim(
    _ name: String, layers: [String], duration: Double, position: TimelinePosition? = nil,
    stagger: TimelineStagger? = nil
  ) throws(GhostframeError) -> TimelineBuilder {
    guard !name.isEmpty else { throw .invalid("anim: a definition name must not be empty") }
    try Identifier.check(name, "anim: the definition name")
    var next = self
    try next.place(.anim(name, layers: layers, duration: duration, position: position), layers: layers,
                   duration: duration, stagger: stagger, what: "anim \(Identifier.quoted(name))")
    return next
  }

  // MARK: - Labels, nested timelines, calls

  /// GSAP's `addLabel`: names the end of the timeline so far, or `position`.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an empty name, a NUL,
  ///   or a name that reads as a position; as for a tween's position.
  public func addLabel(_ name: String, position: TimelinePosition? = nil) throws(GhostframeError) -> TimelineBuilder {
    guard !name.isEmpty else { throw .invalid("addLabel: a label needs a name") }
    try Identifier.check(name, "addLabel: the label")
    guard case .label(let parsed, 0)? = try? TimelinePosition(parsing: name), parsed == name else {
      throw .invalid("addLabel: \(Identifier.quoted(name)) reads as a position, not a label name")
    }
    let resolved = try checked(position, "addLabel \(Identifier.quoted(name))")
    var next = self
    next.positioned = positioned || position != nil
    next.items.append(.label(name, position: resolved))
    next.labels.insert(name)
    return next
  }

  /// GSAP's `add(timeline, position)`: `other` nested at the end or at `position`, with its
  /// own repeats, yoyo and time scale; its definitions come with it (renamed `NAME.2`, ... where
  /// a different definition here has the name).
  ///
  /// - Throws: As for a tween's position.
  public func add(_ other: Timeline, position: TimelinePosition? = nil) throws(GhostframeError) -> TimelineBuilder {
    let resolved = try checked(position, "add")
    var next = self
    next.positioned = positioned || position != nil
    var renames: [String: String] = [:]
    for definition in other.definitions {
      if let mine = next.definitions.first(where: { $0.name == definition.name }) {
        guard mine != definition else { continue }
        var number = 2
        while next.isTaken("\(definition.name).\(number)") { number += 1 }
        let name = "\(definition.name).\(number)"
        renames[definition.name] = name
        next.definitions.append(try TimelineDefinition(name: name, curve: definition.curve, values: definition.values))
      } else {
        next.definitions.append(definition)
      }
    }
    var root = renames.isEmpty ? other.root : Self.renamed(other.root, renames)
    switch root.kind {
    case .sequence, .parallel: break
    case .instance, .delay, .stagger, .label, .call: root = .sequence([root])
    }
    next.items.append(TimelineItem(root.kind, position: resolved, timing: root.timing))
    return next
  }

  /// GSAP's `call(fn, params, position)`: a point named `name` that the player reports (a
  /// ``TimelineEvent/Kind/call`` event) each time time crosses it, at the end or at `position`.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an empty name or a
  ///   NUL; as for a tween's position.
  public func call(_ name: String, position: TimelinePosition? = nil) throws(GhostframeError) -> TimelineBuilder {
    guard !name.isEmpty else { throw .invalid("call: a call needs a name") }
    try Identifier.check(name, "call: the name")
    let resolved = try checked(position, "call \(Identifier.quoted(name))")
    var next = self
    next.positioned = positioned || position != nil
    next.items.append(.call(name, position: resolved))
    return next
  }

  /// This builder with the root's repeats, yoyo, repeat delay and time scale set.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a bad value.
  public func timed(_ timing: TimelineNodeTiming) throws(GhostframeError) -> TimelineBuilder {
    try timing.check()
    var next = self
    next.timing = timing
    return next
  }

  // MARK: - Helpers

  private func tween(
    _ kind: String, _ values: TimelineDefinition.Values, _ layers: [String], _ duration: Double, _ ease: Curve,
    _ position: TimelinePosition?, _ stagger: TimelineStagger?
  ) throws(GhostframeError) -> TimelineBuilder {
    var next = self
    var number = next.nextNumber
    while next.isTaken("\(kind)-\(number)") { number += 1 }
    let name = "\(kind)-\(number)"
    let definition: TimelineDefinition
    do {
      definition = try TimelineDefinition(name: name, curve: ease, values: values)
    } catch {
      throw GhostframeError(error.code, "\(kind): \(error.message)")
    }
    try next.place(.anim(name, layers: layers, duration: duration, position: position), layers: layers,
                   duration: duration, stagger: stagger, what: kind)
    next.definitions.append(definition)
    next.nextNumber = number + 1
    return next
  }

  /// Appends an instance (and its stagger) after checking what can be checked now.
  private mutating func place(
    _ item: TimelineItem, layers: [String], duration: Double, stagger: TimelineStagger?, what: String
  ) throws(GhostframeError) {
    guard !layers.isEmpty else { throw .invalid("\(what): an instance needs at least one layer") }
    for layer in layers {
      guard !layer.isEmpty else { throw .invalid("\(what): a layer id must not be empty") }
      try Identifier.check(layer, "\(what): layer id")
    }
    guard duration.isFinite, duration >= 0 else {
      throw .invalid("\(what): a duration must be finite and >= 0 (got \(duration))")
    }
    guard layers.count <= Timeline.maximumEntries else {
      throw GhostframeError(.limit, "\(what): more than \(Timeline.maximumEntries) layers")
    }
    let position = try checked(item.position, what)
    positioned = positioned || item.position != nil
    if let stagger {
      do {
        _ = try stagger.offsets(count: layers.count)
      } catch {
        throw GhostframeError(error.code, "\(what): \(error.message)")
      }
      items.append(.stagger(stagger))
    }
    items.append(TimelineItem(item.kind, position: position))
  }

  /// A position parsed, naming only labels added before; nil gives GSAP's default, the end.
  private func checked(_ position: TimelinePosition?, _ what: String) throws(GhostframeError) -> TimelinePosition? {
    guard let position else { return positioned ? .afterEnd(0) : nil }
    let parsed: TimelinePosition
    do {
      parsed = try position.resolved()
    } catch {
      throw GhostframeError(error.code, "\(what): \(error.message)")
    }
    switch parsed {
    case .absolute(let x), .previousStart(let x), .previousEnd(let x), .afterEnd(let x):
      guard x.isFinite else { throw .invalid("\(what): a position must be finite (got \(x))") }
    case .label(let name, let x):
      guard x.isFinite else { throw .invalid("\(what): a position must be finite (got \(x))") }
      guard labels.contains(name) else {
        throw GhostframeError(.notFound, "\(what): no label \(Identifier.quoted(name)) (add it with addLabel first)")
      }
    case .text: break
    }
    return parsed
  }

  private func isTaken(_ name: String) -> Bool { definitions.contains { $0.name == name } }

  /// `item` with its instances' definition names renamed (to ``Timeline/maximumDepth``: a deeper
  /// timeline is refused when scheduled anyway).
  private static func renamed(_ item: TimelineItem, _ renames: [String: String], depth: Int = 0) -> TimelineItem {
    guard depth <= Timeline.maximumDepth else { return item }
    switch item.kind {
    case .instance(var instance):
      instance.definition = renames[instance.definition] ?? instance.definition
      return TimelineItem(.instance(instance), position: item.position, timing: item.timing)
    case .sequence(let items):
      return TimelineItem(.sequence(items.map { renamed($0, renames, depth: depth + 1) }), position: item.position,
                          timing: item.timing)
    case .parallel(let items):
      return TimelineItem(.parallel(items.map { renamed($0, renames, depth: depth + 1) }), position: item.position,
                          timing: item.timing)
    case .delay, .stagger, .label, .call:
      return item
    }
  }
}
