import GhostframeCore

/// A bounded reuse pool of snapshot layer ids (the card transition's pool): a transition takes its
/// part layers from it and gives them back when it is done, so the next transition reuses them.
///
/// ``acquire()`` hands out a released id when there is one, or makes a new one while fewer than
/// ``capacity`` exist; the counts are exposed so hosts and tests can see the reuse.
public struct SnapshotLayerPool: Sendable, Hashable {
  /// The most layer ids the pool ever makes.
  public let capacity: Int
  /// The largest capacity a pool may have.
  public static let maximumCapacity = 100_000
  /// Released ids waiting to be reused, the most recently released last.
  private var available: [String] = []
  /// The ids handed out and not yet released.
  private var inUse: Set<String> = []
  /// How many ids the pool has made.
  public private(set) var createdCount = 0
  /// How many acquisitions were served from released ids.
  public private(set) var reuseCount = 0

  /// Creates an empty pool that makes at most `capacity` ids.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` unless
  ///   `1 <= capacity <= maximumCapacity`.
  public init(capacity: Int = 64) throws(GhostframeError) {
    guard capacity >= 1, capacity <= Self.maximumCapacity else {
      throw GhostframeError(.invalidArgument, "pool capacity must be in 1...\(Self.maximumCapacity) (got \(capacity))")
    }
    self.capacity = capacity
  }

  /// How many ids are handed out.
  public var inUseCount: Int { inUse.count }
  /// How many released ids wait for reuse.
  public var availableCount: Int { available.count }
  /// How many ids one could still acquire: the released ones plus those not yet made.
  public var acquirableCount: Int { available.count + (capacity - createdCount) }

  /// Takes a layer id: a released one if any, else a new `snapshot.N`.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/limit`` when every id is in use and
  ///   ``capacity`` are made.
  public mutating func acquire() throws(GhostframeError) -> String {
    if let id = available.popLast() {
      reuseCount += 1
      inUse.insert(id)
      return id
    }
    guard createdCount < capacity else {
      throw GhostframeError(.limit, "snapshot pool exhausted: all \(capacity) layers are in use")
    }
    let id = "snapshot.\(createdCount)"
    createdCount += 1
    inUse.insert(id)
    return id
  }

  /// Takes `count` ids, all or none.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/limit`` when fewer than `count` are
  ///   acquirable; the pool is then unchanged.
  public mutating func acquire(count: Int) throws(GhostframeError) -> [String] {
    guard count >= 0, count <= acquirableCount else {
      throw GhostframeError(.limit, "snapshot pool: \(count) layers asked, \(acquirableCount) acquirable")
    }
    var ids: [String] = []
    ids.reserveCapacity(count)
    for _ in 0..<count { ids.append(try acquire()) }
    return ids
  }

  /// Gives an id back for reuse.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an id that is not in
  ///   use (never made here, or released already); the pool is then unchanged.
  public mutating func release(_ id: String) throws(GhostframeError) {
    guard inUse.remove(id) != nil else {
      throw GhostframeError(.invalidArgument, "snapshot pool: '\(id)' is not in use")
    }
    available.append(id)
  }
}
