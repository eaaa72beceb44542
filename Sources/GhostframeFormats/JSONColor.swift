import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// Colours as the scene and view-tree formats write them, read with path-naming errors.
enum JSONColor {
  /// A colour: `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"` or `[r, g, b, a]` with channels in [0, 1].
  static func color(_ reader: JSONReader) throws(GhostframeError) -> Color {
    let expected = "expected a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a])"
    switch reader.value {
    case .string(let text):
      guard let color = hexColor(text) else {
        throw .invalid("\(reader.path): \(expected), found \(MessageText.quoted(text))")
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
    let expected = "expected a colour (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a])"
    switch reader.kind {
    case .string:
      let text = try reader.string()
      guard let color = hexColor(text) else {
        throw .invalid("\(reader.path): \(expected), found \(MessageText.quoted(text))")
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

  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case), or nil. Each channel is
  /// `n / 255`; a `#RGB` digit d is `17·d / 255`; alpha is 1 unless given.
  static func hexColor(_ text: String) -> Color? {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), [4, 7, 9].contains(bytes.count) else { return nil }
    var digits: [UInt32] = []
    for byte in bytes.dropFirst() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(UInt32(byte - UInt8(ascii: "0")))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(UInt32(byte - UInt8(ascii: "a") + 10))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(UInt32(byte - UInt8(ascii: "A") + 10))
      default: return nil
      }
    }
    var channels: [UInt32]
    if digits.count == 3 {
      channels = digits.map { $0 * 17 }
    } else {
      channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
    }
    if channels.count == 3 { channels.append(255) }
    return Color(
      red: Double(channels[0]) / 255, green: Double(channels[1]) / 255, blue: Double(channels[2]) / 255,
      alpha: Double(channels[3]) / 255)
  }
}
