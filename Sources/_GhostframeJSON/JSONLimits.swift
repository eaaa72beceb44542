import GhostframeCore

/// Size limits for parsing JSON, so that hostile or broken input fails with `.limit`
/// instead of exhausting memory or the stack.
package struct JSONLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects any limit can allow: 1,000. Parsing is
  /// iterative, but comparing and releasing a ``JSONValue`` recurse once per level (about
  /// 200 KB of stack at this depth), so a `maxDepth` above this is treated as this.
  package static let depthCeiling = 1_000

  /// The deepest nesting of arrays and objects: `[[1]]` has depth 2, a scalar depth 0.
  /// Default 128; values above ``depthCeiling`` act as ``depthCeiling``.
  package var maxDepth: Int
  /// The longest document, in UTF-8 bytes. Default 64 MiB.
  package var maxBytes: Int
  /// The most values in a document, counting every scalar, array and object, including
  /// each array element and object member value (keys are not counted).
  /// Default 10,000,000.
  package var maxElements: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maxDepth: The deepest nesting of arrays and objects, at most ``depthCeiling``.
  ///   - maxBytes: The longest document, in UTF-8 bytes.
  ///   - maxElements: The most values in a document.
  package init(maxDepth: Int = 128, maxBytes: Int = 64 << 20, maxElements: Int = 10_000_000) {
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
    self.maxElements = maxElements
  }

  /// The defaults: depth 128, 64 MiB, 10,000,000 values.
  package static let `default` = JSONLimits()

  /// `maxDepth` clamped to ``depthCeiling``.
  package var effectiveMaxDepth: Int { min(maxDepth, Self.depthCeiling) }
}
