/// "Did you mean" suggestions for misspelled names: JSON keys and enum values (GhostframeFormats),
/// adjust-line modifiers and selectors (GhostframeSkeleton). In Core so that both can use it.
package enum Suggestion {
  /// Keys longer than this, in Unicode scalars, get no suggestion.
  package static let maxKeyLength = 64

  /// The candidate closest to `key`, if it is a small edit away.
  ///
  /// Distance is the optimal string alignment distance (insertions, deletions,
  /// substitutions and swaps of neighbours, each 1) over Unicode scalars with ASCII letters
  /// lowercased. A candidate qualifies at distance ≤ 1 for keys up to 3 scalars, ≤ 2 up to
  /// 6, else ≤ 3, and only if the distance is less than the longer length (so `x` does not
  /// suggest `y`). Ties go to the candidate that sorts first.
  ///
  /// - Parameters:
  ///   - key: The unknown key.
  ///   - candidates: The allowed keys.
  /// - Returns: The suggestion, or nil.
  /// - Complexity: O(m · k²) for m candidates with k ≤ 64 scalars.
  package static func closest(to key: String, among candidates: Set<String>) -> String? {
    let target = folded(key)
    guard target.count <= maxKeyLength else { return nil }
    let limit = target.count <= 3 ? 1 : target.count <= 6 ? 2 : 3
    var best: (distance: Int, key: String)?
    for candidate in candidates {
      let folded = folded(candidate)
      // The distance is at least the difference in length.
      guard abs(folded.count - target.count) <= limit else { continue }
      let distance = distance(target, folded)
      guard distance <= limit, distance < max(target.count, folded.count) else { continue }
      if let current = best,
        current.distance < distance || (current.distance == distance && current.key < candidate)
      {
        continue
      }
      best = (distance, candidate)
    }
    return best?.key
  }

  /// Scalar values with ASCII letters lowercased.
  private static func folded(_ text: String) -> [UInt32] {
    text.unicodeScalars.map { scalar in
      let value = scalar.value
      return value >= 0x41 && value <= 0x5A ? value + 0x20 : value
    }
  }

  /// The optimal string alignment distance between `a` and `b`.
  package static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    let width = b.count + 1
    // Three rows: two back (for swaps), previous, current.
    var twoBack = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, twoBack[j - 2] + 1)
        }
        current[j] = value
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }
}
