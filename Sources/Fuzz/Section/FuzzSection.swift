import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is a section JSON object, added with gf_view_tree_add_section to
/// the fixture's table and to its collection (FixtureTree, empty lists); the skeleton is then
/// generated, which fills the lists.
@c(LLVMFuzzerTestOneInput)
public func fuzzSection(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let fixture = FixtureTree(sections: false)
  defer { fixture.free() }
  withCString(data, size) { json in
    for list in [fixture.table, fixture.collection] {
      prime()
      clean(gf_view_tree_add_section(fixture.tree, list, json), "gf_view_tree_add_section")
    }
    // A list node that is not a list, and a handle that is not a node.
    for node in [fixture.label, 9999] {
      prime()
      if clean(gf_view_tree_add_section(fixture.tree, node, json), "gf_view_tree_add_section(\(node))") {
        finding("gf_view_tree_add_section accepted node \(node), which is not a list")
      }
    }
  }
  fixture.generate()
  return 0
}
