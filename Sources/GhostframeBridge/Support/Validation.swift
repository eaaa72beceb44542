import CGhostframe
import Glibc

// The checks and conversions an export's body makes on its arguments. Each throws the
// BridgeError the export fails with; `name` is always the argument's name in the header.

/// A required pointer (or other optional) argument: throws GF_E_NULL_ARGUMENT for NULL.
@inline(__always)
func required<T>(_ value: T?, _ name: StaticString) throws(BridgeError) -> T {
  guard let value else { throw BridgeError(GF_E_NULL_ARGUMENT, "\(name) is NULL") }
  return value
}

/// Checks a double is finite.
@inline(__always)
func finite(_ value: Double, _ name: StaticString) throws(BridgeError) {
  guard value.isFinite else { throw BridgeError(GF_E_INVALID_ARGUMENT, "\(name) must be finite (got \(value))") }
}

/// An int32 flag, which must be 0 or 1.
@inline(__always)
@discardableResult
func flag(_ value: Int32, _ name: StaticString) throws(BridgeError) -> Bool {
  guard value == 0 || value == 1 else {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "\(name) must be 0 or 1 (got \(value))")
  }
  return value == 1
}

/// Checks the caller's struct_size covers the `expected` bytes of the struct `name`.
func structSize(_ size: UInt32, atLeast expected: Int, _ name: StaticString) throws(BridgeError) {
  guard Int(size) >= expected else {
    throw BridgeError(GF_E_INVALID_ARGUMENT,
      "\(name).struct_size is \(size), expected at least \(expected); initialise it with the matching gf_*_init")
  }
}

/// Reads a struct versioned by its leading `struct_size`: the caller's bytes up to the size it
/// gives, and for the fields a caller built before them does not have, what `defaults` writes.
/// Throws GF_E_INVALID_ARGUMENT when the size is below `oldestSize`, the first released layout.
func readVersioned<T>(
  _ pointer: UnsafePointer<T>, defaults: (UnsafeMutablePointer<T>) -> Void, oldestSize: Int, _ name: StaticString
) throws(BridgeError) -> T {
  let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
  try structSize(UInt32(size), atLeast: oldestSize, name)
  let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
  defer { value.deallocate() }
  defaults(value)
  UnsafeMutableRawPointer(value).copyMemory(from: pointer, byteCount: min(size, MemoryLayout<T>.size))
  return value.pointee
}

/// The most bytes of text any single call accepts.
let maximumTextLength = 64 << 20

/// Decodes `length` bytes (or up to the NUL when length is nil) as UTF-8: GF_E_LIMIT past
/// ``maximumTextLength``, GF_E_INVALID_UTF8 for bytes that are not UTF-8.
func readText(_ pointer: UnsafePointer<CChar>, length: Int?, _ name: StaticString) throws(BridgeError) -> String {
  let count: Int
  if let length {
    guard length >= 0, length <= maximumTextLength else {
      throw BridgeError(GF_E_LIMIT, "\(name) is longer than \(maximumTextLength) bytes")
    }
    count = length
  } else {
    count = strnlen(pointer, maximumTextLength + 1)
    guard count <= maximumTextLength else {
      throw BridgeError(GF_E_LIMIT, "\(name) is longer than \(maximumTextLength) bytes")
    }
  }
  let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
  guard let text = String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) else {
    throw BridgeError(GF_E_INVALID_UTF8, "\(name) is not valid UTF-8")
  }
  return text
}

/// A required NUL-terminated UTF-8 argument.
func requiredText(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(BridgeError) -> String {
  try readText(required(pointer, name), length: nil, name)
}

/// An optional NUL-terminated UTF-8 argument (NULL gives nil).
func optionalText(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(BridgeError) -> String? {
  guard let pointer else { return nil }
  return try readText(pointer, length: nil, name)
}

/// A `json` argument of `length` bytes; NULL is allowed when length is 0 (the empty document,
/// which the parser then refuses as not JSON).
func jsonText(_ json: UnsafePointer<CChar>?, _ length: Int) throws(BridgeError) -> String {
  guard let json else {
    guard length == 0 else { throw BridgeError(GF_E_NULL_ARGUMENT, "json is NULL") }
    return ""
  }
  return try readText(json, length: length, "json")
}

/// The most doubles one array argument may hold (gf_animation_set_keyframes and friends).
let maximumArrayCount = 1 << 24

/// Copies `count` doubles from a caller array, rejecting NULL (when count > 0), counts past
/// `limit` (GF_E_LIMIT, before anything is read) and non-finite values.
func readDoubles(_ pointer: UnsafePointer<Double>?, _ count: Int, _ name: StaticString,
                 limit: Int = maximumArrayCount) throws(BridgeError) -> [Double] {
  guard count >= 0, count <= limit else {
    throw BridgeError(GF_E_LIMIT, "\(name): count \(UInt(bitPattern: count)) exceeds the limit of \(limit) values")
  }
  guard count > 0 else { return [] }
  let pointer = try required(pointer, name)
  let values = Array(UnsafeBufferPointer(start: pointer, count: count))
  if let bad = values.firstIndex(where: { !$0.isFinite }) {
    throw BridgeError(GF_E_INVALID_ARGUMENT, "\(name)[\(bad)] must be finite (got \(values[bad]))")
  }
  return values
}

/// Checks a caller's buffer capacity (a C `size_t`, which Swift sees as `Int`): a capacity whose
/// size in bytes would overflow (`capacity × elementSize` past `PTRDIFF_MAX`, `SIZE_MAX` included)
/// describes no buffer and is `GF_E_INVALID_ARGUMENT`, as an oversized count is for
/// `gf_curve_eval_n`.
@inline(__always)
func validCapacity(_ capacity: Int, elementSize: Int, _ name: StaticString) throws(BridgeError) {
  guard capacity >= 0, capacity <= Int.max / max(elementSize, 1) else {
    throw BridgeError(GF_E_INVALID_ARGUMENT,
      "\(name) is too large (\(UInt(bitPattern: capacity))): \(name) × \(elementSize) bytes overflows, so it cannot be a buffer's size")
  }
}
