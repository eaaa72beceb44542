import GhostframeCore

extension JSONValue {
  /// Parses JSON text (RFC 8259, strictly).
  ///
  /// Rejected: trailing commas, comments, single quotes, `NaN`/`Infinity`, leading zeros
  /// (`01`), `+1`, `.5`, `1.`, unescaped control characters in strings, invalid escapes,
  /// lone surrogates (`\uD800` without a low surrogate after it), duplicate keys, and
  /// anything after the top-level value other than whitespace. Any value may be the top
  /// level (`3`, `"a"`). A leading byte order mark is ignored (RFC 8259 §8.1 allows it).
  ///
  /// Numbers become the nearest `Double` (`Double(String)` rounding); `-0` stays
  /// negative zero. A number beyond ±1.7976931348623157e308 that would round to infinity
  /// is an error; one too small for a `Double` becomes 0 or a subnormal, as rounding gives.
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - limits: Depth, size and value-count limits; ``JSONLimits/default`` by default.
  /// - Throws: `.parse` for malformed text, with the 1-based line and column (in Unicode
  ///   scalars) and what was expected and found: `line 3, column 14: expected ',' or '}'
  ///   after an object member, found 'x'`. `.limit` when the document exceeds a limit,
  ///   naming it.
  /// - Complexity: O(n) in the length of the document.
  package init(parsing text: String, limits: JSONLimits = .default) throws(GhostframeError) {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(GhostframeError) -> JSONValue in
        try JSONValue.parse(bytes, limits: limits, validateUTF8: false)
      }
    }
    self = try result.get()
  }

  /// Parses JSON text from UTF-8 bytes, validating the encoding first.
  ///
  /// The grammar and number handling are those of `init(parsing:limits:)` for a `String`.
  ///
  /// - Parameters:
  ///   - bytes: The document as UTF-8; it may be empty or have a nil base address.
  ///   - limits: Depth, size and value-count limits; ``JSONLimits/default`` by default.
  /// - Throws: `.limit` if the document is longer than `limits.maxBytes`; `.invalidUTF8`
  ///   naming the byte offset of the first ill-formed sequence (overlong forms, encoded
  ///   surrogates, truncated sequences, bytes that never occur in UTF-8), checked before
  ///   the grammar; `.parse` for malformed JSON; `.limit` for the depth and value limits.
  /// - Complexity: O(n) in the length of the document.
  package init(
    parsing bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default
  ) throws(GhostframeError) {
    self = try JSONValue.parse(bytes, limits: limits, validateUTF8: true)
  }

  /// Checks the size, then the encoding if asked, then parses.
  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits, validateUTF8: Bool
  ) throws(GhostframeError) -> JSONValue {
    guard bytes.count <= limits.maxBytes else {
      throw GhostframeError(
        .limit, "a document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes (maxBytes)")
    }
    if validateUTF8, let offset = JSONUTF8.firstInvalidOffset(in: bytes) {
      let byte = MessageText.hex(UInt32(bytes[offset]), digits: 2)
      throw GhostframeError(.invalidUTF8, "invalid UTF-8 at byte offset \(offset) (byte 0x\(byte))")
    }
    var parser = JSONParser(bytes: bytes, limits: limits)
    return try parser.parseDocument()
  }
}
