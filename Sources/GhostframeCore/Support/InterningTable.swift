/// Distinct values in the order first seen, each with its index: a pool that hands out the same
/// index for equal values.
///
/// A `[Element: Int]` beside the array would keep every value twice, in a table twice as long as
/// the values (a compiled scene's top-level timings are 120 bytes each, and a timeline gives each
/// of its million animations its own). This keeps the values once and, beside them, a table of
/// 32-bit indices into them, probed linearly and kept at most half full.
struct InterningTable<Element: Hashable> {
  /// The distinct values, in the order first seen.
  private(set) var elements: [Element] = []
  /// Indices into `elements` (-1: empty); a power of two long.
  private var slots = [Int32](repeating: -1, count: 16)

  /// The index of `element`, appended if no equal value is there yet.
  mutating func index(of element: Element) -> Int {
    let slot = self.slot(of: element)
    let found = slots[slot]
    if found >= 0 { return Int(found) }
    elements.append(element)
    slots[slot] = Int32(truncatingIfNeeded: elements.count - 1)
    if elements.count * 2 > slots.count { grow() }
    return elements.count - 1
  }

  /// The slot holding `element`, or the empty slot where it would go.
  private func slot(of element: Element) -> Int {
    let mask = slots.count - 1
    var slot = element.hashValue & mask
    while true {
      let index = slots[slot]
      if index < 0 || elements[Int(index)] == element { return slot }
      slot = (slot + 1) & mask
    }
  }

  /// Doubles the table and places every value again.
  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, element) in elements.enumerated() {
      var slot = element.hashValue & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index)
    }
  }
}
