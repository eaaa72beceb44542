import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Values: numbers, points, lists, curves, colours and names, each with its JSON path in errors.
extension SceneJSONReader {
  /// The member `key`, or nil when it is absent or `null`.
  static func present(_ object: JSONObjectReader, _ key: String) -> JSONReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key`, or nil when it is absent or `null`.
  @inline(__always)
  static func present(_ object: JSONTapeObjectReader, _ key: StaticString) -> JSONTapeReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key`, or nil when it is absent or `null`.
  @inline(__always)
  static func present(_ object: JSONTapeMembers, _ key: StaticString) -> JSONTapeReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key` (by its ordinal in the object's key set), or nil when it is absent or `null`.
  @inline(__always)
  static func present<Key: RawRepresentable<Int>>(_ object: JSONTapeMembers, _ key: Key) -> JSONTapeReader? {
    guard let reader = object.value(ordinal: key.rawValue), !reader.isNull else { return nil }
    return reader
  }

  /// The member `key` (by its ordinal in the object's key set), which must be present.
  @inline(__always)
  static func required<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key
  ) throws(GhostframeError) -> JSONTapeReader {
    try object.required(ordinal: key.rawValue)
  }

  static func number<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key, default value: Double
  ) throws(GhostframeError) -> Double {
    guard let reader = present(object, key) else { return value }
    return try reader.number()
  }

  static func bool<Key: RawRepresentable<Int>>(
    _ object: JSONTapeMembers, _ key: Key, default value: Bool
  ) throws(GhostframeError) -> Bool {
    guard let reader = present(object, key) else { return value }
    return try reader.bool()
  }

  static func number(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Double
  ) throws(GhostframeError) -> Double {
    guard let reader = present(object, key) else { return value }
    return try reader.number()
  }

  static func bool(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Bool
  ) throws(GhostframeError) -> Bool {
    guard let reader = present(object, key) else { return value }
    return try reader.bool()
  }

  static func point(
    _ object: JSONTapeMembers, _ key: StaticString, default value: Point
  ) throws(GhostframeError) -> Point {
    guard let reader = present(object, key) else { return value }
    return try point(reader)
  }

  /// An array of two numbers as a point.
  static func point(_ reader: JSONTapeReader) throws(GhostframeError) -> Point {
    var point = Point.zero
    var isFirst = true
    try reader.forEachNumber(count: 2) { number in
      if isFirst { point.x = number } else { point.y = number }
      isFirst = false
    }
    return point
  }

  /// An array of any number of numbers.
  static func numberList(_ reader: JSONTapeReader) throws(GhostframeError) -> [Double] {
    var numbers: [Double] = []
    let elements = try reader.array()
    numbers.reserveCapacity(min(elements.count, reservationHint))
    for element in elements {
      numbers.append(try element.number())
    }
    return numbers
  }

  /// A number, or the string `"infinity"`.
  static func numberOrInfinity(_ reader: JSONTapeReader) throws(GhostframeError) -> Double {
    if let number = reader.numberValue { return number }
    if reader.isString("infinity") { return .infinity }
    if let text = reader.stringValue {
      throw .invalid("\(reader.path): expected a number or \"infinity\", found \(MessageText.quoted(text))")
    }
    throw .invalid("\(reader.path): expected a number or \"infinity\", found \(reader.kindDescription)")
  }

  /// A curve spec string.
  ///
  /// Documents repeat a few easings many times, and parsing a spec builds the curve (a
  /// cubic-bezier's solver table), so specs read before are looked up in ``parsedCurves``
  /// first: for a built-in curve `Curve(parsing:)` is a pure function of the text, so the result
  /// is the same value. Host curves are never cached: their name's meaning changes when a host
  /// re-registers or removes it, and a cached one would keep its user data alive.
  static func curve(_ reader: JSONReader) throws(GhostframeError) -> Curve {
    try curve(spec: reader.string(), at: reader.path)
  }

  /// A curve spec string of a scene document, as ``curve(_:)`` reads one, through the read's
  /// `cache` first (the spec's bytes, compared without making a `String`).
  static func curve(_ reader: JSONTapeReader, cache: ReadCache) throws(GhostframeError) -> Curve {
    if let bytes = reader.stringBytes, let known = cache.curve(bytes) { return known }
    let spec = try reader.string()
    let curve = try curve(spec: spec, at: reader.path)
    if curve.hostCurve == nil, let bytes = reader.stringBytes { cache.keep(curve, spec: bytes) }
    return curve
  }

  /// The curve of `spec`, from ``parsedCurves`` when parsed before; errors are prefixed with `path`.
  static func curve(
    spec: String, at path: @autoclosure () -> JSONPath
  ) throws(GhostframeError) -> Curve {
    if let known = parsedCurves.withLock({ $0[spec] }) { return known }
    let curve = try rebasing(at: path()) { () throws(GhostframeError) -> Curve in try Curve(parsing: spec) }
    guard curve.hostCurve == nil else { return curve }
    parsedCurves.withLock { cache in
      if cache.count >= parsedCurveLimit { cache.removeAll(keepingCapacity: true) }
      cache[spec] = curve
    }
    return curve
  }

  /// The curves of specs parsed before, shared by every reader (at most ``parsedCurveLimit``
  /// entries, emptied when full; specs longer than a few hundred bytes are rare).
  static let parsedCurves = PosixLocked<[String: Curve]>([:])
  /// How many specs ``parsedCurves`` holds at most.
  static let parsedCurveLimit = 256

  /// A colour, as ``JSONColor/color(_:)`` reads it.
  static func color(_ reader: JSONTapeReader) throws(GhostframeError) -> Color { try JSONColor.color(reader) }

  /// The names of an enumeration's cases, for ``choice(_:_:_:)``: found by their bytes, with
  /// no `String` made.
  final class Choices<T: RawRepresentable & CaseIterable>: Sendable where T.RawValue == String, T: Sendable {
    /// The raw values, each at its case's place in ``cases``.
    let names: JSONKeySet
    /// The cases, in the order of `allCases`.
    let cases: [T]

    init() {
      cases = Array(T.allCases)
      names = JSONKeySet(ordinals: cases.map { $0.rawValue })
    }
  }

  static let kindChoices = Choices<Kind>()
  static let directionChoices = Choices<PlaybackDirection>()
  static let fillChoices = Choices<FillMode>()
  static let calculationModeChoices = Choices<Keyframes.CalculationMode>()

  /// A string naming one case of `T`, found by its bytes; anything else (another spelling
  /// `T(rawValue:)` accepts, a wrong one, not a string) as ``choice(_:_:as:aliases:)`` reads it.
  static func choice<T>(
    _ reader: JSONTapeReader, _ noun: String, _ choices: Choices<T>
  ) throws(GhostframeError) -> T {
    if let bytes = reader.stringBytes, let ordinal = choices.names.ordinal(of: bytes), ordinal < choices.cases.count {
      return choices.cases[ordinal]
    }
    return try choice(reader, noun, as: T.self)
  }

  /// A string naming one case of `type` (or an alias), with a suggestion when it names none.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ reader: JSONTapeReader, _ noun: String, as type: T.Type, aliases: [String: T] = [:]
  ) throws(GhostframeError) -> T where T.RawValue == String {
    let text = try reader.string()
    if let value = T(rawValue: text) ?? aliases[text] {
      return value
    }
    let names = Set(T.allCases.map(\.rawValue)).union(aliases.keys)
    var message = "\(reader.path): unknown \(noun) \(MessageText.quoted(text))"
    if let suggestion = Suggestion.closest(to: text, among: names) {
      message += " (did you mean \(MessageText.quoted(suggestion))?)"
    } else {
      message += " (expected one of \(names.sorted().map(MessageText.quoted).joined(separator: ", ")))"
    }
    throw .invalid(message)
  }

  /// ` (did you mean 'x'?)` for an unknown layer id, or an empty string.
  static func suggestion(for id: String, among ids: [String: Int]) -> String {
    guard ids.count <= suggestionLayerLimit,
      let suggestion = Suggestion.closest(to: id, among: Set(ids.keys))
    else { return "" }
    return " (did you mean \(MessageText.quoted(suggestion))?)"
  }
}
