import CGhostframe
import Glibc
import Synchronization

/// The kind of object behind a handle: the opaque type the C header names.
enum HandleKind: UInt32, Sendable {
  case curve = 1, timing, scene, animation, viewTree, timeline
  case chain = 16
  case preload = 20
  case expandTransition = 22
  case scrub = 21
  case pullToRefresh = 23
  case snapshotPool = 25
  case plugin = 30
  case timelineBuilder = 40

  /// The C type name, for messages ("gf_curve").
  var typeName: String {
    switch self {
    case .curve: "gf_curve"
    case .timing: "gf_timing"
    case .scene: "gf_scene"
    case .animation: "gf_animation"
    case .viewTree: "gf_view_tree"
    case .chain: "gf_chain"
    case .timeline: "gf_timeline"
    case .preload: "gf_preload"
    case .expandTransition: "gf_expand_transition"
    case .scrub: "gf_scrub"
    case .pullToRefresh: "gf_pull_to_refresh"
    case .snapshotPool: "gf_snapshot_pool"
    case .plugin: "gf_plugin"
    case .timelineBuilder: "gf_timeline_builder"
    }
  }

  /// Whether the header allows only one thread at a time on this kind (mutable handles), so
  /// calls on it check that no other call is using it at the same time: one uncontended
  /// atomic compare-and-swap in and one atomic subtract out, about 4 ns a call, in every build
  /// (docs/c-api.md "Misuse" has the measurements). Curves and timings are immutable and may
  /// be read from many threads at once, so they have no such check.
  @inline(__always)
  var isExclusive: Bool {
    self == .scene || self == .animation || self == .viewTree || self == .timeline || self == .chain
      || self == .preload
      || self == .expandTransition
      || self == .scrub || self == .pullToRefresh
      || self == .snapshotPool
      || self == .plugin
      || self == .timelineBuilder
  }
}

/// How a call uses an exclusive handle: several readers at once, or one writer alone.
enum HandleUse: Sendable { case read, write }

/// The block a `gf_X *` points to: a tag saying what it is and whether it is alive, the
/// retained Swift box, and a use word for the concurrent-use check.
///
/// Shells live in chunks the table never frees, so a stale handle always points to memory that
/// can be read.
struct HandleShell: ~Copyable {
  /// ``HandleTable/magic`` | state << 8 | kind; 0 for a shell never handed out.
  let tag: Atomic<UInt32>
  /// Bit 31: a writer is inside; the low bits count readers. Dead shells keep the writer bit.
  let use: Atomic<UInt32>
  /// The bits of an `Unmanaged` +1 reference to the box; 0 while dead.
  let object: Atomic<UInt>
  /// The next shell in the quarantine queue (read and written under the table's lock).
  var nextDead: UnsafeMutablePointer<HandleShell>?
}

/// Every handle this library hands to C, SQLite-style (sqlite3SafetyCheckOk): a handle is a
/// pointer to a ``HandleShell`` whose tag is checked on every call, so a pointer of the wrong
/// type, a freed handle and a pointer that is no handle at all are answered with GF_E_MISUSE.
///
/// Shells are never returned to the system allocator. A freed shell is marked dead and waits
/// in a FIFO quarantine; it is reused only once more than ``quarantineLength`` other handles
/// have been freed after it. So a use after free or a double free is detected for certain
/// until then, and afterwards it reaches a valid shell: dead (detected), another kind
/// (detected), or a newer handle of the same kind (undetectable: undefined behaviour).
// @unchecked Sendable: every mutable field is read and written under `lock` (a pthread mutex),
// and shells' tags and use words are atomics; so one table is shared by every thread.
final class HandleTable: @unchecked Sendable {
  /// "gf" in the tag's top bits: a shell handed out at least once.
  static let magic: UInt32 = 0x6766_0000
  /// The state byte of a tag.
  enum State: UInt32 {
    /// A handle the caller owns.
    case live = 0x4C
    /// A live handle owned by another handle (a timing's easing curve).
    case owned = 0x4F
    /// A freed handle.
    case dead = 0x44
  }
  /// The writer bit of ``HandleShell/use``.
  static let writer: UInt32 = 1 << 31
  /// Freed shells that wait before any is reused.
  static let quarantineLength = 1024
  /// Shells in the first chunk; each further chunk doubles.
  static let firstChunkShells = 256
  /// Chunks the table can hold (far more shells than memory allows).
  static let maximumChunks = 40

  /// The tag of a `kind` handle in `state`.
  static func tag(_ kind: HandleKind, _ state: State) -> UInt32 {
    magic | state.rawValue << 8 | kind.rawValue
  }

  /// Chunk base addresses, then their byte counts, published before ``chunkCount``.
  private let chunkBases: UnsafeMutablePointer<Atomic<UInt>>
  private let chunkBytes: UnsafeMutablePointer<Atomic<UInt>>
  private let chunkCount = Atomic<Int>(0)
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  // Guarded by `lock`:
  private var fresh: UnsafeMutablePointer<HandleShell>?
  private var freshLeft = 0
  private var deadHead: UnsafeMutablePointer<HandleShell>?
  private var deadTail: UnsafeMutablePointer<HandleShell>?
  private var deadCount = 0

  init() {
    chunkBases = .allocate(capacity: Self.maximumChunks)
    chunkBytes = .allocate(capacity: Self.maximumChunks)
    for index in 0..<Self.maximumChunks {
      (chunkBases + index).initialize(to: Atomic(0))
      (chunkBytes + index).initialize(to: Atomic(0))
    }
    lock = .allocate(capacity: 1)
    lock.initialize(to: pthread_mutex_t())
    pthread_mutex_init(lock, nil)
  }

  // MARK: Handing out and taking back

  /// A new handle holding a +1 reference to `object`, or nil when out of memory.
  func make(_ kind: HandleKind, _ object: AnyObject, state: State = .live) -> OpaquePointer? {
    guard let shell = takeShell() else { return nil }
    shell.pointee.object.store(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), ordering: .relaxed)
    shell.pointee.use.store(0, ordering: .relaxed)
    shell.pointee.tag.store(Self.tag(kind, state), ordering: .releasing)
    return OpaquePointer(shell)
  }

  /// Frees a handle the caller owns; throws GF_E_MISUSE for anything but a live handle of
  /// `kind` that no call is using.
  func free(_ handle: OpaquePointer, _ kind: HandleKind, _ name: String) throws(BridgeError) {
    guard let shell = shell(at: handle) else { throw misuse(notAHandle: name, kind) }
    let live = Self.tag(kind, .live)
    let current = shell.pointee.tag.load(ordering: .acquiring)
    guard current == live else {
      if current == Self.tag(kind, .owned) {
        throw BridgeError(GF_E_MISUSE,
          "\(name) belongs to the gf_timing it came from (gf_timing_get_params) and is freed with it")
      }
      if current == Self.tag(kind, .dead) {
        throw BridgeError(GF_E_MISUSE, "\(name) was already freed (double free of a \(kind.typeName))")
      }
      throw misuse(tag: current, name, kind)
    }
    let guardsUse = kind.isExclusive
    if guardsUse {
      guard shell.pointee.use.compareExchange(expected: 0, desired: Self.writer, ordering: .acquiring).exchanged
      else {
        throw BridgeError(GF_E_MISUSE,
          "\(name) is in use by another call (another thread, or a callback of a call on it); it was not freed")
      }
    }
    guard shell.pointee.tag.compareExchange(
      expected: live, desired: Self.tag(kind, .dead), ordering: .acquiringAndReleasing).exchanged
    else {
      // Another thread freed it first.
      if guardsUse { shell.pointee.use.subtract(Self.writer, ordering: .releasing) }
      throw BridgeError(GF_E_MISUSE, "\(name) was already freed (double free of a \(kind.typeName))")
    }
    retire(shell)
  }

  /// Frees a handle owned by another object (state ``State/owned``), from that object's deinit.
  func freeOwned(_ handle: OpaquePointer, _ kind: HandleKind) {
    guard let shell = shell(at: handle),
          shell.pointee.tag.compareExchange(expected: Self.tag(kind, .owned), desired: Self.tag(kind, .dead),
                                            ordering: .acquiringAndReleasing).exchanged
    else { return }
    retire(shell)
  }

  /// Releases a shell just marked dead and queues it for reuse.
  private func retire(_ shell: UnsafeMutablePointer<HandleShell>) {
    // Dead shells keep the writer bit, so a late call on them cannot enter.
    shell.pointee.use.store(Self.writer, ordering: .relaxed)
    let bits = shell.pointee.object.exchange(0, ordering: .acquiringAndReleasing)
    // The box's deinit may free owned handles (which takes the lock): release it unlocked.
    if let raw = UnsafeRawPointer(bitPattern: bits) { Unmanaged<AnyObject>.fromOpaque(raw).release() }
    pthread_mutex_lock(lock)
    shell.pointee.nextDead = nil
    if let deadTail { deadTail.pointee.nextDead = shell } else { deadHead = shell }
    deadTail = shell
    deadCount += 1
    pthread_mutex_unlock(lock)
  }

  /// A shell to hand out: the oldest dead one once the quarantine is full, else a fresh one.
  private func takeShell() -> UnsafeMutablePointer<HandleShell>? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if deadCount > Self.quarantineLength, let head = deadHead {
      deadHead = head.pointee.nextDead
      if deadHead == nil { deadTail = nil }
      deadCount -= 1
      return head
    }
    if freshLeft == 0 { addChunk() }
    guard freshLeft > 0, let shell = fresh else { return nil }
    fresh = shell + 1
    freshLeft -= 1
    return shell
  }

  /// Allocates the next chunk (under the lock) and publishes it to ``shell(at:)``.
  private func addChunk() {
    let index = chunkCount.load(ordering: .relaxed)
    guard index < Self.maximumChunks else { return }
    let count = Self.firstChunkShells << index
    let stride = MemoryLayout<HandleShell>.stride
    guard let raw = calloc(count, stride) else { return }
    let shells = raw.bindMemory(to: HandleShell.self, capacity: count)
    for offset in 0..<count {
      (shells + offset).initialize(to: HandleShell(tag: Atomic(0), use: Atomic(0), object: Atomic(0), nextDead: nil))
    }
    chunkBases[index].store(UInt(bitPattern: raw), ordering: .relaxed)
    chunkBytes[index].store(UInt(count * stride), ordering: .relaxed)
    chunkCount.store(index + 1, ordering: .releasing)
    fresh = shells
    freshLeft = count
  }

  // MARK: Checking

  /// The shell `handle` points to, or nil when it points to no shell of this table. Reads
  /// only the table, never the memory `handle` points to.
  @inline(__always)
  func shell(at handle: OpaquePointer) -> UnsafeMutablePointer<HandleShell>? {
    let address = UInt(bitPattern: UnsafeRawPointer(handle))
    let count = chunkCount.load(ordering: .acquiring)
    var index = 0
    while index < count {
      let offset = address &- chunkBases[index].load(ordering: .relaxed)
      if offset < chunkBytes[index].load(ordering: .relaxed) {
        guard offset % UInt(MemoryLayout<HandleShell>.stride) == 0 else { return nil }
        return UnsafeMutablePointer(handle)
      }
      index += 1
    }
    return nil
  }

  /// Checks `handle` is a live `kind` and, for exclusive kinds, that no other call is using it
  /// in a conflicting way (GF_E_MISUSE otherwise); enters it, and returns its shell and the
  /// box it holds. Pair with ``exit(_:_:_:)`` (``BridgeCall`` does).
  @inline(__always)
  func enter(_ handle: OpaquePointer, _ kind: HandleKind, _ name: String, _ use: HandleUse)
    throws(BridgeError) -> (UnsafeMutablePointer<HandleShell>, UnsafeRawPointer)
  {
    guard let shell = shell(at: handle) else { throw misuse(notAHandle: name, kind) }
    let tag = shell.pointee.tag.load(ordering: .acquiring)
    guard tag == Self.tag(kind, .live) || tag == Self.tag(kind, .owned) else {
      throw misuse(tag: tag, name, kind)
    }
    if kind.isExclusive {
      switch use {
      case .write:
        guard shell.pointee.use.compareExchange(expected: 0, desired: Self.writer, ordering: .acquiring).exchanged
        else { throw misuse(busy: name, kind) }
      case .read:
        let before = shell.pointee.use.wrappingAdd(1, ordering: .acquiring).oldValue
        guard before & Self.writer == 0 else {
          shell.pointee.use.wrappingSubtract(1, ordering: .relaxed)
          // A dead shell keeps the writer bit: say "freed" rather than "in use" then.
          let now = shell.pointee.tag.load(ordering: .acquiring)
          throw now == tag ? misuse(busy: name, kind) : misuse(tag: now, name, kind)
        }
      }
      // Freed between the tag check and entering: the free won.
      let now = shell.pointee.tag.load(ordering: .acquiring)
      guard now == tag else {
        Self.exit(shell, kind, use)
        throw misuse(tag: now, name, kind)
      }
    }
    guard let object = UnsafeRawPointer(bitPattern: shell.pointee.object.load(ordering: .acquiring)) else {
      if kind.isExclusive { Self.exit(shell, kind, use) }
      throw misuse(tag: Self.tag(kind, .dead), name, kind)
    }
    return (shell, object)
  }

  /// Leaves a handle entered with ``enter(_:_:_:_:)``. Static: it touches only the shell, so
  /// leaving needs no access to the table (nor the lazy global's initialisation check).
  @inline(__always)
  static func exit(_ shell: UnsafeMutablePointer<HandleShell>, _ kind: HandleKind, _ use: HandleUse) {
    guard kind.isExclusive else { return }
    switch use {
    case .write: shell.pointee.use.wrappingSubtract(Self.writer, ordering: .releasing)
    case .read: shell.pointee.use.wrappingSubtract(1, ordering: .releasing)
    }
  }

  // MARK: Messages

  private func misuse(notAHandle name: String, _ kind: HandleKind) -> BridgeError {
    BridgeError(GF_E_MISUSE, "\(name) is not a \(kind.typeName) (not a handle made by this library)")
  }

  private func misuse(busy name: String, _ kind: HandleKind) -> BridgeError {
    BridgeError(GF_E_MISUSE,
      "\(name) (a \(kind.typeName)) is in use by another call: another thread, or a callback of a call on it; "
        + "a handle is used by one thread at a time")
  }

  /// The message for a shell whose tag is not a live `kind`.
  private func misuse(tag: UInt32, _ name: String, _ kind: HandleKind) -> BridgeError {
    guard tag & 0xFFFF_0000 == Self.magic, let other = HandleKind(rawValue: tag & 0xFF),
          let state = State(rawValue: (tag >> 8) & 0xFF)
    else { return misuse(notAHandle: name, kind) }
    if other == kind {
      return BridgeError(GF_E_MISUSE, "\(name) is a \(kind.typeName) that was already freed (use after free)")
    }
    let what = state == .dead ? "a freed \(other.typeName)" : "a \(other.typeName)"
    return BridgeError(GF_E_MISUSE, "\(name) is \(what), not a \(kind.typeName)")
  }
}

/// Every handle of the library.
let handleTable = HandleTable()
