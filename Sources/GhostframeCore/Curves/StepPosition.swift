/// Where the jumps of a `steps()` curve happen (CSS Easing 1 `<step-position>`).
///
/// The raw values are the CSS keywords. The legacy keywords `start` and `end`
/// are accepted by the parser as synonyms of `jumpStart` and `jumpEnd`.
public enum StepPosition: String, Sendable, CaseIterable {
  /// The first jump happens at the start: the output leaves 0 immediately.
  case jumpStart = "jump-start"
  /// The last jump happens at the end: the output reaches 1 only at x = 1.
  case jumpEnd = "jump-end"
  /// No jump at either end: `n` plateaus including 0 and 1 (needs `n > 1`).
  case jumpNone = "jump-none"
  /// Jumps at both ends: `n + 1` jumps.
  case jumpBoth = "jump-both"
}
