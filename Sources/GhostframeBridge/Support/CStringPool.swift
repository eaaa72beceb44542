import Glibc

/// C copies of strings a handle hands out (names and layer ids in a timeline's or a chain's
/// entries, a timeline player's events): one copy per distinct string, owned by the pool and
/// freed with it, so what a handle returns stays valid until the handle is freed and handing it
/// out again allocates nothing.
///
/// One handle's calls use its pool one at a time (the handle table's rule), so it has no lock.
final class CStringPool {
  private var copies: [String: UnsafeMutablePointer<CChar>] = [:]

  init() {}

  deinit {
    for copy in copies.values { free(copy) }
  }

  /// The pool's copy of `text`, made on first use; nil when out of memory (the pool is then as
  /// it was).
  func pointer(_ text: String) -> UnsafeMutablePointer<CChar>? {
    if let existing = copies[text] { return existing }
    guard let made = ownedCString(text) else { return nil }
    copies[text] = made
    return made
  }

}
