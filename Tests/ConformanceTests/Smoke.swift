import Testing
import CFFI
import CGhostframe
@Test func abiMacro() { #expect(GF_ABI_VERSION == 1) }
