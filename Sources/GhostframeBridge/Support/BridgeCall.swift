import CGhostframe

/// The exclusive handles one export has entered, which ``bridge(_:)`` leaves when it returns.
///
/// Scenes, animations and view trees are used by one call at a time (``HandleKind/isExclusive``):
/// a call enters such a handle for the whole of its body, so that another thread, or a callback
/// of this call (gf_scene_advance's events), is answered with GF_E_MISUSE meanwhile. No export
/// enters more than two (a scene and the animation added to it; a group and its child).
struct BridgeCall {
  /// A handle entered, and how.
  private struct Entry {
    let shell: UnsafeMutablePointer<HandleShell>
    let kind: HandleKind
    let use: HandleUse
  }

  private var first: Entry?
  private var second: Entry?

  /// The box behind an exclusive handle argument, entered for `use` until the export returns.
  ///
  /// Throws GF_E_NULL_ARGUMENT for NULL, and GF_E_MISUSE for anything but a live handle of the
  /// box's kind or for a handle another call is using in a conflicting way. `name` is the
  /// argument's name in the header.
  @inline(__always)
  mutating func enter<Box: ExclusiveHandleBox>(
    _ handle: OpaquePointer?, _ name: String, _ use: HandleUse = .write
  ) throws(BridgeError) -> Box {
    guard let handle else { throw BridgeError(GF_E_NULL_ARGUMENT, "\(name) is NULL") }
    guard second == nil else {
      throw BridgeError(GF_E_INTERNAL, "\(name): one call entered more than two handles")
    }
    let (shell, object) = try handleTable.enter(handle, Box.kind, name, use)
    let entry = Entry(shell: shell, kind: Box.kind, use: use)
    if first == nil { first = entry } else { second = entry }
    return Unmanaged<Box>.fromOpaque(object).takeUnretainedValue()
  }

  /// Leaves every handle entered, the last one first.
  @inline(__always)
  mutating func leave() {
    if let second {
      HandleTable.exit(second.shell, second.kind, second.use)
      self.second = nil
    }
    if let first {
      HandleTable.exit(first.shell, first.kind, first.use)
      self.first = nil
    }
  }
}
