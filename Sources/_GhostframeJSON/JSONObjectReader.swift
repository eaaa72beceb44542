import GhostframeCore

/// An object's members with its path, for reading required and optional keys.
///
/// Errors are `.invalidArgument`, prefixed with the object's path.
package struct JSONObjectReader: Sendable {
  /// The object.
  package let object: JSONObject
  /// Where the object is in its document.
  package let path: JSONPath

  /// A reader for `object` at `path`.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - path: Where the object is; the root by default.
  package init(_ object: JSONObject, path: JSONPath = JSONPath()) {
    self.object = object
    self.path = path
  }

  /// The keys, in document order.
  package var keys: [String] { object.keys }

  /// The value of a key that must be present.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value, its path extended by `key`.
  /// - Throws: `.invalidArgument` if the key is absent: `layers[3]: missing required key 'id'`.
  /// - Complexity: O(1) on average.
  package func required(_ key: String) throws(GhostframeError) -> JSONReader {
    guard let reader = optional(key) else {
      throw .invalid("\(path): missing required key \(MessageText.quoted(key))")
    }
    return reader
  }

  /// The value of a key that may be absent.
  ///
  /// - Parameter key: The key.
  /// - Returns: A reader for the value, or nil if the key is absent. A key present with
  ///   the value `null` gives a reader whose ``JSONReader/isNull`` is true.
  /// - Complexity: O(1) on average.
  package func optional(_ key: String) -> JSONReader? {
    object[key].map { JSONReader($0, path: path.appending(key: key)) }
  }

  /// Rejects keys outside `allowed`, catching misspellings that would otherwise be
  /// silently ignored.
  ///
  /// - Parameter allowed: The keys the reader understands.
  /// - Throws: `.invalidArgument` naming the first unknown key in document order, with the
  ///   closest allowed key when one is a small edit away:
  ///   `layers[3]: unknown key 'fram' (did you mean 'frame'?)`; otherwise, when there are
  ///   at most 8 allowed keys, listing them.
  /// - Complexity: O(n) for n members; the suggestion compares the unknown key with each
  ///   allowed key of similar length.
  package func rejectUnknownKeys(allowed: Set<String>) throws(GhostframeError) {
    // Compare code unit by code unit, as the object does (String equality is canonical: "\u{212A}"
    // equals "K"), without building a set per object.
    for key in object.keys {
      if let match = allowed.firstIndex(of: key), JSONKey.sameBytes(allowed[match], key) { continue }
      var message = "\(path): unknown key \(MessageText.quoted(key))"
      if let suggestion = Suggestion.closest(to: key, among: allowed) {
        message += " (did you mean \(MessageText.quoted(suggestion))?)"
      } else if !allowed.isEmpty && allowed.count <= 8 {
        let listed = allowed.sorted().map(MessageText.quoted).joined(separator: ", ")
        message += " (expected one of \(listed))"
      } else if allowed.isEmpty {
        message += " (no keys are allowed here)"
      }
      throw .invalid(message)
    }
  }
}
