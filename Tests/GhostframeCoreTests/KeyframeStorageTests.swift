import Testing
@testable import GhostframeCore

/// Keyframes keep their values flat (8 bytes a number, not an array a keyframe); these check
/// that the two ways in agree and that malformed shapes are still named by validation.
@Suite("Keyframe storage")
struct KeyframeStorageTests {
  @Test("one array per keyframe and flat values describe the same keyframes")
  func bothWaysIn() throws {
    let nested = Keyframes(values: [[0, 1], [2, 3], [4, 5]])
    let flat = Keyframes(flatValues: [0, 1, 2, 3, 4, 5], width: 2)
    #expect(nested == flat)
    #expect(flat.count == 3 && flat.width == 2)
    #expect(flat.values == [[0, 1], [2, 3], [4, 5]])
    #expect(Array(flat.keyframe(1)) == [2, 3])
    var edited = flat
    edited.values = [[9, 8]]
    #expect(edited.flatValues == [9, 8] && edited.count == 1)
  }

  @Test("keyframes of differing widths are named by validation, as before")
  func ragged() {
    let keyframes = Keyframes(values: [[0, 0], [1], [2, 2]])
    #expect(keyframes.values == [[0, 0], [1], [2, 2]])
    #expect(throws: GhostframeError(.invalidArgument, "animation.values[1]: 'position' takes 2 number(s), got 1")) {
      try Animation.keyframes("position", keyframes, timing: Timing(duration: 1)).validate()
    }
  }

  @Test("flat values that are not whole keyframes of the property's width are refused")
  func wrongWidth() {
    #expect(throws: GhostframeError.self) {
      try Animation.keyframes("position", Keyframes(flatValues: [0, 1, 2], width: 2), timing: Timing(duration: 1))
        .validate()
    }
    #expect(throws: GhostframeError.self) {
      try Animation.keyframes("position", Keyframes(flatValues: [0, 1, 2], width: 3), timing: Timing(duration: 1))
        .validate()
    }
  }

  @Test("a non-finite component is named by keyframe and component")
  func nonFinite() {
    let keyframes = Keyframes(flatValues: [0, 0, 1, .nan], width: 2)
    #expect(throws: GhostframeError(.invalidArgument, "animation.values[1][1] must be finite (got nan)")) {
      try Animation.keyframes("position", keyframes, timing: Timing(duration: 1)).validate()
    }
  }
}
