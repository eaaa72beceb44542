import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Styles, geometry, colours, names and keys of the view-tree format.
extension ViewTreeJSONReader {
  /// The keys of a `style` object: ``SkeletonStyle``'s property names, with the effect as
  /// `animation` (ARCHITECTURE's name) or `effect` (the property's).
  static let styleKeys: Set<String> = [
    "animation", "effect", "palette", "color", "backgroundColor", "heightCoefficient", "boneHeight", "cornerRadius",
    "useCornerRadius", "lineHeight", "lineSpacing", "lastLineScale", "shimmerDuration", "shimmerSpeed",
    "shimmerDirection", "shimmerSpace", "shimmerColor", "shimmerBrightness", "breatheDuration", "dropDuration",
    "dropColor", "dropStayRatio", "lengthDuration", "longScale", "shortScale", "rightToLeft", "reducedMotion",
    "shimmerHighlightColor", "shimmerHighlightLength", "shimmerPauseDuration", "shimmerAngle", "showDelay",
    "appearDuration", "maxAnimationDuration",
  ]

  /// The keys only the global level (the document's `style`) sets: the skeleton appears as a whole.
  static let globalStyleKeys = ["showDelay", "appearDuration"]

  // MARK: - Style

  /// A `style` object: one level of the cascade, every key optional; ``globalStyleKeys`` only
  /// when `global` (`root.style.showDelay: only the global style sets showDelay ...`).
  static func style(_ reader: JSONReader, global: Bool = false) throws(GhostframeError) -> SkeletonStyle {
    let object = try reader.object()
    try rejectUnknownKeys(object, allowed: styleKeys)
    if !global {
      for key in globalStyleKeys where present(object, key) != nil {
        throw .invalid(
          "\(object.path.appending(key: key)): only the global style sets \(key) (the skeleton appears as a whole)")
      }
    }
    var style = SkeletonStyle()
    if present(object, "animation") != nil && present(object, "effect") != nil {
      let later = object.keys.last { $0 == "animation" || $0 == "effect" } ?? "effect"
      throw .invalid(
        "\(object.path.appending(key: later)): 'animation' and 'effect' name the same setting; give only one")
    }
    if let r = present(object, "animation") ?? present(object, "effect") {
      let name = try r.string()
      if name.contains(".") {
        // A host effect (HostEffect), looked up when the skeleton is generated.
        do {
          try HostRegistry<HostEffect>.checkName(name)
        } catch {
          throw .invalid("\(r.path): \(error.message)")
        }
        style.hostEffect = name
      } else {
        style.effect = try choice(r, "animation", as: SkeletonStyle.Effect.self)
      }
    }
    if let r = present(object, "palette") { style.palette = try choice(r, "palette", as: SkeletonStyle.Palette.self) }
    if let r = present(object, "color") { style.color = try color(r) }
    if let r = present(object, "backgroundColor") { style.backgroundColor = try color(r) }
    if let r = present(object, "heightCoefficient") { style.heightCoefficient = try nonNegative(r, "number") }
    if let r = present(object, "boneHeight") { style.boneHeight = try nonNegative(r, "height") }
    if let r = present(object, "cornerRadius") { style.cornerRadius = try nonNegative(r, "corner radius") }
    if let r = present(object, "useCornerRadius") { style.useCornerRadius = try r.bool() }
    if let r = present(object, "lineHeight") { style.lineHeight = try nonNegative(r, "height") }
    if let r = present(object, "lineSpacing") { style.lineSpacing = try nonNegative(r, "spacing") }
    if let r = present(object, "lastLineScale") { style.lastLineScale = try nonNegative(r, "scale") }
    if let r = present(object, "shimmerDuration") { style.shimmerDuration = try positive(r, "duration") }
    if let r = present(object, "shimmerSpeed") { style.shimmerSpeed = try positive(r, "speed") }
    if let r = present(object, "shimmerDirection") {
      style.shimmerDirection = try choice(r, "direction", as: SkeletonStyle.Direction.self)
    }
    if let r = present(object, "shimmerSpace") {
      style.shimmerSpace = try choice(r, "shimmer space", as: SkeletonStyle.ShimmerSpace.self)
    }
    if let r = present(object, "shimmerColor") { style.shimmerColor = try shimmerColor(r) }
    if let r = present(object, "shimmerBrightness") { style.shimmerBrightness = try nonNegative(r, "number") }
    if let r = present(object, "shimmerHighlightColor") { style.shimmerHighlightColor = try color(r) }
    if let r = present(object, "shimmerHighlightLength") { style.shimmerHighlightLength = try openFraction(r) }
    if let r = present(object, "shimmerPauseDuration") { style.shimmerPauseDuration = try nonNegative(r, "duration") }
    if let r = present(object, "shimmerAngle") { style.shimmerAngle = try r.number() }
    if let r = present(object, "breatheDuration") { style.breatheDuration = try positive(r, "duration") }
    if let r = present(object, "dropDuration") { style.dropDuration = try positive(r, "duration") }
    if let r = present(object, "dropColor") { style.dropColor = try color(r) }
    if let r = present(object, "dropStayRatio") { style.dropStayRatio = try fraction(r) }
    if let r = present(object, "lengthDuration") { style.lengthDuration = try positive(r, "duration") }
    if let r = present(object, "longScale") { style.longScale = try nonNegative(r, "scale") }
    if let r = present(object, "shortScale") { style.shortScale = try nonNegative(r, "scale") }
    if let r = present(object, "rightToLeft") { style.rightToLeft = try r.bool() }
    if let r = present(object, "reducedMotion") {
      style.reducedMotion = try choice(r, "reduced-motion mode", as: SkeletonStyle.ReducedMotion.self)
    }
    if let r = present(object, "showDelay") { style.showDelay = try nonNegative(r, "delay") }
    if let r = present(object, "appearDuration") { style.appearDuration = try nonNegative(r, "duration") }
    if let r = present(object, "maxAnimationDuration") { style.maxAnimationDuration = try positive(r, "duration") }
    return style
  }

  /// A shimmer's base: a colour, or `"bone"` for each bone's own colour.
  static func shimmerColor(_ reader: JSONReader) throws(GhostframeError) -> SkeletonStyle.ShimmerColor {
    let expected = JSONColor.expected + #" or "bone""#
    switch reader.value {
    case .string("bone"):
      return .bone
    case .string(let text) where Color(css: text) == nil:
      let hint = Suggestion.closest(to: text, among: ["bone"]).map { " (did you mean '\($0)'?)" }
        ?? Color.suggestion(for: text)
      throw .invalid("\(reader.path): \(expected), found \(MessageText.quoted(text))\(hint)")
    case .string, .array:
      return .color(try color(reader))
    default:
      throw .invalid("\(reader.path): \(expected), found \(reader.value.kindDescription)")
    }
  }

  // MARK: - Geometry

  /// `[x, y, width, height]`, the size not negative.
  static func rect(_ reader: JSONReader) throws(GhostframeError) -> Rect {
    let numbers = try reader.numbers(count: 4)
    try checkNotNegative(numbers[2], "width", at: reader.path.appending(index: 2))
    try checkNotNegative(numbers[3], "height", at: reader.path.appending(index: 3))
    return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
  }

  /// `[width, height]`: not negative, or with `positive` greater than 0.
  static func size(_ reader: JSONReader, positive: Bool) throws(GhostframeError) -> Size {
    let numbers = try reader.numbers(count: 2)
    for (index, noun) in ["width", "height"].enumerated() {
      if positive {
        try checkPositive(numbers[index], noun, at: reader.path.appending(index: index))
      } else {
        try checkNotNegative(numbers[index], noun, at: reader.path.appending(index: index))
      }
    }
    return Size(width: numbers[0], height: numbers[1])
  }

  /// A number for every one of `names`, or an array with one number per name (in that order);
  /// none negative. `noun` names the numbers in messages (`expected a top inset >= 0`).
  static func uniformOrList(_ reader: JSONReader, names: [String], noun: String) throws(GhostframeError) -> [Double] {
    let form = "a number or [\(names.joined(separator: ", "))]"
    switch reader.value {
    case .number:
      return Array(repeating: try nonNegative(reader, noun), count: names.count)
    case .array(let elements):
      guard elements.count == names.count else {
        throw .invalid("\(reader.path): expected \(form), found an array of \(elements.count)")
      }
      var numbers: [Double] = []
      for (element, name) in zip(try reader.array(), names) {
        numbers.append(try nonNegative(element, "\(name) \(noun)"))
      }
      return numbers
    default:
      throw .invalid("\(reader.path): expected \(form), found \(reader.value.kindDescription)")
    }
  }

  // MARK: - Numbers

  /// A number >= 0; `noun` names it in the message (`expected a width >= 0, found -5`).
  static func nonNegative(_ reader: JSONReader, _ noun: String) throws(GhostframeError) -> Double {
    let number = try reader.number()
    try checkNotNegative(number, noun, at: reader.path)
    return number
  }

  /// A number > 0.
  static func positive(_ reader: JSONReader, _ noun: String) throws(GhostframeError) -> Double {
    let number = try reader.number()
    try checkPositive(number, noun, at: reader.path)
    return number
  }

  /// A number in [0, 1].
  static func fraction(_ reader: JSONReader) throws(GhostframeError) -> Double {
    let number = try reader.number()
    guard number >= 0 && number <= 1 else {
      throw .invalid("\(reader.path): expected a number in [0, 1], found \(JSONText.number(number))")
    }
    return number
  }

  /// A number strictly between 0 and 1.
  static func openFraction(_ reader: JSONReader) throws(GhostframeError) -> Double {
    let number = try reader.number()
    guard number > 0 && number < 1 else {
      throw .invalid("\(reader.path): expected a number in (0, 1), found \(JSONText.number(number))")
    }
    return number
  }

  /// Throws unless `number` >= 0, naming `path`: made only for the message, since most numbers
  /// pass and a path step is an allocation.
  private static func checkNotNegative(
    _ number: Double, _ noun: String, at path: @autoclosure () -> JSONPath
  ) throws(GhostframeError) {
    guard number >= 0 else {
      throw .invalid("\(path()): expected \(article(noun)) >= 0, found \(JSONText.number(number))")
    }
  }

  /// Throws unless `number` > 0, naming `path` (made only for the message).
  private static func checkPositive(
    _ number: Double, _ noun: String, at path: @autoclosure () -> JSONPath
  ) throws(GhostframeError) {
    guard number > 0 else {
      throw .invalid("\(path()): expected \(article(noun)) > 0, found \(JSONText.number(number))")
    }
  }

  /// `a width`, `an item`.
  private static func article(_ noun: String) -> String {
    guard let first = noun.first else { return noun }
    return ("aeiou".contains(first) ? "an " : "a ") + noun
  }

  // MARK: - Colours

  /// A colour, as ``JSONColor/color(_:)`` reads it.
  static func color(_ reader: JSONReader) throws(GhostframeError) -> Color { try JSONColor.color(reader) }

  /// Colour text, as ``JSONColor/hexColor(_:)`` reads it (hex or a CSS name).
  static func hexColor(_ text: String) -> Color? { JSONColor.hexColor(text) }

  // MARK: - Names and keys

  /// A string naming one case of `type`: `unknown type 'lable' (did you mean 'label'?); expected
  /// one of 'view', 'label', ...` otherwise (the cases in declaration order).
  static func choice<T: RawRepresentable & CaseIterable>(
    _ reader: JSONReader, _ noun: String, as type: T.Type
  ) throws(GhostframeError) -> T where T.RawValue == String {
    let text = try reader.string()
    if let value = T(rawValue: text) { return value }
    let names = T.allCases.map(\.rawValue)
    var message = "\(reader.path): unknown \(noun) \(MessageText.quoted(text))"
    if let suggestion = Suggestion.closest(to: text, among: Set(names)) {
      message += " (did you mean \(MessageText.quoted(suggestion))?)"
    }
    message += "; expected one of " + names.map(MessageText.quoted).joined(separator: ", ")
    throw .invalid(message)
  }

  /// The member `key`, or nil when it is absent or `null` (so that hosts may write `null` for
  /// "not set").
  static func present(_ object: JSONObjectReader, _ key: String) -> JSONReader? {
    guard let reader = object.optional(key), !reader.isNull else { return nil }
    return reader
  }

  /// Whether `keys` holds `key`, comparing code unit by code unit as JSON objects do.
  static func contains(_ keys: Set<String>, _ key: String) -> Bool {
    keys.contains { $0.utf8.elementsEqual(key.utf8) }
  }

  /// ``JSONObjectReader/rejectUnknownKeys(allowed:)`` with the reader's wording, but naming the
  /// member itself: `root.children[3].fram: unknown key 'fram' (did you mean 'frame'?)`.
  static func rejectUnknownKeys(_ object: JSONObjectReader, allowed: Set<String>) throws(GhostframeError) {
    do {
      try object.rejectUnknownKeys(allowed: allowed)
    } catch {
      let prefix = "\(object.path): "
      guard let key = object.keys.first(where: { !contains(allowed, $0) }), error.message.hasPrefix(prefix) else {
        throw error
      }
      throw GhostframeError(error.code, "\(object.path.appending(key: key)): \(error.message.dropFirst(prefix.count))")
    }
  }
}
