import GhostframeCore
import GhostframeTimeline
import _GhostframeJSON

/// Reads the timeline format (docs/timeline-format.md) from a parsed JSON document.
///
/// Every error names the JSON path of the problem. What can be checked without the registry is
/// checked here (shapes, durations, layer lists, key paths, curves, positions and the labels they
/// name); unknown definition names and a timeline that would start before 0 are found when the
/// timeline is scheduled.
enum TimelineJSONReader {
  /// The kinds of item, each named by the key that holds its value.
  enum Kind: String, CaseIterable {
    case anim, delay, stagger, label, sequence, parallel, call
  }

  static let documentKeys: Set<String> = ["definitions", "timeline"]
  static let definitionKeys: Set<String> = ["curve", "changes", "to", "from", "fromTo"]
  /// The keys that say what a definition does; exactly one is given.
  static let valueKeys = ["changes", "to", "from", "fromTo"]
  /// GSAP's nested-timeline keys, on the root and on any sequence or parallel.
  static let timingKeys: Set<String> = ["repeat", "yoyo", "repeatDelay", "timeScale"]
  static let rootKeys: Set<String> = Set(["sequence", "parallel"]).union(timingKeys)
  static let staggerKeys: Set<String> = ["each", "amount", "from", "ease", "grid", "axis"]
  static let kindKeys = Set(Kind.allCases.map(\.rawValue))
  /// The named stagger origins (an integer names a layer index instead).
  static let origins: [String: TimelineStagger.Origin] = [
    "start": .start, "end": .end, "center": .center, "edges": .edges,
  ]
  /// The largest stagger origin index magnitude and grid dimension: integers up to 2^53 are
  /// exact doubles.
  static let maximumOriginIndex = TimelineStagger.maximumIndex

  /// The keys an item of `kind` may have.
  static func itemKeys(_ kind: Kind) -> Set<String> {
    switch kind {
    case .anim: return ["anim", "layers", "duration", "position"]
    case .sequence, .parallel: return Set([kind.rawValue, "position"]).union(timingKeys)
    case .delay, .stagger, .label, .call: return [kind.rawValue, "position"]
    }
  }

  // MARK: - Document

  /// The timeline a document describes.
  static func timeline(from document: JSONReader, registry: TimelineRegistry) throws(GhostframeError) -> Timeline {
    var entries = 0
    let root = try document.object()
    try root.rejectUnknownKeys(allowed: documentKeys)
    var definitions: [TimelineDefinition] = []
    if let reader = SceneJSONReader.present(root, "definitions") {
      let members = try reader.object()
      for name in members.keys {
        definitions.append(try definition(name, members.required(name)))
      }
    }
    let node = try root.required("timeline").object()
    try node.rejectUnknownKeys(allowed: rootKeys)
    let item: TimelineItem
    let timing = try self.timing(node)
    switch (node.optional("sequence"), node.optional("parallel")) {
    case (let items?, nil): item = .sequence(try self.items(items, inSequence: true, entries: &entries), timing: timing)
    case (nil, let items?): item = .parallel(try self.items(items, inSequence: false, entries: &entries), timing: timing)
    case (_?, _?): throw .invalid("\(node.path): give \"sequence\" or \"parallel\", not both")
    case (nil, nil): throw .invalid("\(node.path): missing \"sequence\" or \"parallel\"")
    }
    return Timeline(root: item, definitions: definitions, registry: registry)
  }

  // MARK: - Definitions

  /// One definition: `{"curve": SPEC, "changes" | "to" | "from": {KEYPATH: NUMBER | [NUMBERS]}}`
  /// or `{"curve": SPEC, "fromTo": {"from": {...}, "to": {...}}}`.
  static func definition(_ name: String, _ reader: JSONReader) throws(GhostframeError) -> TimelineDefinition {
    let object = try reader.object()
    try object.rejectUnknownKeys(allowed: definitionKeys)
    let curve = try SceneJSONReader.present(object, "curve").map(SceneJSONReader.curve) ?? .linear
    let given = valueKeys.filter { SceneJSONReader.present(object, $0) != nil }
    guard given.count == 1, let key = given.first, let valuesReader = SceneJSONReader.present(object, key) else {
      let names = valueKeys.map(MessageText.quoted).joined(separator: ", ")
      throw .invalid(given.isEmpty ? "\(reader.path): a definition needs one of \(names)"
                     : "\(reader.path): a definition gives one of \(names), not \(given.map(MessageText.quoted).joined(separator: " and "))")
    }
    let values: TimelineDefinition.Values
    switch key {
    case "to": values = .to(try changes(valuesReader))
    case "from": values = .from(try changes(valuesReader))
    case "fromTo":
      let pair = try valuesReader.object()
      try pair.rejectUnknownKeys(allowed: ["from", "to"])
      values = .fromTo(from: try changes(pair.required("from")), to: try changes(pair.required("to")))
    default: values = .by(try changes(valuesReader))
    }
    return try SceneJSONReader.rebasing(reader.path) { () throws(GhostframeError) -> TimelineDefinition in
      try TimelineDefinition(name: name, curve: curve, values: values)
    }
  }

  /// What a change may name, for suggestions: the scene's key paths and Anim's view properties.
  static let changeNames = SceneJSONReader.knownKeyPaths.union(TimelineViewProperty.names)

  /// A definition's changes: `{KEYPATH | VIEWPROPERTY: NUMBER | [NUMBERS]}`, each name checked here
  /// so the message names its place and suggests a spelling.
  static func changes(_ reader: JSONReader) throws(GhostframeError) -> [String: [Double]] {
    let members = try reader.object()
    var changes: [String: [Double]] = [:]
    for keyPath in members.keys {
      let value = try members.required(keyPath)
      var amount: [Double] = []
      if case .array = value.value {
        for element in try value.array() { amount.append(try element.number()) }
      } else {
        guard case .number(let number) = value.value else {
          throw .invalid("\(value.path): expected a number or an array of numbers, found \(value.value.kindDescription)")
        }
        amount = [number]
      }
      do throws(GhostframeError) {
        _ = try TimelineDefinition.resolve(keyPath, amount)
      } catch {
        var message = "\(value.path): \(error.message)"
        if error.code == .notFound, let close = Suggestion.closest(to: keyPath, among: changeNames) {
          message += " (did you mean \(MessageText.quoted(close))?)"
        }
        throw GhostframeError(error.code, message)
      }
      changes[keyPath] = amount
    }
    return changes
  }

  // MARK: - Items

  /// The items of a sequence or parallel. Labels are checked as a sequence sees them: a position
  /// may name only a label an earlier item of the same sequence defined.
  /// `entries` counts the layers of every instance read so far, refused past
  /// ``/GhostframeTimeline/Timeline/maximumEntries`` before more is built.
  static func items(
    _ reader: JSONReader, inSequence: Bool, entries: inout Int
  ) throws(GhostframeError) -> [TimelineItem] {
    let elements = try reader.array()
    var items: [TimelineItem] = []
    items.reserveCapacity(elements.count)
    var labels: Set<String> = []
    for element in elements {
      items.append(try item(element, inSequence: inSequence, labels: &labels, entries: &entries))
    }
    return items
  }

  /// One item.
  static func item(
    _ reader: JSONReader, inSequence: Bool, labels: inout Set<String>, entries: inout Int
  ) throws(GhostframeError) -> TimelineItem {
    let object = try reader.object()
    let kinds = object.keys.compactMap(Kind.init(rawValue:))
    guard let kind = kinds.first else {
      // The first key that names no kind, with a suggestion, else the list of kinds.
      try object.rejectUnknownKeys(allowed: kindKeys.union(["position", "layers", "duration"]))
      throw .invalid("\(object.path): an item needs one of "
                     + Kind.allCases.map { MessageText.quoted($0.rawValue) }.joined(separator: ", "))
    }
    guard kinds.count == 1 else {
      throw .invalid("\(object.path): an item is one of \(MessageText.quoted(kinds[0].rawValue)) or "
                     + "\(MessageText.quoted(kinds[1].rawValue)), not both")
    }
    try object.rejectUnknownKeys(allowed: itemKeys(kind))
    let positionReader = SceneJSONReader.present(object, "position")
    if let positionReader {
      guard inSequence else {
        throw .invalid("\(positionReader.path): positions place items within a sequence; "
                       + "a parallel starts every item together")
      }
      guard kind != .delay && kind != .stagger else {
        throw .invalid("\(positionReader.path): a \(kind.rawValue) takes no position "
                       + "(only instances, nested nodes and labels do)")
      }
    }
    let position = try positionReader.map { (reader) throws(GhostframeError) in try self.position(reader, labels) }
    let value = try object.required(kind.rawValue)
    switch kind {
    case .anim:
      let name = try value.string()
      guard !name.isEmpty else { throw .invalid("\(value.path): a definition name must not be empty") }
      try SceneJSONReader.rebasing(value.path) { () throws(GhostframeError) in try Identifier.check(name, "name") }
      let layersReader = try object.required("layers")
      if case .array(let elements) = layersReader.value, elements.count > Timeline.maximumEntries - entries {
        throw GhostframeError(.limit, "\(layersReader.path): the timeline has more than \(Timeline.maximumEntries) "
                              + "entries (instances × layers)")
      }
      var layers: [String] = []
      for element in try layersReader.array() {
        let id = try element.string()
        guard !id.isEmpty else { throw .invalid("\(element.path): a layer id must not be empty") }
        try SceneJSONReader.rebasing(element.path) { () throws(GhostframeError) in try Identifier.check(id, "layer id") }
        layers.append(id)
      }
      guard !layers.isEmpty else { throw .invalid("\(layersReader.path): an instance needs at least one layer") }
      entries += layers.count
      let durationReader = try object.required("duration")
      let duration = try durationReader.number()
      guard duration >= 0 else {
        throw .invalid("\(durationReader.path): a duration must be >= 0 (got \(JSONText.number(duration)))")
      }
      return .anim(name, layers: layers, duration: duration, position: position)
    case .delay:
      return .delay(try value.number())
    case .call:
      let name = try value.string()
      guard !name.isEmpty else { throw .invalid("\(value.path): a call needs a name") }
      try SceneJSONReader.rebasing(value.path) { () throws(GhostframeError) in try Identifier.check(name, "call name") }
      return .call(name, position: position)
    case .stagger:
      return .stagger(try stagger(value))
    case .label:
      guard inSequence else { throw .invalid("\(value.path): labels belong to sequences, not parallels") }
      let name = try value.string()
      try checkLabel(name, value.path)
      // Marked after its own position is resolved: "a": {"label": "a", "position": "a+=1"} names the earlier one.
      labels.insert(name)
      return .label(name, position: position)
    case .sequence:
      let timing = try self.timing(object)
      return .sequence(try items(value, inSequence: true, entries: &entries), position: position, timing: timing)
    case .parallel:
      let timing = try self.timing(object)
      return .parallel(try items(value, inSequence: false, entries: &entries), position: position, timing: timing)
    }
  }

  /// GSAP's `repeat` (-1 for ever), `yoyo`, `repeatDelay` (>= 0) and `timeScale` (> 0) of the
  /// root or a sequence or parallel; absent keys keep the defaults.
  static func timing(_ object: JSONObjectReader) throws(GhostframeError) -> TimelineNodeTiming {
    var timing = TimelineNodeTiming.normal
    if let reader = SceneJSONReader.present(object, "repeat") {
      timing.repeat = try reader.int(in: TimelineNodeTiming.forever...TimelineNodeTiming.maximumRepeat)
    }
    if let reader = SceneJSONReader.present(object, "yoyo") { timing.yoyo = try reader.bool() }
    if let reader = SceneJSONReader.present(object, "repeatDelay") {
      timing.repeatDelay = try reader.number()
      guard timing.repeatDelay >= 0 else {
        throw .invalid("\(reader.path): repeatDelay must be >= 0 (got \(JSONText.number(timing.repeatDelay)))")
      }
    }
    if let reader = SceneJSONReader.present(object, "timeScale") {
      timing.timeScale = try reader.number()
      guard timing.timeScale > 0 else {
        throw .invalid("\(reader.path): timeScale must be > 0 (got \(JSONText.number(timing.timeScale)))")
      }
    }
    return timing
  }

  /// A stagger: a number (Anim's index offset) or
  /// `{"each"|"amount": s, "from": F, "ease": SPEC, "grid": G, "axis": A}` (GSAP's distribution).
  static func stagger(_ reader: JSONReader) throws(GhostframeError) -> TimelineStagger {
    if case .number(let seconds) = reader.value { return .offset(seconds) }
    guard case .object = reader.value else {
      throw .invalid("\(reader.path): expected a number or an object, found \(reader.value.kindDescription)")
    }
    let object = try reader.object()
    try object.rejectUnknownKeys(allowed: staggerKeys)
    var from = TimelineStagger.Origin.start
    if let fromReader = SceneJSONReader.present(object, "from") {
      from = try origin(fromReader)
    }
    let ease = try SceneJSONReader.present(object, "ease").map(SceneJSONReader.curve) ?? .linear
    let grid = try SceneJSONReader.present(object, "grid").map(grid)
    var axis: TimelineStagger.Axis?
    if let axisReader = SceneJSONReader.present(object, "axis") {
      let name = try axisReader.string()
      guard let found = TimelineStagger.Axis(rawValue: name) else {
        throw .invalid("\(axisReader.path): unknown stagger axis \(MessageText.quoted(name)) (expected \"x\" or \"y\")")
      }
      axis = found
    }
    switch (SceneJSONReader.present(object, "each"), SceneJSONReader.present(object, "amount")) {
    case (let each?, nil): return .each(try each.number(), from: from, ease: ease, grid: grid, axis: axis)
    case (nil, let amount?): return .amount(try amount.number(), from: from, ease: ease, grid: grid, axis: axis)
    case (_?, _?): throw .invalid("\(object.path): give \"each\" or \"amount\", not both")
    case (nil, nil): throw .invalid("\(object.path): missing \"each\" or \"amount\"")
    }
  }

  /// A stagger's `from`: an origin name, a layer index, or GSAP's `[x, y]` ratios.
  static func origin(_ reader: JSONReader) throws(GhostframeError) -> TimelineStagger.Origin {
    switch reader.value {
    case .number:
      return .index(try reader.int(in: -maximumOriginIndex...maximumOriginIndex))
    case .string(let name):
      guard let origin = origins[name] else {
        var message = "\(reader.path): unknown stagger origin \(MessageText.quoted(name))"
        if let close = Suggestion.closest(to: name, among: Set(origins.keys)) {
          message += " (did you mean \(MessageText.quoted(close))?)"
        } else {
          message += " (expected \"start\", \"end\", \"center\", \"edges\", a layer index or [x, y])"
        }
        throw .invalid(message)
      }
      return origin
    case .array:
      let point = try reader.numbers(count: 2)
      return .point(x: point[0], y: point[1])
    default:
      throw .invalid("\(reader.path): expected a string, an integer or [x, y], found \(reader.value.kindDescription)")
    }
  }

  /// A stagger's `grid`: `"auto"` or `[rows, columns]`, each an integer from 1 to 2^53.
  static func grid(_ reader: JSONReader) throws(GhostframeError) -> TimelineStagger.Grid {
    if case .string(let text) = reader.value {
      guard text == "auto" else {
        throw .invalid("\(reader.path): expected \"auto\" or [rows, columns], found \(MessageText.quoted(text))")
      }
      return .auto
    }
    guard case .array(let elements) = reader.value, elements.count == 2 else {
      throw .invalid("\(reader.path): expected \"auto\" or [rows, columns], found \(reader.value.kindDescription)")
    }
    let dimensions = try reader.array()
    var values: [Int] = []
    for element in dimensions { values.append(try element.int(in: 1...maximumOriginIndex)) }
    return .size(rows: values[0], columns: values[1])
  }

  /// A position: a number (absolute) or GSAP text, whose label (if any) must be one of `labels`.
  static func position(_ reader: JSONReader, _ labels: Set<String>) throws(GhostframeError) -> TimelinePosition {
    let position: TimelinePosition
    switch reader.value {
    case .number(let time): position = .absolute(time)
    case .string(let text):
      position = try SceneJSONReader.rebasing(reader.path) { () throws(GhostframeError) in
        try TimelinePosition(parsing: text)
      }
    default:
      throw .invalid("\(reader.path): expected a number or a string, found \(reader.value.kindDescription)")
    }
    if case .label(let name, _) = position, !labels.contains(name) {
      var message = "\(reader.path): no label \(MessageText.quoted(name)) in this sequence "
        + "(labels belong to their sequence and must come before their use)"
      if let close = Suggestion.closest(to: name, among: labels) { message += " (did you mean \(MessageText.quoted(close))?)" }
      throw GhostframeError(.notFound, message)
    }
    return position
  }

  /// A label name must be one a position can name: not empty, no NUL, not a number or GSAP form.
  static func checkLabel(_ name: String, _ path: JSONPath) throws(GhostframeError) {
    guard !name.isEmpty else { throw .invalid("\(path): a label needs a name") }
    try SceneJSONReader.rebasing(path) { () throws(GhostframeError) in try Identifier.check(name, "label") }
    guard case .label(let parsed, 0)? = try? TimelinePosition(parsing: name), parsed == name else {
      throw .invalid("\(path): label \(MessageText.quoted(name)) reads as a position, not a label name")
    }
  }
}
