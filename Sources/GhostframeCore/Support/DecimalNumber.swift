/// A number written as text where a document or spec holds one inside a string (a curve spec's
/// arguments, an adjust line, a node kind's `"50%"`, a timeline position): decimal only,
/// `[+-]? (digits ["." [digits]] | "." digits) [("e" | "E") [+-]? digits]`.
///
/// `Double(_:)` alone also takes hexadecimal (`"0x10"`), `inf`, `nan` and their spellings, which
/// no format of Ghostframe means; every reader of such text goes through here, so they agree.
package enum DecimalNumber {
  /// Whether `text` is exactly one decimal number (no spaces).
  package static func isDecimal<Text: StringProtocol>(_ text: Text) -> Bool {
    let bytes = text.utf8
    var i = bytes.startIndex
    func skipDigits() -> Int {
      var count = 0
      while i < bytes.endIndex, (0x30...0x39).contains(bytes[i]) {
        count += 1
        i = bytes.index(after: i)
      }
      return count
    }
    func skip(_ accepted: (UInt8) -> Bool) {
      if i < bytes.endIndex, accepted(bytes[i]) { i = bytes.index(after: i) }
    }
    skip { $0 == 0x2B || $0 == 0x2D }
    var mantissa = skipDigits()
    if i < bytes.endIndex, bytes[i] == 0x2E {
      i = bytes.index(after: i)
      mantissa += skipDigits()
    }
    guard mantissa > 0 else { return false }
    if i < bytes.endIndex, bytes[i] == 0x65 || bytes[i] == 0x45 {
      i = bytes.index(after: i)
      skip { $0 == 0x2B || $0 == 0x2D }
      guard skipDigits() > 0 else { return false }
    }
    return i == bytes.endIndex
  }

  /// The finite value of a decimal number, or nil for anything else (a number past the largest
  /// double included).
  package static func finiteValue<Text: StringProtocol>(_ text: Text) -> Double? {
    guard isDecimal(text), let value = Double(text), value.isFinite else { return nil }
    return value
  }
}
