import GhostframeCore
import GhostframeTimeline
import _GhostframeJSON

/// Writes the timeline format (docs/timeline-format.md): whatever it writes,
/// ``TimelineJSONReader`` reads back to an equal timeline.
enum TimelineJSONWriter {
  /// The document for `timeline`, pretty or compact.
  ///
  /// - Throws: `.invalidArgument` for what the reader would refuse; `.limit` past the reader's
  ///   bytes, values or depth (checked while building, so a timeline nested far deeper than the
  ///   reader reads is refused without walking all of it).
  static func text(for timeline: Timeline, pretty: Bool, limits: JSONLimits = .default) throws(GhostframeError) -> String {
    var members: [(String, JSONValue)] = []
    if !timeline.definitions.isEmpty {
      var definitions: [(String, JSONValue)] = []
      var seen: Set<String> = []
      for definition in timeline.definitions {
        guard seen.insert(definition.name).inserted else {
          throw .invalid("the timeline defines \(Identifier.quoted(definition.name)) twice")
        }
        definitions.append((definition.name, try self.definition(definition)))
      }
      members.append(("definitions", .object(JSONObject(definitions))))
    }
    // The root is read as {"sequence": ...} or {"parallel": ...}; anything else schedules the same
    // as the only item of a sequence.
    let root: JSONValue
    switch (timeline.root.kind, timeline.root.position) {
    case (.sequence(let items), nil):
      root = .object(JSONObject([("sequence", try array(items, sequence: true, depth: 2, limits))]
                                + (try self.timing(timeline.root.timing))))
    case (.parallel(let items), nil):
      root = .object(JSONObject([("parallel", try array(items, sequence: false, depth: 2, limits))]
                                + (try self.timing(timeline.root.timing))))
    default: root = .object(JSONObject([("sequence", try array([timeline.root], sequence: true, depth: 2, limits))]))
    }
    members.append(("timeline", root))
    let document = JSONValue.object(JSONObject(members))
    let (values, depth) = SceneJSONWriter.measure(document)
    guard values <= limits.maxElements else {
      throw GhostframeError(.limit, "the timeline's JSON would hold \(values) values; a timeline document is read up "
                            + "to \(limits.maxElements), so it could not be read back")
    }
    guard depth <= limits.effectiveMaxDepth else { throw tooDeep(limits) }
    // Pretty as the scene writer is: arrays of scalars (layer lists, vector changes) on one line.
    let text = pretty ? SceneJSONWriter.prettyText(document) : document.serialized(pretty: false)
    guard text.utf8.count <= limits.maxBytes else {
      throw GhostframeError(.limit, "the timeline's JSON would be more than \(limits.maxBytes) bytes; a timeline "
                            + "document is read up to \(limits.maxBytes) bytes, so it could not be read back")
    }
    return text
  }

  /// `{"curve": SPEC, "changes" | "to" | "from": {...}}` or `{"curve": SPEC, "fromTo": {"from": {...},
  /// "to": {...}}}`, key paths and view properties sorted, as given.
  static func definition(_ definition: TimelineDefinition) throws(GhostframeError) -> JSONValue {
    let body: (String, JSONValue)
    switch definition.values {
    case .by(let changes): body = ("changes", try values(changes))
    case .to(let to): body = ("to", try values(to))
    case .from(let from): body = ("from", try values(from))
    case .fromTo(let from, let to):
      body = ("fromTo", .object(JSONObject([("from", try values(from)), ("to", try values(to))])))
    }
    return .object(JSONObject([("curve", .string(definition.curve.description)), body]))
  }

  /// `{KEY: NUMBER | [NUMBERS]}`, keys sorted: a scalar property's value is one number.
  static func values(_ values: [String: [Double]]) throws(GhostframeError) -> JSONValue {
    var members: [(String, JSONValue)] = []
    for keyPath in values.keys.sorted() {
      let amount = values[keyPath] ?? []
      let width = try TimelineDefinition.valueWidth(ofChange: keyPath)
      // A scalar property's change is one number; the reader takes either form.
      members.append((keyPath, width == 1 && amount.count == 1
                        ? .number(amount[0]) : .array(amount.map(JSONValue.number))))
    }
    return .object(JSONObject(members))
  }

  /// The items of a sequence or parallel at JSON depth `depth` (the array's own level).
  static func array(
    _ items: [TimelineItem], sequence: Bool, depth: Int, _ limits: JSONLimits
  ) throws(GhostframeError) -> JSONValue {
    guard depth <= limits.effectiveMaxDepth else { throw tooDeep(limits) }
    var elements: [JSONValue] = []
    elements.reserveCapacity(items.count)
    for item in items {
      elements.append(try self.item(item, sequence: sequence, depth: depth + 1, limits))
    }
    return .array(elements)
  }

  /// One item (its object at `depth`).
  static func item(
    _ item: TimelineItem, sequence: Bool, depth: Int, _ limits: JSONLimits
  ) throws(GhostframeError) -> JSONValue {
    var members: [(String, JSONValue)]
    switch item.kind {
    case .instance(let instance):
      guard instance.duration.isFinite, instance.duration >= 0 else {
        throw .invalid("\(Identifier.quoted(instance.definition)) needs a finite duration >= 0 "
                       + "(got \(instance.duration))")
      }
      guard !instance.layers.isEmpty else { throw .invalid("\(Identifier.quoted(instance.definition)) has no layers") }
      members = [
        ("anim", .string(instance.definition)), ("layers", .array(instance.layers.map(JSONValue.string))),
        ("duration", .number(instance.duration)),
      ]
    case .delay(let seconds):
      try finite(seconds, "delay")
      members = [("delay", .number(seconds))]
    case .stagger(let stagger):
      members = [("stagger", try self.stagger(stagger))]
    case .label(let name):
      try TimelineJSONReader.checkLabel(name, JSONPath())
      members = [("label", .string(name))]
    case .call(let name):
      guard !name.isEmpty else { throw .invalid("a call needs a name") }
      try Identifier.check(name, "call name")
      members = [("call", .string(name))]
    case .sequence(let items):
      members = [("sequence", try array(items, sequence: true, depth: depth + 1, limits))] + (try timing(item.timing))
    case .parallel(let items):
      members = [("parallel", try array(items, sequence: false, depth: depth + 1, limits))] + (try timing(item.timing))
    }
    switch item.kind {
    case .sequence, .parallel: break
    case .instance, .delay, .stagger, .label, .call:
      guard item.timing == .normal else {
        throw .invalid("repeat, yoyo, repeatDelay and timeScale belong to sequences and parallels")
      }
    }
    if let position = item.position {
      guard sequence else { throw .invalid("a position on an item of a parallel, which the reader refuses") }
      members.append(("position", try self.position(position)))
    }
    return .object(JSONObject(members))
  }

  /// The keys of GSAP's nested-timeline timing that differ from the defaults, in the order
  /// `repeat`, `yoyo`, `repeatDelay`, `timeScale`.
  static func timing(_ timing: TimelineNodeTiming) throws(GhostframeError) -> [(String, JSONValue)] {
    try timing.check()
    var members: [(String, JSONValue)] = []
    if timing.repeat != 0 { members.append(("repeat", .number(Double(timing.repeat)))) }
    if timing.yoyo { members.append(("yoyo", .bool(true))) }
    if timing.repeatDelay != 0 { members.append(("repeatDelay", .number(timing.repeatDelay))) }
    if timing.timeScale != 1 { members.append(("timeScale", .number(timing.timeScale))) }
    return members
  }

  /// A number, or `{"each"|"amount": s, "from": F, "ease": SPEC, "grid": G, "axis": A}` without
  /// default members.
  static func stagger(_ stagger: TimelineStagger) throws(GhostframeError) -> JSONValue {
    func object(
      _ key: String, _ s: Double, _ from: TimelineStagger.Origin, _ ease: Curve, _ grid: TimelineStagger.Grid?,
      _ axis: TimelineStagger.Axis?
    ) throws(GhostframeError) -> JSONValue {
      try finite(s, "stagger \(key)")
      var members: [(String, JSONValue)] = [(key, .number(s))]
      let maximum = UInt(TimelineJSONReader.maximumOriginIndex)
      switch from {
      case .start: break
      case .end: members.append(("from", "end"))
      case .center: members.append(("from", "center"))
      case .edges: members.append(("from", "edges"))
      case .index(let k):
        guard k.magnitude <= maximum else {  // magnitude: abs(Int.min) traps
          throw .invalid("stagger origin index \(k) is beyond ±2^53, which JSON numbers do not hold exactly")
        }
        members.append(("from", .number(Double(k))))
      case .point(let x, let y):
        try finite(x, "stagger origin x")
        try finite(y, "stagger origin y")
        members.append(("from", .array([.number(x), .number(y)])))
      }
      if ease != .linear { members.append(("ease", .string(ease.description))) }
      switch grid {
      case nil: break
      case .auto?: members.append(("grid", "auto"))
      case .size(let rows, let columns)?:
        guard rows >= 1, columns >= 1, UInt(rows) <= maximum, UInt(columns) <= maximum else {
          throw .invalid("stagger grid [\(rows), \(columns)] must hold integers from 1 to 2^53")
        }
        members.append(("grid", .array([.number(Double(rows)), .number(Double(columns))])))
      }
      if let axis { members.append(("axis", .string(axis.rawValue))) }
      return .object(JSONObject(members))
    }
    switch stagger {
    case .offset(let s):
      try finite(s, "stagger")
      return .number(s)
    case .each(let s, let from, let ease, let grid, let axis): return try object("each", s, from, ease, grid, axis)
    case .amount(let a, let from, let ease, let grid, let axis): return try object("amount", a, from, ease, grid, axis)
    }
  }

  /// A number for an absolute position, else GSAP text that parses back to the same position.
  static func position(_ position: TimelinePosition) throws(GhostframeError) -> JSONValue {
    let text: String
    switch position {
    case .absolute(let time):
      try finite(time, "position")
      return .number(time)
    case .previousStart(let offset): text = "<" + (offset == 0 ? "" : JSONText.number(offset))
    case .previousEnd(let offset): text = ">" + (offset == 0 ? "" : JSONText.number(offset))
    case .afterEnd(let offset): text = offset.sign == .minus ? "-=" + JSONText.number(-offset) : "+=" + JSONText.number(offset)
    case .label(let name, let offset): text = name + offsetText(offset)
    case .text(let source): text = source
    }
    if case .text = position {} else {
      try finite(position, text)
    }
    // What the reader will make of it must be what was given.
    let parsed = try TimelinePosition(parsing: text)
    let expected = try position.parsedForWriting()
    guard parsed == expected else {
      throw .invalid("position \(Identifier.quoted(text)) would read back as another position (a label name "
                     + "that reads as a number or contains '+=' or '-=')")
    }
    return .string(text)
  }

  /// A label's offset: "" for 0, "+=x" or "-=x".
  private static func offsetText(_ offset: Double) -> String {
    if offset == 0 { return "" }
    return offset.sign == .minus ? "-=" + JSONText.number(-offset) : "+=" + JSONText.number(offset)
  }

  private static func finite(_ value: Double, _ what: String) throws(GhostframeError) {
    guard value.isFinite else { throw .invalid("\(what) must be finite (got \(value))") }
  }

  private static func finite(_ position: TimelinePosition, _ text: String) throws(GhostframeError) {
    switch position {
    case .previousStart(let x), .previousEnd(let x), .afterEnd(let x), .label(_, let x):
      try finite(x, "position \(Identifier.quoted(text))")
    case .absolute, .text: break
    }
  }

  private static func tooDeep(_ limits: JSONLimits) -> GhostframeError {
    GhostframeError(.limit, "the timeline's JSON would nest deeper than \(limits.effectiveMaxDepth) levels (about "
                    + "\(limits.effectiveMaxDepth / 2 - 2) nested sequences or parallels); a timeline document is read "
                    + "up to \(limits.effectiveMaxDepth), so it could not be read back")
  }
}

extension TimelinePosition {
  /// The position with text parsed (the writer compares what it writes with this).
  fileprivate func parsedForWriting() throws(GhostframeError) -> TimelinePosition {
    if case .text(let text) = self { return try TimelinePosition(parsing: text) }
    return self
  }
}
