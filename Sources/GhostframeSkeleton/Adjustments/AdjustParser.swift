import GhostframeCore

/// A recursive-descent parser for one line of TABAnimated's chain syntax (docs/adjust-syntax.md).
///
/// Works on Unicode scalars; columns in messages are 1-based scalar positions. Syntax errors
/// throw `.parse`, values no bone accepts `.invalidArgument`, oversized lines `.limit`; every
/// message starts with `adjust[line], column c: `.
struct AdjustParser {
  /// One argument as written: a bare token (number, colour, name) or a quoted string.
  struct Argument {
    var text: String
    var isQuoted: Bool
    var column: Int
  }

  /// The index of the line in the program.
  let line: Int
  private let scalars: [Unicode.Scalar]
  private var position = 0

  /// Prepares to parse `text`, line `number` of a program.
  ///
  /// - Throws: `.limit` if the line has more than ``AdjustmentList/maxLineLength`` scalars.
  init(_ text: String, number: Int) throws(GhostframeError) {
    line = number
    var count = 0
    for _ in text.unicodeScalars {
      count += 1
      guard count <= AdjustmentList.maxLineLength else {
        throw GhostframeError(
          .limit, "adjust[\(number)] is longer than \(AdjustmentList.maxLineLength) characters")
      }
    }
    scalars = Array(text.unicodeScalars)
  }

  // MARK: - Names

  /// The selectors, with TABAnimated's aliases.
  static let selectorNames: Set<String> = [
    "animation", "animations", "animationsWithIndexs", "named", "animationN", "animationWithName", "create",
    "createNamed", "createN", "backgroundComponent",
  ]

  /// Every modifier the text accepts, aliases and `_offset` forms included.
  static let modifierNames: Set<String> = {
    var names: Set<String> = [
      "left", "right", "up", "down", "x", "y", "x_offset", "y_offset", "width", "height", "reducedWidth",
      "reducedHeight", "reducedWidth_vertical", "reducedHeight_horizontal", "radius", "reducedRadius",
      "line", "lines", "lineWithMode", "space", "lastLineScale", "lastScale", "targetLineScale", "targetLineWidth",
      "targetLineHeight", "targetLineSpace", "rangeLineWidth", "rangeLineHeight", "rangeLineSpace",
      "remove", "removeContents", "cancelAlignCenter", "color", "gradient", "withoutAnimation", "penetrate",
      "removeShadow", "placeholder", "toLongAnimation", "toShortAnimation", "dropIndex", "dropFromIndex", "removeOnDrop", "dropStayTime",
    ]
    for relation in Adjustment.Relation.allCases {
      names.insert(relation.rawValue)
      names.insert(relation.rawValue + "_offset")
    }
    return names
  }()

  /// Names TABAnimated declares but never implemented.
  static let tabNoOps: Set<String> = ["verticalCenterOffset", "horizontalCenterOffset"]

  // MARK: - Grammar

  /// Parses the line: chains separated by `;`, then an optional `//` comment.
  mutating func parseLine() throws(GhostframeError) -> [AdjustmentChain] {
    var chains: [AdjustmentChain] = []
    while true {
      skipWhitespace()
      if isAtEndOrComment { return chains }
      if peek == ";" {
        position += 1
        continue
      }
      chains.append(try chain())
      skipWhitespace()
      if isAtEndOrComment { return chains }
      if peek == ";" {
        position += 1
        continue
      }
      throw error(.parse, "expected '.', ';' or the end of the line, found \(found())")
    }
  }

  /// selector { "." modifier }
  private mutating func chain() throws(GhostframeError) -> AdjustmentChain {
    let selectorColumn = column
    guard let name = identifier() else {
      throw error(.parse, "expected a selector such as animation(i) or named(id), found \(found())")
    }
    try checkSelectorName(name, column: selectorColumn)
    // TABAnimated's backgroundComponent is a property: the parentheses are optional.
    skipWhitespace()
    let selectorArguments = name == "backgroundComponent" && peek != "(" ? [] : try arguments(after: name)
    var chain = AdjustmentChain(
      selector: try selector(name, selectorArguments, column: selectorColumn), adjustments: [])
    var columns: [Int] = []
    while true {
      skipWhitespace()
      guard peek == "." else { break }
      position += 1
      skipWhitespace()
      let modifierColumn = column
      guard let modifier = identifier() else {
        throw error(.parse, "expected a modifier name after '.', found \(found())")
      }
      try checkModifierName(modifier, column: modifierColumn)
      let modifierArguments = try arguments(after: modifier)
      chain.adjustments.append(try adjustment(modifier, modifierArguments, column: modifierColumn))
      columns.append(modifierColumn)
    }
    chain.source = AdjustmentChain.Source(line: line, selectorColumn: selectorColumn, modifierColumns: columns)
    return chain
  }

  private func checkSelectorName(_ name: String, column: Int) throws(GhostframeError) {
    if Self.selectorNames.contains(name) { return }
    if Self.modifierNames.contains(name) {
      throw error(
        .parse, "'\(name)' is a modifier; a chain starts with a selector such as animation(i) or named(id)",
        at: column)
    }
    let hint = Suggestion.closest(to: name, among: Self.selectorNames).map { " (did you mean '\($0)'?)" } ?? ""
    throw error(.parse, "unknown selector '\(Self.clip(name))'\(hint)", at: column)
  }

  private func checkModifierName(_ name: String, column: Int) throws(GhostframeError) {
    if Self.modifierNames.contains(name) { return }
    if Self.tabNoOps.contains(name) {
      throw error(.parse, "unknown modifier '\(name)' (a no-op in TABAnimated)", at: column)
    }
    if Self.selectorNames.contains(name) {
      throw error(
        .parse, "'\(name)' is a selector, not a modifier; start another chain with ';' or a new line", at: column)
    }
    let hint = Suggestion.closest(to: name, among: Self.modifierNames).map { " (did you mean '\($0)'?)" } ?? ""
    throw error(.parse, "unknown modifier '\(Self.clip(name))'\(hint)", at: column)
  }

  /// "(" [ argument { "," argument } ] ")"
  private mutating func arguments(after name: String) throws(GhostframeError) -> [Argument] {
    skipWhitespace()
    guard peek == "(" else {
      throw error(.parse, "expected '(' after '\(name)', found \(found())")
    }
    position += 1
    skipWhitespace()
    var arguments: [Argument] = []
    if peek == ")" {
      position += 1
      return arguments
    }
    while true {
      skipWhitespace()
      arguments.append(try argument())
      skipWhitespace()
      switch peek {
      case ",":
        position += 1
      case ")":
        position += 1
        return arguments
      case nil:
        throw error(.parse, "expected ')', found end of line")
      default:
        throw error(.parse, "expected ',' or ')', found \(found())")
      }
    }
  }

  /// A quoted string or a bare token (anything up to whitespace or a delimiter).
  private mutating func argument() throws(GhostframeError) -> Argument {
    let start = column
    if peek == "\"" {
      position += 1
      var text = String.UnicodeScalarView()
      while true {
        guard let scalar = peek else {
          throw error(.parse, "unterminated string", at: start)
        }
        position += 1
        if scalar == "\"" { break }
        if scalar == "\\" {
          guard let escaped = peek, escaped == "\"" || escaped == "\\" else {
            throw error(.parse, "expected '\"' or '\\' after '\\', found \(found())")
          }
          position += 1
          text.append(escaped)
        } else {
          text.append(scalar)
        }
      }
      return Argument(text: String(text), isQuoted: true, column: start)
    }
    let begin = position
    while let scalar = peek, !Self.isWhitespace(scalar), !Self.isDelimiter(scalar) { position += 1 }
    guard position > begin else {
      throw error(.parse, "expected an argument, found \(found())")
    }
    return Argument(text: String(String.UnicodeScalarView(scalars[begin..<position])), isQuoted: false, column: start)
  }

  // MARK: - Selectors and modifiers

  private func selector(
    _ name: String, _ arguments: [Argument], column: Int
  ) throws(GhostframeError) -> AdjustSelector {
    let reader = Reader(parser: self, name: name, arguments: arguments, column: column)
    let selector: AdjustSelector
    switch name {
    case "animation":
      try reader.expect(1, "a bone index")
      selector = .animation(try reader.integer(0))
    case "animations":
      try reader.expect(2, "a first bone index and a count")
      selector = .animations(from: try reader.integer(0), count: try reader.integer(1))
    case "animationsWithIndexs":
      guard !arguments.isEmpty else {
        throw error(.parse, "animationsWithIndexs takes one or more bone indices, found none", at: column)
      }
      var indices: [Int] = []
      for i in arguments.indices { indices.append(try reader.integer(i)) }
      selector = .animationsWithIndexs(indices)
    case "named", "animationN", "animationWithName":
      try reader.expect(1, "an id")
      selector = .named(try reader.id(0))
    case "create":
      try reader.expect(1, "the new bone's index")
      selector = .create(try reader.integer(0))
    case "backgroundComponent":
      try reader.expect(0, "")
      selector = .backgroundComponent
    default:  // "createNamed", "createN"
      try reader.expect(1, "an id")
      selector = .createNamed(try reader.id(0))
    }
    if let problem = selector.problem {
      throw reader.invalid(problem)
    }
    return selector
  }

  private func adjustment(_ name: String, _ arguments: [Argument], column: Int) throws(GhostframeError) -> Adjustment {
    let r = Reader(parser: self, name: name, arguments: arguments, column: column)
    let adjustment: Adjustment
    if let relation = Adjustment.Relation(rawValue: name) {
      try r.expect(1, "a bone index")
      adjustment = .relation(relation, bone: try r.integer(0), offset: 0)
    } else if name.hasSuffix("_offset"), let relation = Adjustment.Relation(rawValue: String(name.dropLast(7))) {
      try r.expect(2, "a bone index and an offset")
      adjustment = .relation(relation, bone: try r.integer(0), offset: try r.number(1))
    } else {
      switch name {
      case "left": adjustment = .left(try r.number())
      case "right": adjustment = .right(try r.number())
      case "up": adjustment = .up(try r.number())
      case "down": adjustment = .down(try r.number())
      case "x": adjustment = .x(try r.number())
      case "y": adjustment = .y(try r.number())
      case "x_offset": adjustment = .xOffset(try r.number())
      case "y_offset": adjustment = .yOffset(try r.number())
      case "width": adjustment = .width(try r.number())
      case "height": adjustment = .height(try r.number())
      case "reducedWidth": adjustment = .reducedWidth(try r.number())
      case "reducedHeight": adjustment = .reducedHeight(try r.number())
      case "reducedWidth_vertical": adjustment = .reducedWidthVertical(try r.number())
      case "reducedHeight_horizontal": adjustment = .reducedHeightHorizontal(try r.number())
      case "radius": adjustment = .radius(try r.number())
      case "reducedRadius": adjustment = .reducedRadius(try r.number())
      case "line", "lines":
        try r.expect(1, "a number of lines")
        adjustment = .lines(try r.integer(0))
      case "lineWithMode":
        try r.expect(2, "a number of lines and vertical or horizontal")
        adjustment = .lineWithMode(try r.integer(0), try r.mode(1))
      case "space": adjustment = .space(try r.number())
      case "lastLineScale", "lastScale": adjustment = .lastLineScale(try r.number())
      case "targetLineScale", "targetLineWidth", "targetLineHeight", "targetLineSpace":
        try r.expect(2, "a line index and a number")
        let (line, value) = (try r.integer(0), try r.number(1))
        switch name {
        case "targetLineScale": adjustment = .targetLineScale(line: line, scale: value)
        case "targetLineWidth": adjustment = .targetLineWidth(line: line, width: value)
        case "targetLineHeight": adjustment = .targetLineHeight(line: line, height: value)
        default: adjustment = .targetLineSpace(line: line, space: value)
        }
      case "rangeLineWidth", "rangeLineHeight", "rangeLineSpace":
        try r.expect(3, "a first line index, a count and a number")
        let (from, count, value) = (try r.integer(0), try r.integer(1), try r.number(2))
        switch name {
        case "rangeLineWidth": adjustment = .rangeLineWidth(from: from, count: count, width: value)
        case "rangeLineHeight": adjustment = .rangeLineHeight(from: from, count: count, height: value)
        default: adjustment = .rangeLineSpace(from: from, count: count, space: value)
        }
      case "color":
        try r.expect(1, "a colour")
        adjustment = .color(try r.color(0))
      case "gradient":
        guard arguments.count >= 2 else {
          throw error(
            .parse, "gradient takes 2 to \(Adjustment.maxGradientColors) colours, found \(arguments.count)",
            at: column)
        }
        var colors: [Color] = []
        for i in arguments.indices { colors.append(try r.color(i)) }
        adjustment = .gradient(colors)
      case "placeholder":
        try r.expect(1, "an image name")
        adjustment = .placeholder(try r.id(0))
      case "dropStayTime":
        try r.expect(1, "a stay ratio")
        adjustment = .dropStayTime(try r.number())
      case "dropIndex", "dropFromIndex":
        try r.expect(1, "a drop step")
        adjustment = name == "dropIndex" ? .dropIndex(try r.integer(0)) : .dropFromIndex(try r.integer(0))
      default:
        let bare: [String: Adjustment] = [
          "remove": .remove, "removeContents": .removeContents, "cancelAlignCenter": .cancelAlignCenter,
          "withoutAnimation": .withoutAnimation, "penetrate": .penetrate, "removeShadow": .removeShadow,
          "toLongAnimation": .toLongAnimation, "toShortAnimation": .toShortAnimation, "removeOnDrop": .removeOnDrop,
        ]
        guard let value = bare[name] else {
          throw error(.internal, "no rule for modifier '\(name)'", at: column)
        }
        try r.expect(0, "")
        adjustment = value
      }
    }
    if let problem = adjustment.problem {
      throw r.invalid(problem)
    }
    return adjustment
  }

  /// Reads one selector's or modifier's arguments as typed values.
  private struct Reader {
    let parser: AdjustParser
    let name: String
    let arguments: [Argument]
    /// The column of the name.
    let column: Int

    /// Checks the number of arguments.
    func expect(_ count: Int, _ what: String) throws(GhostframeError) {
      guard arguments.count != count else { return }
      let takes =
        count == 0
        ? "takes no arguments" : count == 1 ? "takes 1 argument (\(what))" : "takes \(count) arguments (\(what))"
      throw parser.error(.parse, "\(name) \(takes), found \(arguments.count)", at: column)
    }

    /// The only argument, a number.
    func number() throws(GhostframeError) -> Double {
      try expect(1, "a number")
      return try number(0)
    }

    /// A finite number.
    func number(_ i: Int) throws(GhostframeError) -> Double {
      let argument = arguments[i]
      guard !argument.isQuoted, DecimalNumber.isDecimal(argument.text) else {
        throw parser.error(.parse, "\(name): expected a number, found \(shown(argument))", at: argument.column)
      }
      guard let value = Double(argument.text), value.isFinite else {
        throw parser.error(
          .invalidArgument, "\(name): '\(argument.text)' is not a finite number", at: argument.column)
      }
      return value
    }

    /// An integral number within ±Int32.max (so converting it cannot trap); the adjustment's
    /// own checks then narrow the range.
    func integer(_ i: Int) throws(GhostframeError) -> Int {
      let value = try number(i)
      let argument = arguments[i]
      guard value == value.rounded(.towardZero) else {
        throw parser.error(.invalidArgument, "\(name): \(argument.text) is not an integer", at: argument.column)
      }
      guard abs(value) <= Double(Adjustment.maxIndex) else {
        throw parser.error(
          .invalidArgument, "\(name): \(argument.text) is outside 0 to \(Adjustment.maxIndex)", at: argument.column)
      }
      return Int(value)
    }

    /// `0xRRGGBB` or `0xRRGGBBAA` (TABAnimated's), or colour text as
    /// ``/GhostframeCore/Color/init(css:)`` reads it: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS colour
    /// name. Never quoted.
    func color(_ i: Int) throws(GhostframeError) -> Color {
      let argument = arguments[i]
      if !argument.isQuoted {
        let text = Substring(argument.text)
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
          let digits = text.dropFirst(2)
          if digits.count == 6 || digits.count == 8,
            digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }),
            let value = UInt32(digits, radix: 16)
          {
            return digits.count == 6 ? Color(rgb: value) : Color(rgb: value >> 8, alpha: Double(value & 0xFF) / 255)
          }
        } else if let color = Color(css: argument.text) {
          return color
        }
      }
      throw parser.error(
        .parse,
        "\(name): expected a colour (#RGB, #RRGGBB, #RRGGBBAA, 0xRRGGBB or a CSS colour name), found \(shown(argument))",
        at: argument.column)
    }

    /// A quoted string, or a bare name of letters, digits, `_`, `-` and `.`.
    func id(_ i: Int) throws(GhostframeError) -> String {
      let argument = arguments[i]
      guard argument.isQuoted || argument.text.unicodeScalars.allSatisfy(AdjustParser.isBareIDScalar) else {
        throw parser.error(
          .parse, "\(name): expected an id (a name or a quoted string), found \(shown(argument))",
          at: argument.column)
      }
      // Node ids never contain NUL (Identifier): such an id could only fail to match, silently.
      guard !Identifier.containsNUL(argument.text) else {
        throw parser.error(.invalidArgument, "\(name): an id must not contain NUL (U+0000)", at: argument.column)
      }
      return argument.text
    }

    /// `vertical` or `horizontal` (or TABAnimated's `TABLinesVertical` / `TABLinesHorizontal`, 0 / 1).
    func mode(_ i: Int) throws(GhostframeError) -> Adjustment.LinesMode {
      let argument = arguments[i]
      switch argument.isQuoted ? "" : argument.text {
      case "vertical", "TABLinesVertical", "0": return .vertical
      case "horizontal", "TABLinesHorizontal", "1": return .horizontal
      default:
        throw parser.error(
          .parse, "\(name): expected vertical or horizontal, found \(shown(argument))", at: argument.column)
      }
    }

    /// An `.invalidArgument` error at the argument the problem names.
    func invalid(_ problem: AdjustProblem) -> GhostframeError {
      let at = arguments.indices.contains(problem.argument) ? arguments[problem.argument].column : column
      return parser.error(.invalidArgument, problem.message, at: at)
    }

    private func shown(_ argument: Argument) -> String {
      argument.isQuoted ? "a string" : "'\(AdjustParser.clip(argument.text))'"
    }
  }

  // MARK: - Scanning

  private var peek: Unicode.Scalar? {
    position < scalars.count ? scalars[position] : nil
  }

  /// The 1-based column of the current position.
  private var column: Int { position + 1 }

  private var isAtEndOrComment: Bool {
    peek == nil || (peek == "/" && position + 1 < scalars.count && scalars[position + 1] == "/")
  }

  /// The current scalar, quoted, or "end of line".
  private func found() -> String {
    guard let scalar = peek else { return "end of line" }
    return "'\(scalar.escaped(asASCII: true))'"
  }

  /// An error at the current column, or at `column`.
  func error(_ code: GhostframeError.Code, _ message: String, at column: Int? = nil) -> GhostframeError {
    GhostframeError(code, "adjust[\(line)], column \(column ?? self.column): \(message)")
  }

  private mutating func skipWhitespace() {
    while let scalar = peek, Self.isWhitespace(scalar) { position += 1 }
  }

  /// An ASCII identifier: a letter or `_`, then letters, digits and `_`.
  private mutating func identifier() -> String? {
    guard let first = peek, Self.isLetter(first) || first == "_" else { return nil }
    let begin = position
    while let scalar = peek, Self.isLetter(scalar) || Self.isDigit(scalar) || scalar == "_" {
      position += 1
    }
    return String(String.UnicodeScalarView(scalars[begin..<position]))
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
  }

  static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "," || scalar == "(" || scalar == ")" || scalar == ";" || scalar == "\""
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  /// A scalar a bare id may contain: a letter or digit (any script), `_`, `-` or `.`.
  static func isBareIDScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal || scalar == "_" || scalar == "-"
      || scalar == "."
  }

  /// Text for a message, shortened and escaped.
  static func clip(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let shown = scalars.prefix(32).map { $0.escaped(asASCII: true) }.joined()
    return scalars.count > 32 ? shown + "..." : shown
  }
}
