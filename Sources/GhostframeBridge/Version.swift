import CGhostframe

@c @implementation
public func gf_abi_version() -> UInt32 { UInt32(GF_ABI_VERSION) }
