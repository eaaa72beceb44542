import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Colours as the scene and view-tree formats write them, read with path-naming errors.
enum JSONColor {
  /// What a colour may be, for messages.
  static let expected = "expected a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", a CSS colour name or [r, g, b, a])"

  /// A colour: text as ``/GhostframeCore/Color/init(css:)`` reads it (`"#RGB"`, `"#RRGGBB"`,
  /// `"#RRGGBBAA"`, a CSS colour name) or `[r, g, b, a]` with channels in [0, 1].
  static func color(_ reader: JSONReader) throws(GhostframeError) -> Color {
    switch reader.value {
    case .string(let text):
      guard let color = Color(css: text) else {
        throw .invalid("\(reader.path): \(expected), found \(MessageText.quoted(text))\(Color.suggestion(for: text))")
      }
      return color
    case .array:
      let channels = try reader.numbers(count: 4)
      for (index, channel) in channels.enumerated() where !Color.isValidChannel(channel) {
        throw .invalid(
          "\(reader.path.appending(index: index)): a colour channel must be in [0, 1], found \(JSONText.number(channel))")
      }
      return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    default:
      throw .invalid("\(reader.path): \(expected), found \(reader.value.kindDescription)")
    }
  }

  /// A colour of a scene document, read as ``color(_:)-(JSONReader)`` reads one, with the same
  /// messages.
  static func color(_ reader: JSONTapeReader) throws(GhostframeError) -> Color {
    switch reader.kind {
    case .string:
      let text = try reader.string()
      guard let color = Color(css: text) else {
        throw .invalid("\(reader.path): \(expected), found \(MessageText.quoted(text))\(Color.suggestion(for: text))")
      }
      return color
    case .array:
      let channels = try reader.fourNumbers()
      /// Names the first channel out of range.
      func check(_ index: Int, _ channel: Double) throws(GhostframeError) {
        guard Color.isValidChannel(channel) else {
          throw .invalid(
            "\(reader.path.appending(index: index)): a colour channel must be in [0, 1], found \(JSONText.number(channel))")
        }
      }
      try check(0, channels.0)
      try check(1, channels.1)
      try check(2, channels.2)
      try check(3, channels.3)
      return Color(red: channels.0, green: channels.1, blue: channels.2, alpha: channels.3)
    default:
      throw .invalid("\(reader.path): \(expected), found \(reader.kindDescription)")
    }
  }

  /// Colour text as ``/GhostframeCore/Color/init(css:)`` reads it, or nil.
  static func hexColor(_ text: String) -> Color? { Color(css: text) }
}
