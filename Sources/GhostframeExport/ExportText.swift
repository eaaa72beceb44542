/// Text helpers the writers share: numbers in their shortest form at a stated precision, and
/// strings escaped for JSON, HTML and XML.
enum ExportText {
  /// `value` rounded to `digits` decimals, without trailing zeros or a negative zero
  /// (non-finite values, which the planner rejects, print as 0).
  static func number(_ value: Double, _ digits: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    let places = min(max(digits, 0), 9)
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 { return "0" }
    // Past 2^53 / scale the decimals carry nothing: Swift's shortest form ("1e+20"), which JSON
    // and CSS both read, instead of an integer conversion that could not hold it.
    guard abs(rounded) * scale < 0x1p53 else { return rounded.description }
    let whole = Int64(abs(rounded) * scale + 0.5)
    let unit = Int64(scale)
    let integer = whole / unit, fraction = whole % unit
    var text = (rounded < 0 ? "-" : "") + String(integer)
    if fraction != 0 {
      var digitsText = String(fraction)
      while digitsText.count < places { digitsText = "0" + digitsText }
      while digitsText.hasSuffix("0") { digitsText.removeLast() }
      text += "." + digitsText
    }
    return text
  }

  /// A JSON string literal.
  static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// Text escaped for an HTML or XML attribute or element body.
  static func markup(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        // Characters XML 1.0 forbids are dropped (ids are the host's text).
        if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" { continue }
        if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Text for inside a CSS comment-free context: `-->` and `*/` cannot occur (names are not
  /// written into CSS; this is for the page title).
  static func cssColor(_ rgb: ArraySlice<Double>, alpha: Double = 1) -> String {
    func byte(_ v: Double) -> String { number(min(max(v, 0), 1) * 255, 2) }
    let values = Array(rgb)
    guard values.count >= 3 else { return "rgba(0,0,0,0)" }
    return "rgba(\(byte(values[0])),\(byte(values[1])),\(byte(values[2])),\(number(min(max(alpha, 0), 1), 4)))"
  }
}
