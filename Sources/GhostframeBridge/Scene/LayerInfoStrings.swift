import Glibc

/// The strings gf_scene_layer_info hands to C: one malloc'd copy per distinct string, kept while
/// the scene stays at the revision they were made at, so a `gf_layer_info`'s `id` and `view_id`
/// stay valid across later calls until the scene changes (the header's lifetime rule). Bounded by
/// the strings of one revision of the scene: its layer ids and view ids.
final class LayerInfoStrings {
  private var pointers: [String: UnsafeMutablePointer<CChar>] = [:]
  private var revision: UInt64 = 0

  /// The kept copy of `text` for a scene at `revision` (the copies of an older revision are
  /// freed first); nil when no memory is left for it.
  func pointer(for text: String, revision: UInt64) -> UnsafePointer<CChar>? {
    if revision != self.revision {
      release()
      self.revision = revision
    }
    if let known = pointers[text] { return UnsafePointer(known) }
    guard let copy = ownedCString(text) else { return nil }
    pointers[text] = copy
    return UnsafePointer(copy)
  }

  private func release() {
    for pointer in pointers.values { free(pointer) }
    pointers = [:]
  }

  deinit { release() }
}
