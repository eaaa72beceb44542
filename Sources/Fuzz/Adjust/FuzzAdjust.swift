import CGhostframe
import FuzzSupport

/// libFuzzer entry: the input is adjust lines, one per "\n". Lines starting with "@row " go
/// to the table cell template, "@card " to the collection's, the rest to the root. Each is
/// added with gf_view_tree_add_adjust to a fixture tree (FixtureTree), then the skeleton is
/// generated, which is where lines are checked and applied.
@c(LLVMFuzzerTestOneInput)
public func fuzzAdjust(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let fixture = FixtureTree(sections: true)
  defer { fixture.free() }
  for line in lines(data, size) {
    var target = fixture.root
    var text = line[...]
    for (prefix, node) in [("@row ", fixture.row), ("@card ", fixture.card)] where text.starts(with: prefix.utf8.map { CChar(bitPattern: $0) }) {
      target = node
      text = text.dropFirst(prefix.utf8.count)
    }
    prime()
    clean(Array(text).withUnsafeBufferPointer { gf_view_tree_add_adjust(fixture.tree, target, $0.baseAddress) },
          "gf_view_tree_add_adjust")
  }
  fixture.generate()
  return 0
}
