import GhostframeCore
import Testing

/// Runs `body`, expecting it to throw a `GhostframeError` with `code`; returns the error.
@discardableResult
package func expectError(
  _ code: GhostframeError.Code, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) -> GhostframeError? {
  let note = comment.map { " (\($0))" } ?? ""
  do {
    try body()
    Issue.record("expected a \(code) error\(note)", sourceLocation: sourceLocation)
    return nil
  } catch let error as GhostframeError {
    #expect(error.code == code, "\(error)\(note)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected a GhostframeError, got \(error)\(note)", sourceLocation: sourceLocation)
    return nil
  }
}

/// A deterministic generator (SplitMix64) so that "random" cases are reproducible.
package struct SplitMix64: RandomNumberGenerator {
  package var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Inputs that must never trap any curve or spring.
package let hostileInputs: [Double] = [
  .nan, -.nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
  .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e300, -1e300, 1e20, -1e20, 0, -0.0, 1, 1.0.nextUp,
  1.0.nextDown, 0.5, -0.5, 1.5, 2, -1,
]
