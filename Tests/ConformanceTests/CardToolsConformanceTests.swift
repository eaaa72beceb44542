import CGhostframe
import Ghostframe
import Glibc
import Testing

/// A view chain case: levels (frame x, y, w, h, scroll x, y), a rect in the innermost content
/// space and one in the window.
private struct ChainCase: Sendable, CustomStringConvertible {
  let name: String
  let levels: [[Double]]
  var rect: [Double] = [330, 10, 150, 125]
  var description: String { name }
}

/// What one side made of a chain case: the offset, the rect in the window, and that back.
private struct ChainOutcome: Equatable {
  var offset: [Double]
  var window: [Double]
  var content: [Double]
}

private let chainCases: [ChainCase] = [
  ChainCase(name: "a cell in a collection view in a table cell in a table view",
            levels: [[0, 64, 375, 603, 0, 250], [0, 400, 375, 200, 0, 0], [0, 40, 375, 160, 300, 0]]),
  ChainCase(name: "no levels", levels: []),
  ChainCase(name: "fractional offsets, deep", levels: (0..<40).map { i in [Double(i) * 0.1, 3.25, 100, 100, 0.3, Double(i) / 7] },
            rect: [-5.5, 1e6, 0, 0]),
  ChainCase(name: "bad: NaN scroll offset", levels: [[0, 0, 10, 10, 0, 0], [0, 0, 10, 10, .nan, 0]]),
  ChainCase(name: "bad: negative height", levels: [[0, 0, 10, -1, 0, 0]]),
  ChainCase(name: "bad: offsets that overflow (issue 28)", levels: [[1e308, 0, 1, 1, 0, 0], [0, 0, 1, 1, -1e308, 0]]),
  ChainCase(name: "bad: a window rect that overflows (issue 28)", levels: [[1e308, 0, 1, 1, 0, 0]], rect: [1e308, 0, 1, 1]),
  ChainCase(name: "bad: too many levels", levels: Array(repeating: [0, 0, 1, 1, 0, 0], count: ViewChain.maximumLevels + 1)),
]

private func swiftSide(_ c: ChainCase) -> Outcome<ChainOutcome> {
  do throws(GhostframeError) {
    let chain = try ViewChain(levels: c.levels.map {
      ViewChain.Level(frame: Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]), scrollOffset: Point(x: $0[4], y: $0[5]))
    })
    let r = Rect(x: c.rect[0], y: c.rect[1], width: c.rect[2], height: c.rect[3])
    let w = try chain.windowRect(of: r), back = try chain.contentRect(ofWindowRect: w), o = try chain.offsetToWindow
    return .ok(ChainOutcome(offset: [o.x, o.y], window: [w.x, w.y, w.width, w.height],
                            content: [back.x, back.y, back.width, back.height]))
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

private func librarySide(_ c: ChainCase, _ library: NativeLibrary) -> Outcome<ChainOutcome> {
  let side = Bridged(library: library)
  var levels = c.levels.map { l in gf_view_level(frame: (l[0], l[1], l[2], l[3]), scroll_offset: (l[4], l[5])) }
  var rect = c.rect, offset = [0.0, 0], window = [0.0, 0, 0, 0], content = [0.0, 0, 0, 0]
  let count = UInt64(levels.count)
  let status: Int32 = levels.withUnsafeMutableBufferPointer { l in
    let pointer = FFIValue.pointer(l.baseAddress.map { UnsafeMutableRawPointer($0) })
    let a = offset.withUnsafeMutableBufferPointer {
      side.call("gf_view_chain_offset", [pointer, .size(count), .pointer($0.baseAddress)]).int32
    }
    guard a == GF_OK else { return a }
    let b = rect.withUnsafeMutableBufferPointer { r in
      window.withUnsafeMutableBufferPointer {
        side.call("gf_view_chain_window_rect", [pointer, .size(count), .pointer(r.baseAddress), .pointer($0.baseAddress)]).int32
      }
    }
    guard b == GF_OK else { return b }
    return window.withUnsafeMutableBufferPointer { w in
      content.withUnsafeMutableBufferPointer {
        side.call("gf_view_chain_content_rect", [pointer, .size(count), .pointer(w.baseAddress), .pointer($0.baseAddress)]).int32
      }
    }
  }
  guard status == GF_OK else { return side.failed(status) }
  return .ok(ChainOutcome(offset: offset, window: window, content: content))
}

/// One step of a pool script: acquire n ids, or release one.
private enum PoolStep: Sendable {
  case acquire(Int)
  case release(String)
}

/// A pool case: a capacity and a script; each step's outcome is recorded.
private struct PoolCase: Sendable, CustomStringConvertible {
  let name: String
  let capacity: Int
  let steps: [PoolStep]
  var description: String { name }
}

private let poolCases: [PoolCase] = [
  PoolCase(name: "two transitions reuse the first's layers", capacity: 5, steps: [
    .acquire(3), .release("snapshot.0"), .release("snapshot.2"), .release("snapshot.1"), .acquire(4), .acquire(2),
    .acquire(1), .release("snapshot.3"), .release("snapshot.3"), .release("elsewhere"), .acquire(0), .acquire(1),
  ]),
  PoolCase(name: "a pool of one", capacity: 1, steps: [.acquire(1), .acquire(1), .release("snapshot.0"), .acquire(1)]),
  PoolCase(name: "bad: capacity 0", capacity: 0, steps: []),
  PoolCase(name: "bad: capacity past the maximum", capacity: SnapshotLayerPool.maximumCapacity + 1, steps: []),
]

/// What each step did ("ok snapshot.0 snapshot.1", or the status) and the counts after it
/// (capacity, created, reused, in use, available, acquirable).
private func record(_ result: String, _ counts: [Int]) -> String {
  "\(result) | \(counts.map(String.init).joined(separator: " "))"
}

private func swiftSide(_ c: PoolCase) -> Outcome<[String]> {
  do throws(GhostframeError) {
    var pool = try SnapshotLayerPool(capacity: c.capacity)
    var log: [String] = []
    for step in c.steps {
      var result: String
      do throws(GhostframeError) {
        switch step {
        case .acquire(let n): result = (["ok"] + (try pool.acquire(count: n))).joined(separator: " ")
        case .release(let id): try pool.release(id); result = "ok"
        }
      } catch {
        result = "status \(error.code.rawValue)"
      }
      log.append(record(result, [pool.capacity, pool.createdCount, pool.reuseCount, pool.inUseCount, pool.availableCount,
                                 pool.acquirableCount]))
    }
    return .ok(log)
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

private func librarySide(_ c: PoolCase, _ library: NativeLibrary) -> Outcome<[String]> {
  let side = Bridged(library: library)
  let (created, made) = side.make("gf_snapshot_pool_create", [.size(UInt64(c.capacity))])
  guard created == GF_OK, let pool = made else { return side.failed(created) }
  defer { side.call("gf_snapshot_pool_free", [.pointer(pool)]) }
  var log: [String] = []
  for step in c.steps {
    var result: String
    switch step {
    case .acquire(let n):
      var ids = [UnsafeMutablePointer<CChar>?](repeating: nil, count: max(n, 1))
      let status = ids.withUnsafeMutableBufferPointer {
        side.call("gf_snapshot_pool_acquire", [.pointer(pool), .size(UInt64(n)), .pointer($0.baseAddress)]).int32
      }
      if status == GF_OK {
        result = (["ok"] + ids[0..<n].map { $0.map { String(cString: $0) } ?? "NULL" }).joined(separator: " ")
        for id in ids[0..<n] { side.call("gf_string_free", [.pointer(id.map { UnsafeMutableRawPointer($0) })], returns: .void) }
      } else {
        result = "status \(status)"
      }
    case .release(let id):
      let status = id.withCString { side.call("gf_snapshot_pool_release", [.pointer(pool), .pointer(UnsafeMutableRawPointer(mutating: $0))]).int32 }
      result = status == GF_OK ? "ok" : "status \(status)"
    }
    var counts = gf_snapshot_pool_counts()
    counts.struct_size = UInt32(MemoryLayout<gf_snapshot_pool_counts>.size)
    let read = withUnsafeMutablePointer(to: &counts) {
      side.call("gf_snapshot_pool_get_counts", [.pointer(pool), .pointer(UnsafeMutableRawPointer($0))]).int32
    }
    guard read == GF_OK else { return side.failed(read) }
    log.append(record(result, [counts.capacity, counts.created, counts.reused, counts.in_use, counts.available,
                               counts.acquirable]))
  }
  return .ok(log)
}

/// Transitions through one pool (capacity 6, two images each, so 4 layers a transition): make
/// one, release it, make a second (reusing), try a third (too few left), release the second,
/// make the third. Each step records the entry scene's JSON (its layer ids are the pool's) or the
/// status, and the pool's counts.
private let poolFeed: [[Double]] = [[-60, 300, 150, 125], [105, 300, 150, 125]]

private func swiftTransitions() -> Outcome<[String]> {
  do throws(GhostframeError) {
    var pool = try SnapshotLayerPool(capacity: 6)
    var log: [String] = []
    func counts() -> String {
      "\(pool.createdCount) \(pool.reuseCount) \(pool.inUseCount) \(pool.availableCount) \(pool.acquirableCount)"
    }
    func make() -> ExpandTransition? {
      do throws(GhostframeError) {
        let t = try ExpandTransition(
          window: Size(width: 375, height: 667), images: poolFeed.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
          tapped: 1, pool: &pool)
        log.append((try? t.scene.json()) ?? "no JSON")
        return t
      } catch {
        log.append("status \(error.code.rawValue)")
        return nil
      }
    }
    let first = make()
    try first?.release(into: &pool)
    log.append(counts())
    let second = make()
    log.append(counts())
    _ = make()
    log.append(counts())
    try second?.release(into: &pool)
    _ = make()
    log.append(counts())
    return .ok(log)
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

private func libraryTransitions(_ library: NativeLibrary) -> Outcome<[String]> {
  let side = Bridged(library: library)
  let (created, made) = side.make("gf_snapshot_pool_create", [.size(6)])
  guard created == GF_OK, let pool = made else { return side.failed(created) }
  defer { side.call("gf_snapshot_pool_free", [.pointer(pool)]) }
  var log: [String] = []
  var transitions: [UnsafeMutableRawPointer] = []
  defer { for t in transitions { side.call("gf_expand_transition_free", [.pointer(t)]) } }
  func counts() -> String {
    var c = gf_snapshot_pool_counts()
    c.struct_size = UInt32(MemoryLayout<gf_snapshot_pool_counts>.size)
    _ = withUnsafeMutablePointer(to: &c) { side.call("gf_snapshot_pool_get_counts", [.pointer(pool), .pointer(UnsafeMutableRawPointer($0))]) }
    return "\(c.created) \(c.reused) \(c.in_use) \(c.available) \(c.acquirable)"
  }
  func make() -> UnsafeMutableRawPointer? {
    var images = poolFeed.flatMap { $0 }
    var params = gf_expand_params()
    let (status, t) = images.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &params) { p in
        side.call("gf_expand_params_init", [.pointer(UnsafeMutableRawPointer(p))], returns: .void)
        (p.pointee.window_width, p.pointee.window_height) = (375, 667)
        p.pointee.images = UnsafePointer(buffer.baseAddress)
        (p.pointee.image_count, p.pointee.tapped) = (2, 1)
        return side.make("gf_expand_transition_create_in_pool", [.pointer(UnsafeMutableRawPointer(p)), .pointer(pool)])
      }
    }
    guard status == GF_OK, let t else {
      log.append("status \(status)")
      return nil
    }
    transitions.append(t)
    let (got, scene) = side.make("gf_expand_transition_scene", [.pointer(t)])
    guard got == GF_OK, let scene else {
      log.append("no JSON")
      return t
    }
    defer { side.call("gf_scene_free", [.pointer(scene)]) }
    let (wrote, json) = side.make("gf_scene_to_json", [.pointer(scene)])
    log.append(wrote == GF_OK ? json.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "no JSON" : "no JSON")
    side.call("gf_string_free", [.pointer(json)], returns: .void)
    return t
  }
  func release(_ t: UnsafeMutableRawPointer?) -> Int32 {
    guard let t else { return GF_OK }
    return side.call("gf_expand_transition_release", [.pointer(t), .pointer(pool)]).int32
  }
  let first = make()
  let released = release(first)
  guard released == GF_OK else { return side.failed(released) }
  log.append(counts())
  let second = make()
  log.append(counts())
  _ = make()
  log.append(counts())
  let again = release(second)
  guard again == GF_OK else { return side.failed(again) }
  _ = make()
  log.append(counts())
  return .ok(log)
}

/// The card transition's helpers through the Swift API and through the C ABI (dlopen + libffi):
/// view chains give the same offsets and rects bit for bit, pools the same ids, reuse and counts
/// step by step; bad input fails with the same status.
@Suite("Card helpers (view chains, the snapshot pool), both sides")
struct CardToolsConformanceTests {
  @Test("view chains agree exactly", arguments: chainCases)
  fileprivate func chainsAgree(_ c: ChainCase) throws {
    let swift = swiftSide(c)
    if c.name.hasPrefix("bad") {
      #expect(swift.value == nil)
    } else {
      let value = try #require(swift.value, "\(swift.message)")
      #expect(value.content == c.rect || c.levels.count > 3, "the first cases round-trip exactly")
    }
    guard case .success(let library) = NativeLibrary.shared else { return }
    expectSidesAgree(swift, librarySide(c, library))
  }

  @Test("the first chain, by hand: offset (-300, 254)")
  func chainByHand() throws {
    let value = try #require(swiftSide(chainCases[0]).value)
    #expect(value.offset == [-300, 254] && value.window == [30, 264, 150, 125])
  }

  @Test("pools agree step by step", arguments: poolCases)
  fileprivate func poolsAgree(_ c: PoolCase) throws {
    let swift = swiftSide(c)
    if c.name.hasPrefix("bad") { #expect(swift.status == GF_E_INVALID_ARGUMENT) }
    guard case .success(let library) = NativeLibrary.shared else { return }
    expectSidesAgree(swift, librarySide(c, library))
  }

  @Test("transitions sharing a pool agree step by step; the second reuses the first's layers")
  func transitionsInAPool() throws {
    let swift = swiftTransitions()
    let log = try #require(swift.value, "\(swift.message)")
    #expect(log.count == 8)
    #expect(log[1] == "4 0 0 4 6" && log[3] == "4 4 4 0 2" && log[4] == "status \(GF_E_LIMIT)" && log[5] == "4 4 4 0 2")
    #expect(log[0].contains("\"snapshot.0\"") && log[2].contains("\"snapshot.3\""))
    guard case .success(let library) = NativeLibrary.shared else { return }
    expectSidesAgree(swift, libraryTransitions(library))
  }

  @Test("the first pool script, by hand: the second transition reuses the released layers, last released first")
  func poolByHand() throws {
    let log = try #require(swiftSide(poolCases[0]).value)
    #expect(log[0] == "ok snapshot.0 snapshot.1 snapshot.2 | 5 3 0 3 0 2")
    #expect(log[4] == "ok snapshot.1 snapshot.2 snapshot.0 snapshot.3 | 5 4 3 4 0 1")
    #expect(log[5].hasPrefix("status \(GF_E_LIMIT)") && log[5].hasSuffix("| 5 4 3 4 0 1"))
    #expect(log[6] == "ok snapshot.4 | 5 5 3 5 0 0")
    #expect(log[8].hasPrefix("status \(GF_E_INVALID_ARGUMENT)"))
  }
}
