import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is style settings, one per "\n": a key, then "=" and its value as
/// JSON ("animation=\"shimmer\""). Each is set with gf_view_tree_set_style on the fixture's
/// global level, on its root, on a label and on the "row" template (FixtureTree); the
/// skeleton is then generated with the resolved styles.
@c(LLVMFuzzerTestOneInput)
public func fuzzStyle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let fixture = FixtureTree(sections: true)
  defer { fixture.free() }
  let equals = CChar(bitPattern: UInt8(ascii: "="))
  for line in lines(data, size) {
    var key = line
    var value: [CChar] = [0]
    if let split = line.firstIndex(of: equals) {
      key = Array(line[..<split]) + [0]
      value = Array(line[(split + 1)...])
    }
    for node in [GF_VIEW_TREE_GLOBAL, fixture.root, fixture.label, fixture.row] {
      prime()
      clean(key.withUnsafeBufferPointer { k in
        value.withUnsafeBufferPointer { v in gf_view_tree_set_style(fixture.tree, node, k.baseAddress, v.baseAddress) }
      }, "gf_view_tree_set_style(\(node))")
    }
  }
  fixture.generate()
  return 0
}
