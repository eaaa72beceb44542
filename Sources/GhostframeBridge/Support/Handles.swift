import CGhostframe

/// An object a handle points to, and the kind of handle it is published as.
protocol HandleBox: AnyObject {
  /// The handle kind of every box of this type.
  static var kind: HandleKind { get }
}

/// A box of a kind many threads may read at once (curves, timings: immutable), looked up with
/// ``resolve(_:_:)``; there is nothing to leave afterwards.
protocol SharedHandleBox: HandleBox {}

/// A box of a kind one call at a time may use (scenes, animations, view trees), entered with
/// ``BridgeCall/enter(_:_:_:)`` for the whole of an export.
protocol ExclusiveHandleBox: HandleBox {}

/// Publishes `box` as a new handle in `*out`; throws GF_E_INTERNAL when no memory is left for
/// the handle (nothing is written then).
func publish<Box: HandleBox>(_ box: Box, into out: UnsafeMutablePointer<OpaquePointer?>) throws(BridgeError) {
  guard let handle = handleTable.make(Box.kind, box) else {
    throw BridgeError(GF_E_INTERNAL, "out of memory making a \(Box.kind.typeName) handle")
  }
  out.pointee = handle
}

/// Frees a caller's handle (NULL does nothing); throws GF_E_MISUSE for a pointer that is not a
/// live handle of `kind` (already freed, another type, owned by another handle, in use).
func freeHandle(_ handle: OpaquePointer?, _ kind: HandleKind, _ name: String) throws(BridgeError) {
  guard let handle else { return }
  try handleTable.free(handle, kind, name)
}

/// The box behind a handle argument of a kind many threads may read at once: throws
/// GF_E_NULL_ARGUMENT for NULL, GF_E_MISUSE for anything but a live handle of the box's kind.
/// `name` is the argument's name in the header.
@inline(__always)
func resolve<Box: SharedHandleBox>(_ handle: OpaquePointer?, _ name: String) throws(BridgeError) -> Box {
  guard let handle else { throw BridgeError(GF_E_NULL_ARGUMENT, "\(name) is NULL") }
  let (_, object) = try handleTable.enter(handle, Box.kind, name, .read)
  return Unmanaged<Box>.fromOpaque(object).takeUnretainedValue()
}
