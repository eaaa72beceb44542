/// An error from Ghostframe: a code that maps one-to-one onto the C ABI's `gf_status`,
/// and a message that names the problem.
public struct GhostframeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure happened. The raw values are the C ABI's `GF_E_*` codes.
  public enum Code: Int32, Sendable, CaseIterable {
    /// A number was NaN, infinite where not allowed, or out of its range.
    case invalidArgument = -2
    /// Text could not be parsed; the message says where.
    case parse = -3
    /// A caller buffer was too small.
    case bufferTooSmall = -4
    /// Text was not valid UTF-8.
    case invalidUTF8 = -5
    /// A named or indexed item does not exist.
    case notFound = -6
    /// An input exceeded a documented size or depth limit.
    case limit = -7
    /// A host callback failed: a host curve returned a non-finite value, a skeleton effect
    /// reported a failure or wrote a non-finite value, or a binding's callback raised.
    case callback = -9
    /// A bug in Ghostframe.
    case `internal` = -100
  }

  /// The kind of failure.
  public var code: Code
  /// A human-readable message that names the problem.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong, naming the offending input.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message, prefixed by the code.
  public var description: String { "\(code): \(message)" }
}

extension GhostframeError {
  /// An `invalidArgument` error.
  package static func invalid(_ message: String) -> GhostframeError {
    GhostframeError(.invalidArgument, message)
  }

  /// A `parse` error.
  package static func parse(_ message: String) -> GhostframeError {
    GhostframeError(.parse, message)
  }

  /// An `internal` error: a bug in Ghostframe.
  package static func `internal`(_ message: String) -> GhostframeError {
    GhostframeError(.internal, message)
  }
}
