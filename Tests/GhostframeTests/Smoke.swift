import Testing
@testable import Ghostframe

@Test func errorCarriesCode() {
  #expect(GhostframeError(.parse, "x").code.rawValue == -3)
}
