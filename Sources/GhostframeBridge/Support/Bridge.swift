import CGhostframe

/// Runs the body of an export and reports how it went: every export that returns a status is
/// `bridge { call throws(BridgeError) in ... }` around its body.
///
/// The body validates and converts its arguments with throwing helpers (``required(_:_:)``,
/// ``finite(_:_:)``, ``readDoubles(_:_:_:limit:)``, ``resolve(_:_:)``, ``BridgeCall/enter(_:_:_:)``,
/// ``engine(_:)``, ...) and writes its out-parameters as the header says (most only once nothing
/// can fail any more). Returning gives GF_OK; a thrown ``BridgeError`` gives its status, and its message is recorded for
/// gf_last_error_message here, the only place an export records one. The handles the body
/// entered through `call` are left on the way out, whichever way it goes.
///
/// The body is a non-escaping closure and this function is inlined into each export, so the
/// wrapper allocates nothing (the sampling exports stay allocation-free).
@inline(__always)
func bridge(_ body: (inout BridgeCall) throws(BridgeError) -> Void) -> gf_status {
  var call = BridgeCall()
  // Left after the do-catch rather than in a `defer`, which the optimiser outlined into a
  // call on every export.
  let status: gf_status
  do throws(BridgeError) {
    try body(&call)
    status = GF_OK
  } catch {
    setLastError(error.message)
    status = error.status
  }
  call.leave()
  return status
}
