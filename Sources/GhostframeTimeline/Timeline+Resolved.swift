import GhostframeCore

extension Timeline {
  /// This timeline with the registry definitions it names copied into its own
  /// ``definitions``, and a fresh empty registry: a timeline that schedules and applies the same
  /// whatever is later registered or removed.
  ///
  /// Hosts that keep a timeline (the C ABI's `gf_timeline`) resolve it once, so its schedule,
  /// its animations and its JSON agree with one another. Names neither the timeline nor the
  /// registry defines stay unresolved, and ``schedule()`` reports them.
  ///
  /// - Complexity: O(items), one registry look-up per distinct name.
  public func resolved() -> Timeline {
    var names: [String] = []
    var seen = Set(definitions.map(\.name))
    // Iterative, so a timeline of any depth is walked without recursion; a stack of (items, next
    // index), so a long sequence is not copied.
    var pending: [([TimelineItem], Int)] = [([root], 0)]
    // Instances come in runs of one name: the set is asked once per run, not once per instance.
    var last: String?
    while let (items, index) = pending.popLast() {
      guard index < items.count else { continue }
      pending.append((items, index + 1))
      switch items[index].kind {
      case .instance(let instance):
        guard instance.definition != last else { continue }
        last = instance.definition
        if seen.insert(instance.definition).inserted { names.append(instance.definition) }
      case .sequence(let nested), .parallel(let nested):
        pending.append((nested, 0))
      case .delay, .stagger, .label, .call:
        break
      }
    }
    let copied = names.compactMap { registry.definition(named: $0) }
    return Timeline(root: root, definitions: definitions + copied, registry: TimelineRegistry())
  }
}
