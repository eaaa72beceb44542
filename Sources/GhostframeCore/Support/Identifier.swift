/// The rule every name a host gives the engine follows: layer ids and parents, animation keys,
/// custom property names, a transition's `fromLayer`, view-tree node ids, cell template names and
/// list group names contain no NUL.
///
/// A NUL would reach a C host truncated (event callbacks, `gf_scene_to_json` readers in C, the
/// Python binding's `c_char_p`), so two different names would look the same there; the engine
/// refuses them where they come in, so no path (C, JSON, Swift) can store one.
package enum Identifier {
  /// Whether `text` contains a NUL (U+0000).
  ///
  /// Checked for every generated layer: the bytes are scanned in place (a native or small
  /// string is contiguous), not through the generic `UTF8View` iterator, which is several
  /// times slower.
  @inline(__always)
  package static func containsNUL(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) {
      return found
    }
    return text.utf8.contains(0)
  }

  /// Throws `.invalidArgument` naming `what` when `text` contains a NUL.
  ///
  /// - Parameters:
  ///   - text: The name.
  ///   - what: Where it came from, for the message (`layer 'a'.parent`, `root.children[2].id`).
  package static func check(_ text: String, _ what: @autoclosure () -> String) throws(GhostframeError) {
    guard containsNUL(text) else { return }
    throw .invalid("\(what()) contains NUL (U+0000), which C hosts would see truncated: \(quoted(text))")
  }

  /// `text` quoted with NUL and other control characters escaped, at most 64 scalars.
  package static func quoted(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let shown = scalars.prefix(64).map { $0.escaped(asASCII: false) }.joined()
    return "'" + shown + (scalars.count > 64 ? "…" : "") + "'"
  }
}
