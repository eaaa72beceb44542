import CGhostframe
import Ghostframe

/// Why an export failed: the status it returns and the detail gf_last_error_message gives.
///
/// Every check in the bridge throws one, and ``engine(_:)`` turns the engine's errors into one;
/// ``bridge(_:)`` catches it and records the message, once, as the export returns.
struct BridgeError: Error {
  /// The `GF_E_*` status the export returns.
  let status: gf_status
  /// The message, naming the argument or input at fault.
  let message: String

  /// A failure with `status` and `message`.
  init(_ status: gf_status, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The status and message of an engine error: the one place engine codes become statuses.
  init(_ error: GhostframeError) {
    let status: gf_status = switch error.code {
    case .invalidArgument: GF_E_INVALID_ARGUMENT
    case .parse: GF_E_PARSE
    case .bufferTooSmall: GF_E_BUFFER_TOO_SMALL
    case .invalidUTF8: GF_E_INVALID_UTF8
    case .notFound: GF_E_NOT_FOUND
    case .limit: GF_E_LIMIT
    case .callback: GF_E_CALLBACK
    case .internal: GF_E_INTERNAL
    }
    self.init(status, error.message)
  }
}

/// Calls into the engine: its value, or its ``GhostframeError`` rethrown as a ``BridgeError``,
/// so an export's body reads `let curve = try engine(Curve(parsing: text))`.
@inline(__always)
func engine<T>(_ call: @autoclosure () throws(GhostframeError) -> T) throws(BridgeError) -> T {
  do {
    return try call()
  } catch {
    throw BridgeError(error)
  }
}
