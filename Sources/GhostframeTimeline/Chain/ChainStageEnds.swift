/// The end of a chain kept up to date as links are added, so a link that would end the chain past
/// the largest Double is found when it is added without compiling the whole chain.
///
/// A stage ends `max(0, longest begin + active of its links)` after it starts, so the chain's end
/// is the sum of those lengths; ``AnimationChain/compile(start:)`` rounds on the way, by at most
/// 1e-10 relative for 100,000 links. While that sum stays below the largest Double by more than
/// 1e-9 relative, a link is accepted in O(1). Nearer, the stage ends are computed exactly as the
/// compile does (O(1) for a link of the last stage once they are; O(links of the later stages)
/// for one that lengthens an earlier stage), so the answer is the compile's.
struct ChainStageEnds {
  /// The exact end of each stage, for the stages before `ends.count` (the rest are stale).
  private var ends: [Double] = []
  /// Each stage's links: begin time within the stage, active duration.
  private var links: [[(begin: Double, active: Double)]] = []
  /// Each stage's longest `begin + active` (0 at least).
  private var longest: [Double] = []
  /// The sum of `longest`: the chain's end, to within rounding.
  private var total = 0.0
  /// The number of links added.
  private(set) var count = 0

  /// Below this the chain's end is finite whatever the rounding.
  private static let safe = Double.greatestFiniteMagnitude * (1 - 1e-9)

  /// The chain's end as ``AnimationChain/compile(start:)`` computes it at start 0.
  var end: Double {
    links.isEmpty ? 0 : exactEnds(adding: nil, to: links.count - 1).ends.last ?? .infinity
  }

  /// Adds a link beginning `begin` seconds into `stage` (at most the number of stages: a new last
  /// stage) and active for `active` seconds, both finite and >= 0; all or nothing.
  ///
  /// - Returns: nil when added; else the first stage that would end past the largest Double,
  ///   and nothing changed.
  mutating func add(begin: Double, active: Double, to stage: Int) -> Int? {
    guard stage >= 0, stage <= links.count else { return stage }
    let length = begin + active
    let isNewStage = stage == links.count
    let previous = isNewStage ? 0 : longest[stage]
    let newTotal = length > previous ? total + (length - previous) : total
    if !(newTotal < Self.safe) {
      let exact = exactEnds(adding: (begin, active), to: stage)
      if let overflow = exact.overflow { return overflow }
      ends.replaceSubrange(exact.from..., with: exact.ends)
    } else if stage < ends.count {
      // The exact ends from this stage on no longer hold; they are recomputed when needed.
      ends.removeSubrange(stage...)
    }
    if isNewStage {
      links.append([(begin, active)])
      longest.append(max(length, 0))
    } else {
      links[stage].append((begin, active))
      longest[stage] = max(previous, length)
    }
    total = newTotal
    count += 1
    return nil
  }

  /// The exact ends of the stages from the first stale one (or `stage`) on, with the link added:
  /// the first index and the ends, or the first stage whose end overflows.
  private func exactEnds(adding link: (begin: Double, active: Double)?, to stage: Int)
    -> (from: Int, ends: [Double], overflow: Int?)
  {
    let from = min(ends.count, stage)
    var start = from == 0 ? 0 : ends[from - 1]
    var updated: [Double] = []
    for index in from...max(stage, links.count - 1) {
      var end = start
      if index < links.count {
        for other in links[index] { end = max(end, (start + other.begin) + other.active) }
      }
      if index == stage, let link { end = max(end, (start + link.begin) + link.active) }
      guard end.isFinite else { return (from, [], index) }
      updated.append(end)
      start = end
    }
    return (from, updated, nil)
  }
}
