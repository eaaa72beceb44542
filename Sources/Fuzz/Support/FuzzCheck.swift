import CGhostframe
import Glibc

/// Stops the run on a broken promise of the C ABI: libFuzzer reports the abort as a crash and
/// keeps the input (run with SWIFT_BACKTRACE=enable=no, or Swift's backtracer eats the signal).
public func finding(_ message: String) -> Never {
  let line = "ghostframe-fuzz: \(message)\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  abort()
}

/// The message gf_last_error_message held before the call being checked; see ``prime()``.
nonisolated(unsafe) private var primedMessage = ""
nonisolated(unsafe) private var primeCount: UInt64 = 0

/// Sets the thread's last error to a message no other call writes, so that ``clean(_:_:)``
/// can tell a failing call wrote its own message (the C tests' gf_test_prime, in Swift).
public func prime() {
  primeCount &+= 1
  var curve: OpaquePointer?
  let status = "fuzz-primer-\(primeCount)".withCString { gf_curve_parse($0, &curve) }
  gf_curve_free(curve)
  primedMessage = status == GF_OK ? "" : String(cString: gf_last_error_message())
}

/// Checks the status of a call made after ``prime()``: GF_OK, or a documented error with a
/// fresh message. GF_E_INTERNAL, unknown codes and silent failures are findings.
///
/// - Returns: whether the call succeeded.
@discardableResult
public func clean(_ status: gf_status, _ call: @autoclosure () -> String) -> Bool {
  if status == GF_OK { return true }
  let name = String(cString: gf_status_string(status))
  let message = String(cString: gf_last_error_message())
  if status > 0 || status == GF_E_INTERNAL || name == "unknown status" {
    finding("\(call()) returned \(status) (\(name)): \(message)")
  }
  if message.isEmpty || message == primedMessage {
    finding("\(call()) failed with \(name) but left no message of its own")
  }
  return false
}

/// Calls `body` with the input as a NUL-terminated C string (cut at its first NUL byte, as a
/// C caller's string would be).
public func withCString<R>(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: (UnsafePointer<CChar>) -> R) -> R {
  let copy = UnsafeMutablePointer<CChar>.allocate(capacity: size + 1)
  defer { copy.deallocate() }
  UnsafeMutableRawPointer(copy).copyMemory(from: data, byteCount: size)
  copy[size] = 0
  return body(copy)
}

/// The input as lines: split at "\n", each NUL-terminated (a NUL byte inside a line ends it).
public func lines(_ data: UnsafePointer<UInt8>, _ size: Int) -> [[CChar]] {
  var result: [[CChar]] = []
  var current: [CChar] = []
  for i in 0..<size {
    if data[i] == UInt8(ascii: "\n") {
      result.append(current + [0])
      current = []
    } else {
      current.append(CChar(bitPattern: data[i]))
    }
  }
  result.append(current + [0])
  return result
}
