import GhostframeCore
import Synchronization

/// A thread-safe bag of named ``TimelineDefinition``s (Anim's global bag): define once, use in
/// any timeline with any layers and durations.
///
/// Every method may be called from any thread; each is atomic. A ``Timeline`` looks names up here
/// when it is scheduled, after its own definitions, which shadow these.
public final class TimelineRegistry: Sendable {
  /// The process-wide registry timelines use unless given another.
  public static let shared = TimelineRegistry()

  private let definitions = Mutex<[String: TimelineDefinition]>([:])

  /// Creates an empty registry.
  public init() {}

  /// Adds a definition, replacing one of the same name.
  public func register(_ definition: TimelineDefinition) {
    definitions.withLock { $0[definition.name] = definition }
  }

  /// The definition named `name`, or nil.
  public func definition(named name: String) -> TimelineDefinition? {
    definitions.withLock { $0[name] }
  }

  /// Removes the definition named `name`; returns whether there was one.
  @discardableResult
  public func removeDefinition(named name: String) -> Bool {
    definitions.withLock { $0.removeValue(forKey: name) != nil }
  }

  /// The registered names, sorted.
  public var names: [String] {
    definitions.withLock { $0.keys.sorted() }
  }
}
