import GhostframeCore

/// A thread-safe bag of named ``TimelineDefinition``s (Anim's global bag): define once, use in
/// any timeline with any layers and durations.
///
/// Every method may be called from any thread; each is atomic. A ``Timeline`` looks names up here
/// when it is scheduled, after its own definitions, which shadow these. A replaced or removed
/// definition is released after the lock is, so the function freeing a host curve's user data
/// (which may hold the definition's last reference) never runs under it and may use the registry.
public final class TimelineRegistry: Sendable {
  /// The process-wide registry timelines use unless given another.
  public static let shared = TimelineRegistry()

  // The package's one locked box (``PosixLocked``: ThreadSanitizer sees its ordering, unlike a
  // `Mutex`'s, so the thread stress test can run through the registry).
  private let definitions = PosixLocked<[String: TimelineDefinition]>([:])

  /// Creates an empty registry.
  public init() {}

  /// Adds a definition, replacing one of the same name.
  public func register(_ definition: TimelineDefinition) {
    let replaced = definitions.withLock { $0.updateValue(definition, forKey: definition.name) }
    _ = replaced  // released here, after the lock
  }

  /// The definition named `name`, or nil.
  public func definition(named name: String) -> TimelineDefinition? {
    definitions.withLock { $0[name] }
  }

  /// Removes the definition named `name`; returns whether there was one.
  @discardableResult
  public func removeDefinition(named name: String) -> Bool {
    let removed = definitions.withLock { $0.removeValue(forKey: name) }
    return removed != nil  // released on return, after the lock
  }

  /// The registered names, sorted.
  public var names: [String] {
    definitions.withLock { $0.keys.sorted() }
  }
}
