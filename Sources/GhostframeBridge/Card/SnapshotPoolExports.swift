import CGhostframe
import Ghostframe
import Glibc

@c @implementation
public func gf_snapshot_pool_create(_ maxIDs: Int, _ outPool: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let out = try required(outPool, "out_pool")
    // The engine's range, checked here to name the argument (a size_t past Int.max arrives negative).
    guard maxIDs >= 1, maxIDs <= SnapshotLayerPool.maximumCapacity else {
      throw BridgeError(GF_E_INVALID_ARGUMENT,
        "max_ids must be in 1...\(SnapshotLayerPool.maximumCapacity) (got \(UInt(bitPattern: maxIDs)))")
    }
    let pool = try engine(SnapshotLayerPool(capacity: maxIDs))
    try publish(SnapshotPoolBox(pool), into: out)
  }
}

@c @implementation
public func gf_snapshot_pool_free(_ pool: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(pool, .snapshotPool, "pool") }
}

@c @implementation
public func gf_snapshot_pool_acquire(
  _ pool: OpaquePointer?, _ count: Int, _ outIDs: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SnapshotPoolBox = try call.enter(pool, "pool")
    // Checked against what the pool can give before out_ids is touched: the count bounds the work.
    guard count >= 0, count <= box.pool.acquirableCount else {
      throw BridgeError(GF_E_LIMIT,
        "snapshot pool: \(UInt(bitPattern: count)) layers asked, \(box.pool.acquirableCount) acquirable")
    }
    guard count > 0 else { return }
    let out = try required(outIDs, "out_ids")
    var trial = box.pool
    let ids = try engine(trial.acquire(count: count))
    var copies: [UnsafeMutablePointer<CChar>] = []
    copies.reserveCapacity(ids.count)
    for id in ids {
      guard let copy = ownedCString(id) else {
        for made in copies { free(made) }
        throw BridgeError(GF_E_INTERNAL, "out of memory copying snapshot ids")
      }
      copies.append(copy)
    }
    for (i, copy) in copies.enumerated() { out[i] = copy }
    box.pool = trial
  }
}

@c @implementation
public func gf_snapshot_pool_release(_ pool: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SnapshotPoolBox = try call.enter(pool, "pool")
    let text = try requiredText(id, "id")
    try engine(box.pool.release(text))
  }
}

@c @implementation
public func gf_snapshot_pool_get_counts(
  _ pool: OpaquePointer?, _ outCounts: UnsafeMutablePointer<gf_snapshot_pool_counts>?
) -> gf_status {
  bridge { call throws(BridgeError) in
    let box: SnapshotPoolBox = try call.enter(pool, "pool", .read)
    let out = try required(outCounts, "out_counts")
    let size = out.pointee.struct_size
    try structSize(size, atLeast: MemoryLayout<gf_snapshot_pool_counts>.size, "gf_snapshot_pool_counts")
    let p = box.pool
    var counts = gf_snapshot_pool_counts(
      struct_size: size, reserved: 0, capacity: p.capacity, created: p.createdCount, reused: p.reuseCount,
      in_use: p.inUseCount, available: p.availableCount, acquirable: p.acquirableCount)
    // Only the fields the caller's struct has (all of them today; later fields go past them).
    withUnsafeBytes(of: &counts) { bytes in
      UnsafeMutableRawPointer(out).copyMemory(
        from: bytes.baseAddress ?? UnsafeRawPointer(out), byteCount: min(Int(size), bytes.count))
    }
  }
}
