import CGhostframe
import Ghostframe

@c @implementation
public func gf_register_curve(
  _ name: UnsafePointer<CChar>?, _ fn: gf_curve_fn?, _ userData: UnsafeMutableRawPointer?, _ freeUserData: gf_free_fn?
) -> gf_status {
  bridge { _ throws(BridgeError) in try registerCurve(name, fn, userData, freeUserData, by: .caller) }
}

@c @implementation
public func gf_unregister_curve(_ name: UnsafePointer<CChar>?) -> gf_status {
  bridge { _ throws(BridgeError) in try unregister(name, from: Curve.hostCurves) }
}

@c @implementation
public func gf_effect_params_init(_ params: UnsafeMutablePointer<gf_effect_params>?) {
  guard let params else { return }
  params.pointee = gf_effect_params(struct_size: UInt32(MemoryLayout<gf_effect_params>.size), samples: 31, duration: 1.5)
}

@c @implementation
public func gf_register_effect(
  _ name: UnsafePointer<CChar>?, _ fn: gf_effect_fn?, _ params: UnsafePointer<gf_effect_params>?,
  _ userData: UnsafeMutableRawPointer?, _ freeUserData: gf_free_fn?
) -> gf_status {
  bridge { _ throws(BridgeError) in try registerEffect(name, fn, params, userData, freeUserData, by: .caller) }
}

@c @implementation
public func gf_unregister_effect(_ name: UnsafePointer<CChar>?) -> gf_status {
  bridge { _ throws(BridgeError) in try unregister(name, from: HostEffect.registry) }
}

@c @implementation
public func gf_register_node_kind(
  _ name: UnsafePointer<CChar>?, _ base: UnsafePointer<CChar>?, _ defaultsJSON: UnsafePointer<CChar>?
) -> gf_status {
  bridge { _ throws(BridgeError) in try registerNodeKind(name, base, defaultsJSON, by: .caller) }
}

@c @implementation
public func gf_unregister_node_kind(_ name: UnsafePointer<CChar>?) -> gf_status {
  bridge { _ throws(BridgeError) in try unregister(name, from: NodeKind.registry) }
}

/// Removes `name` from `registry` (GF_E_NOT_FOUND if absent); the entry is released after the lock.
private func unregister<Entry>(_ namePointer: UnsafePointer<CChar>?, from registry: HostRegistry<Entry>)
  throws(BridgeError)
{
  let name = try requiredText(namePointer, "name")
  guard let removed = registry.remove(name) else {
    throw BridgeError(GF_E_NOT_FOUND, "no \(registry.noun) is registered as '\(name)'")
  }
  _ = removed
}
