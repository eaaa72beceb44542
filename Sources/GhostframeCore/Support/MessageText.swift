/// How error messages show the text they name: quoted, clipped, with invisible characters
/// written out so that a message stays on one line. Used by every module's messages (the JSON
/// parser and readers, the view-tree builder, the format readers), so they all look alike.
package enum MessageText {
  /// The longest text, in Unicode scalars, that messages quote in full.
  package static let clipLength = 64

  /// Uppercase hex of `value`, zero-padded to `digits`.
  package static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// `text` cut to ``clipLength`` scalars, with `…` when cut.
  package static func clipped(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > clipLength else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(clipLength))) + "…"
  }

  /// `text` in single quotes for a message: clipped, with control characters written
  /// as `\u{A}` so that the message stays on one line.
  package static func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in clipped(text).unicodeScalars {
      if isInvisible(scalar) && scalar != " " {
        result += "\\u{\(hex(scalar.value, digits: 1))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "'"
  }

  /// One character for a message: quoted if visible, else `U+000A`.
  package static func describeCharacter(_ text: String) -> String {
    guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else {
      return quoted(text)
    }
    if isInvisible(scalar) {
      return "U+\(hex(scalar.value, digits: 4))"
    }
    return "'\(text)'"
  }

  /// Characters that would be invisible or confusing in a message: controls, format
  /// characters (U+FEFF, U+2060), separators (U+00A0, U+2028), unassigned and private use.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate,
      .privateUse, .unassigned:
      return true
    default:
      return false
    }
  }
}
