/// A recursive-descent parser for curve spec text.
///
/// Works on Unicode scalars; columns in messages are 1-based scalar positions. Syntax
/// errors throw `.parse` naming what was expected and where; well-formed specs with bad
/// values throw `.invalidArgument`; oversized input throws `.limit`.
struct CurveParser {
  /// The longest accepted spec, in UTF-8 bytes (``Curve/maximumSpecLength``): 512 KiB, more than
  /// the longest canonical description any curve has, a `linear()` of ``LinearEasing/maxPoints``
  /// points whose numbers all take the longest shortest form (24 characters, as in
  /// `-2.2250738585072014e-308`): 8 + 10,000 × (24 + 1 + 24 + 1 + 2) − 2 = 520,006 bytes.
  static let maxSpecLength = 512 << 10

  /// One whitespace-separated value inside an argument: a number, keyword or percentage.
  struct Item {
    /// The text, without a trailing `%`.
    var text: String
    /// Whether `%` followed the text.
    var isPercent: Bool
    /// Where the text starts.
    var column: Int
  }

  /// The values between two commas of a function's argument list.
  struct Argument {
    var items: [Item]
    var column: Int
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0

  /// Prepares to parse `spec`.
  ///
  /// - Throws: `.limit` if the spec is longer than `maxSpecLength` bytes.
  init(_ spec: String) throws(GhostframeError) {
    guard spec.utf8.count <= Self.maxSpecLength else {
      throw GhostframeError(
        .limit, "curve spec of \(spec.utf8.count) bytes exceeds the limit of \(Self.maxSpecLength)")
    }
    scalars = Array(spec.unicodeScalars)
  }

  // MARK: - Grammar

  /// Parses the whole spec as one curve.
  mutating func parseCurve() throws(GhostframeError) -> Curve {
    skipWhitespace()
    let nameColumn = column
    guard let name = identifier() else {
      throw .parse("expected a curve name at column \(nameColumn), found \(found())")
    }
    if peek == "." {
      let curve = try hostCurve(name, column: nameColumn)
      skipWhitespace()
      guard peek == nil else {
        throw .parse("unexpected \(found()) at column \(column) after the end of the curve")
      }
      return curve
    }
    skipWhitespace()
    let curve: Curve
    if peek == "(" {
      let openColumn = column
      position += 1
      curve = try function(name, column: nameColumn, openColumn: openColumn)
    } else if let keyword = Self.keyword(name) {
      curve = keyword
    } else if Self.functions.contains(name) {
      throw .parse("expected '(' after '\(name)' at column \(column), found \(found())")
    } else {
      throw .parse("unknown curve '\(name)' at column \(nameColumn)")
    }
    skipWhitespace()
    guard peek == nil else {
      throw .parse("unexpected \(found()) at column \(column) after the end of the curve")
    }
    return curve
  }

  /// A host curve's dotted name, whose first segment `first` was read, looked up in
  /// ``Curve/hostCurves``.
  private mutating func hostCurve(_ first: String, column nameColumn: Int) throws(GhostframeError) -> Curve {
    var name = first
    while peek == "." {
      position += 1
      guard let segment = identifier() else {
        throw .parse("expected a name segment after '.' at column \(column), found \(found())")
      }
      name += "." + segment
    }
    guard let host = Curve.hostCurves.entry(named: name) else {
      throw GhostframeError(
        .notFound, "unknown host curve '\(Self.clip(name))' at column \(nameColumn): no curve of that name is registered")
    }
    return .host(host)
  }

  /// The function names; each needs an argument list.
  static let functions: Set<String> = ["cubic-bezier", "steps", "linear", "spring"]

  /// A curve written as a bare name, or nil.
  static func keyword(_ name: String) -> Curve? {
    switch name {
    case "linear": return .linear
    case "ease", "default": return .ease
    case "ease-in", "easeIn": return .easeIn
    case "ease-out", "easeOut": return .easeOut
    case "ease-in-out", "easeInEaseOut": return .easeInOut
    case "step-start": return .stepStart
    case "step-end": return .stepEnd
    default: return PennerEasing(rawValue: name).map(Curve.penner)
    }
  }

  /// Parses the arguments after `name(` and builds the curve.
  private mutating func function(
    _ name: String, column nameColumn: Int, openColumn: Int
  ) throws(GhostframeError) -> Curve {
    switch name {
    case "cubic-bezier":
      let numbers = try numberList(try arguments(), name: name, counts: 4...4, openColumn: openColumn)
      return try .cubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
    case "steps":
      return try steps(try arguments(), openColumn: openColumn)
    case "linear":
      return try linear(try arguments(limit: LinearEasing.maxPoints))
    case "spring":
      return try spring(try arguments(), openColumn: openColumn)
    default:
      if Self.keyword(name) != nil {
        throw .parse("'\(name)' takes no arguments: unexpected '(' at column \(openColumn)")
      }
      throw .parse("unknown curve '\(name)' at column \(nameColumn)")
    }
  }

  private func steps(_ arguments: [Argument], openColumn: Int) throws(GhostframeError) -> Curve {
    guard (1...2).contains(arguments.count) else {
      throw .parse(
        "steps: expected a count and an optional position in the list at column \(openColumn), found \(arguments.count) arguments")
    }
    let countItem = try single(arguments[0], name: "steps")
    let value = try number(countItem, name: "steps")
    guard value == value.rounded(.towardZero) else {
      throw .invalid("steps: count \(countItem.text) at column \(countItem.column) is not an integer")
    }
    // Range-check in Double before converting, so that no conversion can trap.
    guard value >= 1 && value <= Double(Steps.maxCount) else {
      throw .invalid(
        "steps: count \(countItem.text) at column \(countItem.column) is outside 1...\(Steps.maxCount)")
    }
    let count = Int(value)
    var position = StepPosition.jumpEnd
    if arguments.count == 2 {
      let item = try single(arguments[1], name: "steps")
      switch item.isPercent ? "" : item.text {
      case "start", "jump-start": position = .jumpStart
      case "end", "jump-end": position = .jumpEnd
      case "jump-none": position = .jumpNone
      case "jump-both": position = .jumpBoth
      default:
        throw .parse(
          "steps: expected jump-start, jump-end, jump-none, jump-both, start or end at column \(item.column), found '\(Self.clip(item.text))'")
      }
    }
    return try .steps(count, position)
  }

  private func linear(_ arguments: [Argument]) throws(GhostframeError) -> Curve {
    var stops: [LinearEasing.Stop] = []
    stops.reserveCapacity(arguments.count)
    for argument in arguments {
      // <number> && <percentage>{1,2}: the number first or last.
      let items = argument.items
      let numberIndex = items.firstIndex { !$0.isPercent }
      let shapeIsValid: Bool
      switch numberIndex {
      case .some(0): shapeIsValid = items.dropFirst().allSatisfy(\.isPercent)
      case .some(items.count - 1): shapeIsValid = items.dropLast().allSatisfy(\.isPercent)
      default: shapeIsValid = false
      }
      guard shapeIsValid, let numberIndex, items.count <= 3 else {
        throw .parse(
          "linear(): expected a number and up to two percentages at column \(argument.column)")
      }
      var percents: [Double] = []
      for item in items where item.isPercent {
        percents.append(try number(item, name: "linear()", allowPercent: true))
      }
      stops.append(
        LinearEasing.Stop(output: try number(items[numberIndex], name: "linear()"), percents: percents))
    }
    return Curve(.linear(try LinearEasing(stops: stops)))
  }

  private func spring(_ arguments: [Argument], openColumn: Int) throws(GhostframeError) -> Curve {
    var arguments = arguments
    var allowsOverdamping = false
    if arguments.count == 5, let last = arguments.last,
      last.items.count == 1, last.items[0].text == "allows-overdamping", !last.items[0].isPercent
    {
      allowsOverdamping = true
      arguments.removeLast()
    }
    let numbers = try numberList(arguments, name: "spring", counts: 0...4, openColumn: openColumn)
    let defaults = [1.0, 100, 10, 0]
    let values = numbers + defaults.dropFirst(numbers.count)
    let spring = try Spring(
      mass: values[0], stiffness: values[1], damping: values[2], initialVelocity: values[3],
      allowsOverdamping: allowsOverdamping)
    return try .spring(spring)
  }

  // MARK: - Arguments

  /// Parses a comma-separated argument list after `(`, through the closing `)`.
  private mutating func arguments(limit: Int = .max) throws(GhostframeError) -> [Argument] {
    var arguments: [Argument] = []
    skipWhitespace()
    if peek == ")" {
      position += 1
      return arguments
    }
    while true {
      guard arguments.count < limit else {
        throw GhostframeError(
          .limit, "more than \(limit) arguments at column \(column)")
      }
      arguments.append(try argument())
      skipWhitespace()
      switch peek {
      case ",":
        position += 1
      case ")":
        position += 1
        return arguments
      case nil:
        throw .parse("expected ',' or ')' at column \(column), found end of input (unbalanced parentheses)")
      default:
        throw .parse("expected ',' or ')' at column \(column), found \(found())")
      }
    }
  }

  /// Parses the whitespace-separated values of one argument.
  private mutating func argument() throws(GhostframeError) -> Argument {
    skipWhitespace()
    let start = column
    var items: [Item] = []
    while let scalar = peek, scalar != ",", scalar != ")" {
      if scalar == "(" || scalar == "%" {
        throw .parse("unexpected \(found()) at column \(column)")
      }
      let itemColumn = column
      let begin = position
      while let scalar = peek, !Self.isWhitespace(scalar), !Self.isDelimiter(scalar) { position += 1 }
      let text = String(String.UnicodeScalarView(scalars[begin..<position]))
      var isPercent = false
      if peek == "%" {
        isPercent = true
        position += 1
      }
      items.append(Item(text: text, isPercent: isPercent, column: itemColumn))
      guard items.count <= 3 else {
        throw .parse("expected ',' or ')' at column \(itemColumn), found '\(Self.clip(text))'")
      }
      skipWhitespace()
    }
    guard !items.isEmpty else {
      throw .parse("expected a value at column \(start), found \(found())")
    }
    return Argument(items: items, column: start)
  }

  /// Reads arguments that are single numbers.
  private func numberList(
    _ arguments: [Argument], name: String, counts: ClosedRange<Int>, openColumn: Int
  ) throws(GhostframeError) -> [Double] {
    // Syntax first: "0.1 0.2" is a missing comma, whatever the count.
    var items: [Item] = []
    for argument in arguments {
      items.append(try single(argument, name: name))
    }
    guard counts.contains(arguments.count) else {
      let expected =
        counts.lowerBound == counts.upperBound
        ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)"
      throw .parse(
        "\(name): expected \(expected) numbers in the list at column \(openColumn), found \(arguments.count)")
    }
    var numbers: [Double] = []
    for item in items {
      numbers.append(try number(item, name: name))
    }
    return numbers
  }

  /// The only item of an argument.
  private func single(_ argument: Argument, name: String) throws(GhostframeError) -> Item {
    guard argument.items.count == 1 else {
      let extra = argument.items[min(1, argument.items.count - 1)]
      throw .parse(
        "\(name): expected ',' or ')' at column \(extra.column), found '\(Self.clip(extra.text))'")
    }
    return argument.items[0]
  }

  /// The finite number an item spells.
  private func number(
    _ item: Item, name: String, allowPercent: Bool = false
  ) throws(GhostframeError) -> Double {
    guard allowPercent || !item.isPercent else {
      throw .parse(
        "\(name): expected a number at column \(item.column), found percentage '\(Self.clip(item.text))%'")
    }
    guard let value = Double(item.text) else {
      throw .parse("\(name): expected a number at column \(item.column), found '\(Self.clip(item.text))'")
    }
    guard value.isFinite else {
      throw .invalid("\(name): '\(Self.clip(item.text))' at column \(item.column) is not a finite number")
    }
    // Double(_:) also reads hexadecimal ("0x10"), which no curve spec means.
    guard DecimalNumber.isDecimal(item.text) else {
      throw .parse("\(name): expected a decimal number at column \(item.column), found '\(Self.clip(item.text))'")
    }
    return value
  }

  // MARK: - Scanning

  private var peek: Unicode.Scalar? {
    position < scalars.count ? scalars[position] : nil
  }

  /// The 1-based column of the current position.
  private var column: Int { position + 1 }

  /// The current scalar, quoted, or "end of input".
  private func found() -> String {
    guard let scalar = peek else { return "end of input" }
    return "'\(scalar.escaped(asASCII: true))'"
  }

  private mutating func skipWhitespace() {
    while let scalar = peek, Self.isWhitespace(scalar) { position += 1 }
  }

  /// An ASCII identifier: a letter, then letters, digits, `-` and `_`.
  private mutating func identifier() -> String? {
    guard let first = peek, Self.isLetter(first) else {
      return nil
    }
    let begin = position
    while let scalar = peek, Self.isLetter(scalar) || Self.isDigit(scalar) || scalar == "-" || scalar == "_" {
      position += 1
    }
    return String(String.UnicodeScalarView(scalars[begin..<position]))
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
  }

  private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "," || scalar == "(" || scalar == ")" || scalar == "%"
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }

  /// Text for a message, shortened and escaped.
  static func clip(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let shown = scalars.prefix(32).map { $0.escaped(asASCII: true) }.joined()
    return scalars.count > 32 ? shown + "..." : shown
  }
}
