extension Color {
  /// What colour text may be, for messages: the forms ``init(css:)`` reads.
  public static let textForms = "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a CSS colour name"

  /// The longest colour text that can name a colour (`lightgoldenrodyellow`, 20 bytes); longer
  /// text is refused without a lookup.
  static let maximumTextLength = 20

  /// Reads a colour written as CSS writes one: `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits in
  /// either case; each pair `n` is `n / 255`, a `#RGB` digit `d` is `17·d / 255`, alpha 1 unless
  /// given), or a CSS named colour (CSS Color 4's 148 names and `transparent`, in any case:
  /// `"white"`, `"RebeccaPurple"`). Nil for anything else, surrounding spaces included.
  ///
  /// The one colour parser of the library: the scene and view-tree formats, adjust lines' `color`
  /// arguments, `gf_color_parse` and the Python binding all read colour text through it.
  ///
  /// - Complexity: O(1): text longer than the longest name (20 bytes) is refused unread.
  public init?(css text: String) {
    let bytes = text.utf8
    guard let first = bytes.first, bytes.count <= Self.maximumTextLength else { return nil }
    if first == UInt8(ascii: "#") {
      guard let color = Self.hex(bytes.dropFirst()) else { return nil }
      self = color
      return
    }
    var name = ""
    name.reserveCapacity(bytes.count)
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): name.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
      default: return nil
      }
    }
    if name == "transparent" {
      self = .clear
    } else if let rgb = CSSColorNames.table[name] {
      self.init(rgb: rgb)
    } else {
      return nil
    }
  }

  /// Reads colour text as ``init(css:)`` does, or throws a message naming the text, the forms
  /// accepted, and the closest CSS name when the text is a small edit away from one.
  ///
  /// - Parameters:
  ///   - text: The colour text.
  ///   - what: How the message names the value (`"colour"`, `"color"`, a field's path).
  /// - Throws: ``GhostframeError/Code/invalidArgument``.
  public static func parse(_ text: String, what: String = "colour") throws(GhostframeError) -> Color {
    if let color = Color(css: text) { return color }
    throw .invalid("\(what): expected \(textForms), found \(MessageText.quoted(text))\(suggestion(for: text))")
  }

  /// ` (did you mean 'NAME'?)` for text a small edit away from a CSS name, else "".
  package static func suggestion(for text: String) -> String {
    guard !text.hasPrefix("#"), text.utf8.count <= 2 * maximumTextLength else { return "" }
    let names = Set(CSSColorNames.table.keys).union(["transparent"])
    return Suggestion.closest(to: text, among: names).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// The hex digits after `#`: 3, 6 or 8 of them.
  private static func hex(_ digits: Substring.UTF8View) -> Color? {
    guard [3, 6, 8].contains(digits.count) else { return nil }
    var values: [UInt32] = []
    values.reserveCapacity(8)
    for byte in digits {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(byte - UInt8(ascii: "0")))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(UInt32(byte - UInt8(ascii: "a") + 10))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(UInt32(byte - UInt8(ascii: "A") + 10))
      default: return nil
      }
    }
    var channels: [UInt32] = values.count == 3
      ? values.map { $0 * 17 }
      : stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
    if channels.count == 3 { channels.append(255) }
    return Color(
      red: Double(channels[0]) / 255, green: Double(channels[1]) / 255, blue: Double(channels[2]) / 255,
      alpha: Double(channels[3]) / 255)
  }
}
