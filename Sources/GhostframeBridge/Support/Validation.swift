import CGhostframe
import Glibc

/// Checks the caller's struct_size covers the struct this library knows.
func checkStructSize(_ size: UInt32, of type: Any.Type, expected: Int, name: StaticString) -> gf_status? {
  guard Int(size) >= expected else {
    return fail(GF_E_INVALID_ARGUMENT,
      "\(name).struct_size is \(size), expected at least \(expected); initialise it with the matching gf_*_init")
  }
  return nil
}

/// Reads a struct versioned by its leading `struct_size`: the caller's bytes up to the size it
/// gives, and for the fields a caller built before them does not have, what `defaults` writes.
///
/// Returns nil (the error recorded) when the size is below `oldestSize`, the first released layout.
func readVersioned<T>(
  _ pointer: UnsafePointer<T>, defaults: (UnsafeMutablePointer<T>) -> Void, oldestSize: Int, name: StaticString
) -> T? {
  let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
  if checkStructSize(UInt32(size), of: T.self, expected: oldestSize, name: name) != nil { return nil }
  let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
  defer { value.deallocate() }
  defaults(value)
  UnsafeMutableRawPointer(value).copyMemory(from: pointer, byteCount: min(size, MemoryLayout<T>.size))
  return value.pointee
}

/// Checks a double is finite; `name` is the argument's name in the header.
func checkFinite(_ value: Double, _ name: StaticString) -> gf_status? {
  guard value.isFinite else { return fail(GF_E_INVALID_ARGUMENT, "\(name) must be finite (got \(value))") }
  return nil
}

/// Checks an int32 flag is 0 or 1.
func checkFlag(_ value: Int32, _ name: StaticString) -> gf_status? {
  guard value == 0 || value == 1 else {
    return fail(GF_E_INVALID_ARGUMENT, "\(name) must be 0 or 1 (got \(value))")
  }
  return nil
}

/// The most bytes of text any single call accepts.
let maximumTextLength = 64 << 20

/// Decodes `length` bytes (or up to the NUL when length is nil) as UTF-8.
/// - Returns: the text, or the status it failed with (the message already recorded).
func readText(_ pointer: UnsafePointer<CChar>, length: Int?, name: StaticString) -> Result<String, StatusError> {
  let count: Int
  if let length {
    guard length >= 0, length <= maximumTextLength else {
      return .failure(StatusError(fail(GF_E_LIMIT, "\(name) is longer than \(maximumTextLength) bytes")))
    }
    count = length
  } else {
    count = strnlen(pointer, maximumTextLength + 1)
    guard count <= maximumTextLength else {
      return .failure(StatusError(fail(GF_E_LIMIT, "\(name) is longer than \(maximumTextLength) bytes")))
    }
  }
  let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
  guard let text = String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) else {
    return .failure(StatusError(fail(GF_E_INVALID_UTF8, "\(name) is not valid UTF-8")))
  }
  return .success(text)
}

/// A status whose message has already been recorded.
struct StatusError: Error {
  let status: gf_status
  init(_ status: gf_status) { self.status = status }
}

/// Reads a required NUL-terminated UTF-8 argument.
func requiredText(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) -> Result<String, StatusError> {
  guard let pointer else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "\(name) is NULL"))) }
  return readText(pointer, length: nil, name: name)
}

/// Reads an optional NUL-terminated UTF-8 argument (NULL gives nil).
func optionalText(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) -> Result<String?, StatusError> {
  guard let pointer else { return .success(nil) }
  return readText(pointer, length: nil, name: name).map { Optional($0) }
}

/// The most doubles one array argument may hold (gf_animation_set_keyframes and friends).
let maximumArrayCount = 1 << 24

/// Copies `count` doubles from a caller array, rejecting NULL (when count > 0), counts past
/// ``maximumArrayCount`` (GF_E_LIMIT, before anything is read) and non-finite values.
func readDoubles(_ pointer: UnsafePointer<Double>?, _ count: Int, _ name: StaticString,
                 limit: Int = maximumArrayCount) -> Result<[Double], StatusError> {
  guard count >= 0, count <= limit else {
    return .failure(StatusError(fail(GF_E_LIMIT,
      "\(name): count \(UInt(bitPattern: count)) exceeds the limit of \(limit) values")))
  }
  guard count > 0 else { return .success([]) }
  guard let pointer else { return .failure(StatusError(fail(GF_E_NULL_ARGUMENT, "\(name) is NULL"))) }
  let values = Array(UnsafeBufferPointer(start: pointer, count: count))
  if let bad = values.firstIndex(where: { !$0.isFinite }) {
    return .failure(StatusError(fail(GF_E_INVALID_ARGUMENT, "\(name)[\(bad)] must be finite (got \(values[bad]))")))
  }
  return .success(values)
}

/// Checks a caller's buffer capacity (a C `size_t`, which Swift sees as `Int`): a capacity whose
/// size in bytes would overflow (`capacity × elementSize` past `PTRDIFF_MAX`, `SIZE_MAX` included)
/// describes no buffer and is `GF_E_INVALID_ARGUMENT`, as an oversized count is for
/// `gf_curve_eval_n`. `name` is the argument's name in the header.
func checkCapacity(_ capacity: Int, elementSize: Int, _ name: StaticString) -> gf_status? {
  guard capacity >= 0, capacity <= Int.max / max(elementSize, 1) else {
    return fail(GF_E_INVALID_ARGUMENT,
      "\(name) is too large (\(UInt(bitPattern: capacity))): \(name) × \(elementSize) bytes overflows, so it cannot be a buffer's size")
  }
  return nil
}
