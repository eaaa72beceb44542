#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The libm functions the curves need, without Foundation.
///
/// None of them traps: out-of-domain arguments give NaN or ±infinity.
enum Elementary {
  @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
  @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
  @inline(__always) static func exp(_ x: Double) -> Double { libmExp(x) }
  @inline(__always) static func exp2(_ x: Double) -> Double { libmExp2(x) }
  @inline(__always) static func log(_ x: Double) -> Double { libmLog(x) }
  @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
}

// File-scope wrappers: inside `Elementary` the names would resolve to its own members.
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmExp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libmExp2(_ x: Double) -> Double { exp2(x) }
@inline(__always) private func libmLog(_ x: Double) -> Double { log(x) }
@inline(__always) private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
