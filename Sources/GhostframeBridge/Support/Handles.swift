import CGhostframe
import Ghostframe

/// Publishes `object` as a new handle of `kind` in `*out`: GF_OK, or GF_E_INTERNAL when no
/// memory is left for the handle (nothing is written then).
func publish(_ object: AnyObject, as kind: HandleKind, into out: UnsafeMutablePointer<OpaquePointer?>) -> gf_status {
  guard let handle = handleTable.make(kind, object) else {
    return fail(GF_E_INTERNAL, "out of memory making a \(kind.typeName) handle")
  }
  out.pointee = handle
  return GF_OK
}

/// Frees a caller's handle: GF_OK (also for NULL), or GF_E_MISUSE for a pointer that is not a
/// live handle of `kind` (already freed, another type, owned by another handle, in use).
func freeHandle(_ handle: OpaquePointer?, _ kind: HandleKind, _ name: String) -> gf_status {
  guard let handle else { return GF_OK }
  return handleTable.free(handle, kind, name)
}

/// Runs `body` with the box behind a handle argument, after checking it: GF_E_NULL_ARGUMENT
/// for NULL, GF_E_MISUSE for anything but a live handle of `kind`, or for an exclusive kind
/// another call is using in a conflicting way. Exclusive kinds are entered for `use` meanwhile.
@inline(__always)
func withHandle<Box: AnyObject>(
  _ handle: OpaquePointer?, _ kind: HandleKind, _ name: String, as type: Box.Type,
  use: HandleUse = .write, _ body: (Box) -> gf_status
) -> gf_status {
  guard let handle else { return fail(GF_E_NULL_ARGUMENT, "\(name) is NULL") }
  switch handleTable.enter(handle, kind, name, use) {
  case .failure(let error): return error.status
  case .success(let (shell, object)):
    defer { handleTable.exit(shell, kind, use) }
    return body(Unmanaged<Box>.fromOpaque(object).takeUnretainedValue())
  }
}

/// The box behind a non-NULL handle of a kind many threads may read at once (curves and
/// timings, which have no use word), or the GF_E_MISUSE it failed with.
func resolve<Box: AnyObject>(_ handle: OpaquePointer, _ kind: HandleKind, _ name: String,
                             as type: Box.Type) -> Result<Box, StatusError> {
  handleTable.enter(handle, kind, name, .read).map { Unmanaged<Box>.fromOpaque($0.1).takeUnretainedValue() }
}

/// A checked `gf_curve *` argument.
func withCurve(_ handle: OpaquePointer?, _ name: String, _ body: (CurveBox) -> gf_status) -> gf_status {
  withHandle(handle, .curve, name, as: CurveBox.self, use: .read, body)
}

/// A checked `gf_timing *` argument.
func withTiming(_ handle: OpaquePointer?, _ name: String, _ body: (TimingBox) -> gf_status) -> gf_status {
  withHandle(handle, .timing, name, as: TimingBox.self, use: .read, body)
}

/// A checked `gf_scene *` argument; every call on a scene needs it to itself.
func withScene(_ handle: OpaquePointer?, _ name: String = "scene", _ body: (SceneBox) -> gf_status) -> gf_status {
  withHandle(handle, .scene, name, as: SceneBox.self, use: .write, body)
}

/// A checked `gf_animation *` argument, read or changed.
func withAnimation(_ handle: OpaquePointer?, _ name: String, use: HandleUse,
                   _ body: (AnimationDraft) -> gf_status) -> gf_status {
  withHandle(handle, .animation, name, as: AnimationDraft.self, use: use, body)
}

/// A checked `gf_view_tree *` argument; every call on a tree needs it to itself.
func withViewTree(_ handle: OpaquePointer?, _ name: String = "tree", _ body: (ViewTreeBox) -> gf_status) -> gf_status {
  withHandle(handle, .viewTree, name, as: ViewTreeBox.self, use: .write, body)
}
