import GhostframeCore
import GhostframeTestSupport
import Testing

/// `Color(css:)`: the library's one colour parser (issue 30): hex as the formats always read it,
/// and CSS Color 4's named colours in any case.
@Suite("Colour text")
struct ColorParsingTests {
  @Test("hex forms: each pair n / 255, a #RGB digit 17·d / 255, alpha 1 unless given")
  func hex() {
    #expect(Color(css: "#F00") == Color(red: 1, green: 0, blue: 0))
    #expect(Color(css: "#a1B") == Color(rgb: 0xAA11BB))
    #expect(Color(css: "#12ab9F") == Color(rgb: 0x12AB9F))
    #expect(Color(css: "#12ab9F80") == Color(rgb: 0x12AB9F, alpha: 128.0 / 255))
    for bad in ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#GGG", "123456", "#１２３", " #FFF"] {
      #expect(Color(css: bad) == nil, "\(bad)")
    }
  }

  /// The table against values written out by hand from CSS Color 4, section 6.1 (a sample from
  /// each part of the alphabet, both gray spellings and the one level-4 addition).
  @Test("named colours in any case, transparent included")
  func names() {
    let hand: [(String, UInt32)] = [
      ("aliceblue", 0xF0F8FF), ("black", 0x000000), ("cornflowerblue", 0x6495ED), ("darkgray", 0xA9A9A9),
      ("darkgrey", 0xA9A9A9), ("gold", 0xFFD700), ("lightgoldenrodyellow", 0xFAFAD2), ("navy", 0x000080),
      ("rebeccapurple", 0x663399), ("tomato", 0xFF6347), ("white", 0xFFFFFF), ("yellowgreen", 0x9ACD32),
    ]
    for (name, rgb) in hand {
      #expect(Color(css: name) == Color(rgb: rgb), "\(name)")
      #expect(Color(css: name.uppercased()) == Color(rgb: rgb), "\(name) in capitals")
    }
    #expect(Color(css: "Transparent") == .clear)
    #expect(Color(css: "white ") == nil && Color(css: "whit") == nil && Color(css: "grey50") == nil)
  }

  @Test("parse names the text, the forms and the closest name")
  func messages() {
    let error = expectError(.invalidArgument) { _ = try Color.parse("whtie") }
    #expect(error?.message == ##"colour: expected "#RGB", "#RRGGBB", "#RRGGBBAA" or a CSS colour name, found 'whtie' (did you mean 'white'?)"##)
    let hex = expectError(.invalidArgument) { _ = try Color.parse("#GG0000", what: "text") }
    #expect(hex?.message == ##"text: expected "#RGB", "#RRGGBB", "#RRGGBBAA" or a CSS colour name, found '#GG0000'"##)
  }
}
