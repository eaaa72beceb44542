import CGhostframe

/// Reads a fuzz input as a stream of choices, for the targets whose input is parameters rather
/// than text (chain links, tool parameters, view chains). Every read succeeds: past the end it
/// gives zeros, so any input is a valid program. scripts/fuzz/make_corpus.py writes seeds in the
/// same encoding (its `Bytes` class).
public struct FuzzBytes {
  private let data: UnsafePointer<UInt8>
  private let size: Int
  private var offset = 0

  /// Numbers a host should never send, and some it often does: a selector byte below 0x80 picks
  /// one of these (modulo their count).
  public static let numbers: [Double] = [
    0, -0.0, 1, -1, 0.5, 0.25, 2, 10, 100, 1e-3, 1e-12, 1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude,
    1e6, 1e15, 1e16, 1e154, 1e300, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .infinity, -.infinity, .nan, 4294967296, 9007199254740992, 2147483648, 0.1, 1e-9, 375, 667,
  ]

  /// Reads `data[0..<size]`.
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    self.data = data
    self.size = size
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { offset >= size }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard offset < size else { return 0 }
    defer { offset += 1 }
    return data[offset]
  }

  /// A number less than `bound` (> 0), from one byte.
  public mutating func below(_ bound: Int) -> Int { Int(byte()) % bound }

  /// Whether the next byte is odd.
  public mutating func flag() -> Bool { byte() & 1 == 1 }

  /// A 32-bit number from four bytes, little-endian.
  public mutating func uint32() -> UInt32 {
    var value: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
    return value
  }

  /// A double: a selector byte below 0x80 picks from ``numbers``; 0xFF reads the next eight bytes
  /// as the bits of any double; anything else is a small ordinary value, (selector - 0x80) / 8.
  public mutating func double() -> Double {
    let selector = byte()
    if selector < 0x80 { return Self.numbers[Int(selector) % Self.numbers.count] }
    if selector == 0xFF {
      var bits: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
      return Double(bitPattern: bits)
    }
    return Double(selector - 0x80) / 8
  }

  /// One of `choices` as a NUL-terminated C string (nil where `choices` has nil), or (selector
  /// 0xFF) raw bytes read from the input, up to 255, cut at the first NUL as a C caller's string
  /// would be: any bytes, invalid UTF-8 too.
  public mutating func text(_ choices: [String?]) -> [CChar]? {
    let selector = byte()
    guard selector == 0xFF else { return choices[Int(selector) % choices.count].map { Array($0.utf8CString) } }
    let length = Int(byte())
    var bytes: [CChar] = []
    for _ in 0..<length {
      let next = byte()
      if next == 0 { break }
      bytes.append(CChar(bitPattern: next))
    }
    return bytes + [0]
  }

  /// Sets each of `fields` of `value` to the next double, in order.
  public mutating func fill<T>(_ value: inout T, _ fields: [WritableKeyPath<T, Double>]) {
    for field in fields { value[keyPath: field] = double() }
  }

  /// `count` doubles.
  public mutating func doubles(_ count: Int) -> [Double] { (0..<count).map { _ in double() } }
}

/// Calls `body` with `text`'s C string, or NULL.
public func withText<R>(_ text: [CChar]?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
  guard let text else { return body(nil) }
  return text.withUnsafeBufferPointer { body($0.baseAddress) }
}

/// Calls `body` with `values`' storage, or NULL.
public func withValues<R>(_ values: [Double]?, _ body: (UnsafePointer<Double>?) -> R) -> R {
  guard let values else { return body(nil) }
  return values.withUnsafeBufferPointer { body($0.baseAddress) }
}

/// A finding unless every number of `values` is finite: what a call that returned GF_OK wrote.
/// The message starts "GF_OK with non-finite output from CALL" (scripts/fuzz/known-issues.txt
/// matches it by call).
public func expectFinite(_ values: [Double], _ what: @autoclosure () -> String) {
  if let bad = values.first(where: { !$0.isFinite }) {
    finding("GF_OK with non-finite output from \(what()): \(bad) in \(values)")
  }
}

/// The numbers of a sampled layer state, for ``expectFinite(_:_:)``.
public func numbers(of state: gf_layer_state) -> [Double] {
  var values = [state.x, state.y, state.width, state.height, state.corner_radius, state.r, state.g, state.b, state.a,
                state.opacity, state.z_position]
  withUnsafeBytes(of: state.transform) { values += $0.bindMemory(to: Double.self) }
  return values
}

/// Runs up to four of `runs` on the input, each chosen by a selector byte (modulo their count)
/// and reading its parameters from the bytes after it: the entry of the targets that drive
/// several kinds of handle.
public func fuzzRuns(_ data: UnsafePointer<UInt8>, _ size: Int, _ runs: [(inout FuzzBytes) -> Void]) {
  var bytes = FuzzBytes(data, size)
  for _ in 0..<4 where !bytes.isAtEnd { runs[bytes.below(runs.count)](&bytes) }
}
