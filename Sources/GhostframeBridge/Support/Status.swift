import CGhostframe
import Ghostframe
import Glibc

/// A NUL-terminated pointer to a string literal's static storage.
func staticCString(_ literal: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func gf_version_string() -> UnsafePointer<CChar>? {
  staticCString(GhostframeVersion.string)
}

@c @implementation
public func gf_version_number() -> UInt32 {
  // GF_VERSION_NUMBER is an expression macro, which Swift does not import.
  UInt32(GF_VERSION_MAJOR * 10000 + GF_VERSION_MINOR * 100 + GF_VERSION_PATCH)
}

@c @implementation
public func gf_abi_version() -> UInt32 {
  UInt32(GF_ABI_VERSION)
}

@c @implementation
public func gf_status_string(_ status: gf_status) -> UnsafePointer<CChar>? {
  switch status {
  case GF_OK: return staticCString("GF_OK")
  case GF_E_NULL_ARGUMENT: return staticCString("GF_E_NULL_ARGUMENT")
  case GF_E_INVALID_ARGUMENT: return staticCString("GF_E_INVALID_ARGUMENT")
  case GF_E_PARSE: return staticCString("GF_E_PARSE")
  case GF_E_BUFFER_TOO_SMALL: return staticCString("GF_E_BUFFER_TOO_SMALL")
  case GF_E_INVALID_UTF8: return staticCString("GF_E_INVALID_UTF8")
  case GF_E_NOT_FOUND: return staticCString("GF_E_NOT_FOUND")
  case GF_E_LIMIT: return staticCString("GF_E_LIMIT")
  case GF_E_MISUSE: return staticCString("GF_E_MISUSE")
  case GF_E_CALLBACK: return staticCString("GF_E_CALLBACK")
  case GF_E_IO: return staticCString("GF_E_IO")
  case GF_E_INTERNAL: return staticCString("GF_E_INTERNAL")
  default: return staticCString("unknown status")
  }
}

@c @implementation
public func gf_last_error_message() -> UnsafePointer<CChar>? {
  lastErrorPointer() ?? staticCString("")
}

@c @implementation
public func gf_string_free(_ string: UnsafeMutablePointer<CChar>?) {
  free(string)
}

/// Returns a malloc'd copy of `text` for the caller to release with gf_string_free.
func ownedCString(_ text: String) -> UnsafeMutablePointer<CChar>? {
  text.withCString { strdup($0) }
}
