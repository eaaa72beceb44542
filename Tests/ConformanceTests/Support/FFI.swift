import CFFI
import Glibc

/// The C types that appear in ghostframe.h signatures, as libffi sees them.
enum FFIType: Equatable {
  case void, double, int32, uint32, size, pointer

  var ffi: UnsafeMutablePointer<ffi_type> {
    switch self {
    case .void: cffi_type_void()
    case .double: cffi_type_double()
    case .int32: cffi_type_sint32()
    case .uint32: cffi_type_uint32()
    case .size: cffi_type_uint64()
    case .pointer: cffi_type_pointer()
    }
  }
}

/// One argument value for a libffi call.
enum FFIValue {
  case double(Double)
  case int32(Int32)
  case uint32(UInt32)
  case size(UInt64)
  case pointer(UnsafeMutableRawPointer?)
}

/// The raw return of a libffi call, readable as each C return type.
struct FFIReturn {
  var bits: (UInt64, UInt64) = (0, 0)
  var int32: Int32 { Int32(truncatingIfNeeded: bits.0) }
  var uint32: UInt32 { UInt32(truncatingIfNeeded: bits.0) }
  var double: Double { Double(bitPattern: bits.0) }
  var pointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: UInt(bits.0)) }
}

/// A dlopen'ed library, called only through libffi: exactly how a dynamic host calls it.
final class NativeLibrary: @unchecked Sendable {
  let path: String
  private let handle: UnsafeMutableRawPointer

  /// Opens the library named by GHOSTFRAME_LIBRARY, else the libghostframe.so SwiftPM
  /// built beside the test executable.
  static let shared: Result<NativeLibrary, LibraryError> = {
    let path: String
    if let override = getenv("GHOSTFRAME_LIBRARY") {
      path = String(cString: override)
    } else {
      var buffer = [CChar](repeating: 0, count: 4096)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard length > 0 else { return .failure(LibraryError("cannot read /proc/self/exe")) }
      let exe = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let directory = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
      path = directory + "/libghostframe.so"
    }
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(LibraryError("dlopen(\(path)) failed: \(String(cString: dlerror()))"))
    }
    return .success(NativeLibrary(path: path, handle: handle))
  }()

  private init(path: String, handle: UnsafeMutableRawPointer) {
    self.path = path
    self.handle = handle
  }

  /// The address of an exported symbol, or nil.
  func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(handle, name)
  }

  /// Calls `name` through libffi with the given C signature and arguments.
  func call(_ name: String, returns: FFIType, _ arguments: [(FFIType, FFIValue)]) -> FFIReturn {
    guard let address = symbol(name) else {
      Issue.record("\(name) is not exported by \(path)")
      return FFIReturn()
    }
    let count = arguments.count
    let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(count, 1))
    let storage = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * 8, alignment: 8)
    let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(count, 1))
    defer {
      types.deallocate()
      storage.deallocate()
      values.deallocate()
    }
    for (index, (type, value)) in arguments.enumerated() {
      types[index] = type.ffi
      let slot = storage + index * 8
      switch value {
      case .double(let v): slot.storeBytes(of: v, as: Double.self)
      case .int32(let v): slot.storeBytes(of: v, as: Int32.self)
      case .uint32(let v): slot.storeBytes(of: v, as: UInt32.self)
      case .size(let v): slot.storeBytes(of: v, as: UInt64.self)
      case .pointer(let v): slot.storeBytes(of: v, as: UnsafeMutableRawPointer?.self)
      }
      values[index] = slot
    }
    var cif = ffi_cif()
    let prepared = ffi_prep_cif(&cif, FFI_DEFAULT_ABI, UInt32(count), returns.ffi, types)
    guard prepared == FFI_OK else {
      Issue.record("ffi_prep_cif failed for \(name)")
      return FFIReturn()
    }
    var result = FFIReturn()
    withUnsafeMutableBytes(of: &result.bits) { bytes in
      ffi_call(&cif, unsafeBitCast(address, to: (@convention(c) () -> Void).self), bytes.baseAddress, values)
    }
    return result
  }
}

struct LibraryError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

import Testing
