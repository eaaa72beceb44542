import CGhostframe
import FuzzSupport
import Glibc

/// libFuzzer entry: the input is up to four runs, each a selector byte and its parameters from
/// fuzz bytes (``FuzzBytes``): a view chain (levels' frames and scroll offsets, sometimes past
/// GF_MAX_VIEW_CHAIN_LEVELS) through gf_view_chain_offset, _window_rect and _content_rect (in
/// place too); a snapshot pool acquired from, released to (ids twice, ids it never made) and
/// counted; or a scene of nested, scaled and rotated layers through gf_scene_convert_rect and
/// gf_scene_convert_point. Every status is checked (``clean(_:_:)``), what a call that returned
/// GF_OK wrote must be finite, a refused call writes nothing, and a pool's counts must agree
/// with one another after every call.
@c(LLVMFuzzerTestOneInput)
public func fuzzViewChain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzzRuns(data, size, [viewChain, snapshotPool, sceneConversion])
  return 0
}

/// What a refused call must leave in its output: these bits, untouched.
let untouched = Double(bitPattern: 0x7FF4_DEAD_BEEF_0001)

/// Checks a conversion's output: finite on GF_OK, untouched otherwise.
func checkOutput(_ status: gf_status, _ out: [Double], _ what: String) {
  if clean(status, what) {
    expectFinite(out, what)
  } else if out.contains(where: { $0.bitPattern != untouched.bitPattern }) {
    finding("\(what) failed (\(status)) but wrote \(out)")
  }
}

func viewChain(_ bytes: inout FuzzBytes) {
  let selector = bytes.byte()
  var levels: [gf_view_level] = []
  for _ in 0..<Int(selector % 9) {
    var level = gf_view_level()
    (level.frame.0, level.frame.1, level.frame.2, level.frame.3) = (bytes.double(), bytes.double(), bytes.double(), bytes.double())
    (level.scroll_offset.0, level.scroll_offset.1) = (bytes.double(), bytes.double())
    levels.append(level)
  }
  // Sometimes as many levels as the limit allows, or one more: the last one repeated.
  if selector >= 0xF0, let last = levels.last {
    levels += Array(repeating: last, count: Int(GF_MAX_VIEW_CHAIN_LEVELS) - levels.count + Int(selector & 1))
  }
  let rect = bytes.doubles(4)
  levels.withUnsafeBufferPointer { buffer in
    let pointer = buffer.baseAddress
    var offset = [untouched, untouched]
    prime()
    checkOutput(gf_view_chain_offset(pointer, buffer.count, &offset), offset, "gf_view_chain_offset(\(buffer.count) levels)")
    var window = [Double](repeating: untouched, count: 4)
    prime()
    checkOutput(gf_view_chain_window_rect(pointer, buffer.count, rect, &window), window,
                "gf_view_chain_window_rect(\(buffer.count) levels, \(rect))")
    var content = [Double](repeating: untouched, count: 4)
    prime()
    checkOutput(gf_view_chain_content_rect(pointer, buffer.count, rect, &content), content,
                "gf_view_chain_content_rect(\(buffer.count) levels, \(rect))")
    // In place (out may alias rect): on GF_OK the same result as into another buffer.
    var inPlace = rect
    prime()
    let status = inPlace.withUnsafeMutableBufferPointer { rect in
      gf_view_chain_window_rect(pointer, buffer.count, rect.baseAddress, rect.baseAddress)
    }
    if clean(status, "gf_view_chain_window_rect in place") {
      guard inPlace.map(\.bitPattern) == window.map(\.bitPattern) else {
        finding("gf_view_chain_window_rect in place gave \(inPlace), into another buffer \(window)")
      }
    } else if inPlace.map(\.bitPattern) != rect.map(\.bitPattern) {
      finding("gf_view_chain_window_rect failed in place but changed the rect")
    }
  }
}

/// The pool's counts, checked against one another.
func counts(_ pool: OpaquePointer) -> gf_snapshot_pool_counts {
  var counts = gf_snapshot_pool_counts()
  counts.struct_size = UInt32(MemoryLayout<gf_snapshot_pool_counts>.size)
  prime()
  guard clean(gf_snapshot_pool_get_counts(pool, &counts), "gf_snapshot_pool_get_counts") else {
    finding("gf_snapshot_pool_get_counts failed")
  }
  guard counts.created <= counts.capacity, counts.in_use + counts.available == counts.created,
        counts.acquirable == counts.available + (counts.capacity - counts.created) else {
    finding("pool counts disagree: \(counts)")
  }
  return counts
}

func snapshotPool(_ bytes: inout FuzzBytes) {
  let capacities = [0, 1, 2, 3, 8, Int(GF_MAX_SNAPSHOT_POOL), Int(GF_MAX_SNAPSHOT_POOL) + 1, Int.max]
  let capacity = capacities[bytes.below(capacities.count)]
  var pool: OpaquePointer?
  prime()
  guard clean(gf_snapshot_pool_create(capacity, &pool), "gf_snapshot_pool_create(\(capacity))"), let pool else { return }
  defer { gf_snapshot_pool_free(pool) }
  var held: [UnsafeMutablePointer<CChar>] = []
  defer { held.forEach { gf_string_free($0) } }
  for _ in 0..<8 where !bytes.isAtEnd {
    let before = counts(pool)
    switch bytes.below(4) {
    case 0, 1:
      let count = bytes.below(6)
      var ids = [UnsafeMutablePointer<CChar>?](repeating: nil, count: max(count, 1))
      prime()
      if clean(gf_snapshot_pool_acquire(pool, count, &ids), "gf_snapshot_pool_acquire(\(count))") {
        for id in ids.prefix(count) {
          guard let id else { finding("gf_snapshot_pool_acquire returned GF_OK with a NULL id") }
          held.append(id)
        }
        guard counts(pool).in_use == before.in_use + count else { finding("acquiring \(count) ids: in_use \(counts(pool))") }
      } else {
        guard ids.allSatisfy({ $0 == nil }) else { finding("a refused gf_snapshot_pool_acquire wrote ids") }
      }
    case 2 where !held.isEmpty:
      let id = held.remove(at: bytes.below(held.count))
      prime()
      clean(gf_snapshot_pool_release(pool, id), "gf_snapshot_pool_release")
      // Twice: the second is refused, and the pool is as it was.
      let after = counts(pool)
      prime()
      if clean(gf_snapshot_pool_release(pool, id), "gf_snapshot_pool_release (twice)") {
        finding("gf_snapshot_pool_release accepted an id released already")
      }
      guard counts(pool).available == after.available else { finding("a refused release changed the pool") }
      gf_string_free(id)
    default:
      // Names the pool does not have in use (its ids are "snapshot.N"; one it handed out is
      // released above, so a held one is skipped here).
      let id = bytes.text(["snapshot", "", nil, "snapshot.0", "snapshot.1", "snapshot.99999", "snapshot.01", "snapshot:1"])
      if let id, held.contains(where: { strcmp($0, id) == 0 }) { continue }
      prime()
      if clean(withText(id) { gf_snapshot_pool_release(pool, $0) }, "gf_snapshot_pool_release(a foreign id)") {
        finding("gf_snapshot_pool_release accepted an id the pool never made")
      }
      guard counts(pool).available == before.available else { finding("a refused release changed the pool") }
    }
  }
}

func sceneConversion(_ bytes: inout FuzzBytes) {
  var scene: OpaquePointer?
  guard gf_scene_create(&scene) == GF_OK, let scene else { finding("gf_scene_create failed") }
  defer { gf_scene_free(scene) }
  let ids = ["l0", "l1", "l2", "l3"]
  for (i, id) in ids.enumerated() {
    var desc = gf_layer_desc()
    gf_layer_desc_init(&desc)
    (desc.x, desc.y, desc.width, desc.height) = (bytes.double(), bytes.double(), bytes.double(), bytes.double())
    if bytes.flag() {
      (desc.anchor_x, desc.anchor_y) = (bytes.double(), bytes.double())
      (desc.scale_x, desc.scale_y, desc.rotation) = (bytes.double(), bytes.double(), bytes.double())
      (desc.translation_x, desc.translation_y) = (bytes.double(), bytes.double())
    }
    let parent = i == 0 ? nil : ids[bytes.below(i)]
    prime()
    clean(id.withCString { id in
      desc.id = id
      return withText(parent.map { Array($0.utf8CString) }) { parent in
        desc.parent = parent
        return gf_scene_add_layer(scene, &desc, nil)
      }
    }, "gf_scene_add_layer(\(id))")
  }
  let names: [String?] = [nil, "l0", "l1", "l2", "l3", "missing"]
  for _ in 0..<4 {
    let from = bytes.text(names)
    let to = bytes.text(names)
    let rect = bytes.doubles(4)
    var out = [Double](repeating: untouched, count: 4)
    prime()
    let status = withText(from) { from in withText(to) { to in gf_scene_convert_rect(scene, rect, from, to, &out) } }
    checkOutput(status, out, "gf_scene_convert_rect(\(rect))")
    var point = [untouched, untouched]
    prime()
    let pointStatus = withText(from) { from in
      withText(to) { to in gf_scene_convert_point(scene, Array(rect.prefix(2)), from, to, &point) }
    }
    checkOutput(pointStatus, point, "gf_scene_convert_point(\(rect.prefix(2)))")
  }
}
