import GhostframeCore

/// Where an item of a sequence starts, GSAP's position parameter.
///
/// Text forms (``init(parsing:)``): a number (`"1.5"`) is ``absolute(_:)``; `"<"`, `"<0.2"`,
/// `"<-0.1"` ``previousStart(_:)``; `">"`, `">0.2"`, `">-0.1"` ``previousEnd(_:)`` (`"<+=x"`,
/// `">-=x"` are accepted too); `"+=x"` / `"-=x"` ``afterEnd(_:)``; `"name"`, `"name+=x"`,
/// `"name-=x"` ``label(_:_:)``. String and number literals build positions; a string literal is
/// kept as ``text(_:)`` and parsed when the timeline is scheduled, so a malformed one is reported then.
public enum TimelinePosition: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
  ExpressibleByIntegerLiteral
{
  /// A time measured from the sequence's start.
  case absolute(Double)
  /// The start of the previous instance or nested node, plus an offset (the sequence's start when
  /// there is none).
  case previousStart(Double)
  /// The end of the previous instance or nested node, plus an offset (the sequence's start when
  /// there is none).
  case previousEnd(Double)
  /// The sequence's current end (the later of its cursor and the latest end placed so far), plus
  /// an offset: `"+=x"` is `x`, `"-=x"` is `−x`.
  case afterEnd(Double)
  /// A label of the same sequence, plus an offset.
  case label(String, Double)
  /// GSAP text, parsed when scheduled (see ``init(parsing:)``).
  case text(String)

  /// A text position, parsed when scheduled.
  public init(stringLiteral value: String) { self = .text(value) }
  /// An absolute position.
  public init(floatLiteral value: Double) { self = .absolute(value) }
  /// An absolute position.
  public init(integerLiteral value: Int) { self = .absolute(Double(value)) }

  /// Parses GSAP's position text.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/parse`` for empty text, a NUL, or a number that is not a
  ///   finite decimal number.
  public init(parsing text: String) throws(GhostframeError) {
    guard !text.isEmpty else { throw .parse("empty position") }
    try Identifier.check(text, "position")
    let quoted = Identifier.quoted(text)
    if let first = text.first, first == "<" || first == ">" {
      let offset = try Self.offset(text.dropFirst(), in: quoted, allowsEmpty: true, allowsAssignment: true)
      self = first == "<" ? .previousStart(offset) : .previousEnd(offset)
      return
    }
    if text.hasPrefix("+=") || text.hasPrefix("-=") {
      self = .afterEnd(try Self.offset(Substring(text), in: quoted, allowsEmpty: false, allowsAssignment: true))
      return
    }
    if let number = Self.number(Substring(text)) {
      self = .absolute(number)
      return
    }
    if let first = text.first, first == "+" || first == "-" || first == "." || first.isNumber {
      throw .parse("malformed position \(quoted): not a finite number, label or GSAP form")
    }
    // A label, with an optional relative offset after its last "+=" or "-=".
    if let split = Self.lastAssignment(in: text) {
      let name = String(text[..<split])
      guard !name.isEmpty else { throw .parse("malformed position \(quoted): no label name") }
      self = .label(name, try Self.offset(text[split...], in: quoted, allowsEmpty: false, allowsAssignment: true))
      return
    }
    self = .label(text, 0)
  }

  /// This position with text parsed.
  func resolved() throws(GhostframeError) -> TimelinePosition {
    if case .text(let text) = self { return try TimelinePosition(parsing: text) }
    return self
  }

  /// Where the last `+=` or `-=` in `text` begins.
  private static func lastAssignment(in text: String) -> String.Index? {
    var found: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if next < text.endIndex, text[index] == "+" || text[index] == "-", text[next] == "=" { found = index }
      index = next
    }
    return found
  }

  /// An offset: empty (0, where allowed), `+=x`, `-=x`, or a signed number.
  private static func offset(
    _ text: Substring, in quoted: String, allowsEmpty: Bool, allowsAssignment: Bool
  ) throws(GhostframeError) -> Double {
    if text.isEmpty {
      guard allowsEmpty else { throw .parse("malformed position \(quoted): missing offset") }
      return 0
    }
    var sign = 1.0
    var digits = text
    if allowsAssignment, text.hasPrefix("+=") || text.hasPrefix("-=") {
      sign = text.hasPrefix("-=") ? -1 : 1
      digits = text.dropFirst(2)
      // "+=-1" and "-=+1" are ambiguous; GSAP's forms take an unsigned number here.
      guard let first = digits.first, first != "+", first != "-" else {
        throw .parse("malformed position \(quoted): expected an unsigned number after '+=' or '-='")
      }
    }
    guard let value = number(digits) else {
      throw .parse("malformed position \(quoted): '\(digits)' is not a finite number")
    }
    return sign * value
  }

  /// A finite decimal number (digits, optional sign, point and exponent), or nil: no `inf`, `nan`,
  /// hexadecimal or spaces.
  private static func number(_ text: Substring) -> Double? {
    DecimalNumber.finiteValue(text)
  }
}
