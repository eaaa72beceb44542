/// A thread-safe table of named definitions a host adds at run time: host curves, skeleton
/// effects and node kinds each have one.
///
/// Names are namespaced, `vendor.name` (see ``checkName(_:)``): built-in names never contain a
/// dot, so a host can never take or shadow one. Registering a name again replaces its entry;
/// whatever already holds the old entry (a parsed curve, a compiled scene, a generated skeleton)
/// keeps it until it lets go. Removing a name affects only later look-ups in the same way.
///
/// Every method may be called from any thread and is atomic. Entries are looked up under the
/// registry's lock and used after it is released, and a replaced or removed entry is released
/// after the lock is, so a host callback (a curve's, or the function freeing its user data) never
/// runs while the lock is held and may itself use the registry.
public final class HostRegistry<Entry: Sendable>: Sendable {
  /// One registration: the entry and the owner that made it (0: none; a plugin's token otherwise).
  private struct Registration: Sendable {
    var entry: Entry
    var owner: UInt64
  }

  /// What the registry holds, for messages ("curve", "skeleton effect", "node kind").
  public let noun: String

  private let entries = PosixLocked<[String: Registration]>([:])

  /// The most entries one registry holds (``GhostframeError/Code/limit`` beyond): 100,000.
  public static var maximumEntries: Int { 100_000 }

  /// The longest name, in bytes of UTF-8: 128.
  public static var maximumNameLength: Int { 128 }

  /// Creates an empty registry of `noun`s.
  public init(noun: String) {
    self.noun = noun
  }

  /// Checks that `name` is a valid host name: at most ``maximumNameLength`` bytes, two or more
  /// dot-separated segments, each an ASCII letter followed by letters, digits, `-` or `_`
  /// (`acme.wobble`, `my-host.avatar_view`).
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` naming what is wrong.
  public static func checkName(_ name: String) throws(GhostframeError) {
    guard !name.isEmpty, name.utf8.count <= maximumNameLength else {
      throw .invalid("a host name must have 1 to \(maximumNameLength) bytes (got \(name.utf8.count))")
    }
    var segments = 0
    var segmentStart = true
    for byte in name.utf8 {
      let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      let isOther = (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
      if byte == 0x2E {
        guard !segmentStart else { break }
        segmentStart = true
        continue
      }
      if segmentStart {
        guard isLetter else { segments = -1; break }
        segments += 1
        segmentStart = false
      } else if !(isLetter || isOther) {
        segments = -1
        break
      }
    }
    guard segments >= 2, !segmentStart else {
      throw .invalid(
        "\(MessageText.quoted(name)) is not a host name: write vendor.name (dot-separated segments of an ASCII letter then letters, digits, '-' or '_'); names without a dot are the built-in ones")
    }
  }

  /// Adds `entry` under `name`, replacing (and returning) the entry that had it.
  ///
  /// - Parameters:
  ///   - name: A host name (see ``checkName(_:)``).
  ///   - entry: The definition.
  ///   - owner: Who registers it: 0 for a host, a plugin's token for a plugin (a plugin's
  ///     unloading removes only the entries it still owns).
  /// - Returns: The replaced entry, if any (released by the caller, outside the lock).
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a bad name,
  ///   ``GhostframeError/Code/limit`` when the registry is full.
  @discardableResult
  public func register(_ name: String, _ entry: Entry, owner: UInt64 = 0) throws(GhostframeError) -> Entry? {
    try Self.checkName(name)
    let result: Result<Entry?, GhostframeError> = entries.withLock { table in
      if table[name] == nil && table.count >= Self.maximumEntries {
        return .failure(GhostframeError(.limit, "the \(noun) registry holds at most \(Self.maximumEntries) names"))
      }
      return .success(table.updateValue(Registration(entry: entry, owner: owner), forKey: name)?.entry)
    }
    return try result.get()
  }

  /// The entry named `name`, or nil.
  public func entry(named name: String) -> Entry? {
    entries.withLock { $0[name]?.entry }
  }

  /// Removes the entry named `name` and returns it (nil if there was none).
  @discardableResult
  public func remove(_ name: String) -> Entry? {
    entries.withLock { $0.removeValue(forKey: name)?.entry }
  }

  /// Removes every entry `owner` registered and still owns; returns them.
  @discardableResult
  public func removeAll(ownedBy owner: UInt64) -> [Entry] {
    guard owner != 0 else { return [] }
    return entries.withLock { table in
      let names = table.compactMap { $0.value.owner == owner ? $0.key : nil }
      return names.compactMap { table.removeValue(forKey: $0)?.entry }
    }
  }

  /// The registered names, sorted.
  public var names: [String] {
    entries.withLock { $0.keys.sorted() }
  }
}
