import GhostframeCore
import Testing
@testable import GhostframeSkeleton

/// TABAnimated's spellings of the selectors and modifiers that take a run of unlabelled numbers
/// (`animations(4, 3)`, `rangeLineWidth(0, 2, 50)`, `leftEqualTo_offset(2, 8)`) forward to the
/// Swift names: each gives the bones its Swift name gives, which are the bones the adjust text
/// gives, and differ from the fixture's (no comparison of two calls that do nothing).
@Suite("Adjust: TABAnimated's spellings forward to the Swift names")
struct AdjustTABSpellingTests {
  typealias Edit = (SkeletonEditor) throws -> Void

  @Test("every spelling edits the bones as its Swift name and the adjust text do")
  func sameBones() throws {
    let cases: [(String, Edit, Edit)] = [
      ("animations(4, 3).down(5)",
       { _ = try $0.animations(from: 4, count: 3).down(5) }, { _ = try $0.animations(4, 3).down(5) }),
      ("animationsWithIndexs(6, 0, 6).down(1)",
       { _ = try $0.animations(at: 6, 0, 6).down(1) }, { _ = try $0.animationsWithIndexs(6, 0, 6).down(1) }),
      ("named(bio).targetLineScale(1, 0.5)",
       { try $0.named("bio").targetLineScale(line: 1, scale: 0.5) }, { try $0.named("bio").targetLineScale(1, 0.5) }),
      ("named(bio).targetLineWidth(0, 120)",
       { try $0.named("bio").targetLineWidth(line: 0, width: 120) }, { try $0.named("bio").targetLineWidth(0, 120) }),
      ("named(bio).targetLineHeight(1, 9)",
       { try $0.named("bio").targetLineHeight(line: 1, height: 9) }, { try $0.named("bio").targetLineHeight(1, 9) }),
      ("named(bio).targetLineSpace(0, 3)",
       { try $0.named("bio").targetLineSpace(line: 0, space: 3) }, { try $0.named("bio").targetLineSpace(0, 3) }),
      ("named(bio).rangeLineWidth(0, 2, 80)",
       { try $0.named("bio").rangeLineWidth(from: 0, count: 2, width: 80) },
       { try $0.named("bio").rangeLineWidth(0, 2, 80) }),
      ("named(bio).rangeLineHeight(0, 2, 11)",
       { try $0.named("bio").rangeLineHeight(from: 0, count: 2, height: 11) },
       { try $0.named("bio").rangeLineHeight(0, 2, 11) }),
      ("named(bio).rangeLineSpace(0, 1, 2)",
       { try $0.named("bio").rangeLineSpace(from: 0, count: 1, space: 2) },
       { try $0.named("bio").rangeLineSpace(0, 1, 2) }),
    ] + Self.relations.map { relation in
      let edit: Edit = { try $0.animation(1).apply(.relation(relation, bone: 4, offset: 7)) }
      return ("animation(1).\(relation)_offset(4, 7)", edit, { try Self.tabOffset(relation, $0.animation(1)) })
    }
    for (text, swift, tab) in cases {
      let want = try AdjustFixture.fluent(swift)
      #expect(try AdjustFixture.fluent(tab) == want, "\(text)")
      #expect(try AdjustFixture.text(text) == want, "\(text)")
      #expect(want != AdjustFixture.bones, "\(text) changes nothing")
    }
  }

  /// The ten relations, each with an `_offset` form.
  static let relations = Adjustment.Relation.allCases

  /// `relation`'s `_offset` form, under TABAnimated's spelling, on bone 4 with offset 7.
  static func tabOffset(_ relation: Adjustment.Relation, _ s: SkeletonEditor.Selection) throws {
    switch relation {
    case .leftEqualTo: try s.leftEqualTo_offset(4, 7)
    case .topEqualTo: try s.topEqualTo_offset(4, 7)
    case .rightEqualTo: try s.rightEqualTo_offset(4, 7)
    case .bottomEqualTo: try s.bottomEqualTo_offset(4, 7)
    case .widthEqualTo: try s.widthEqualTo_offset(4, 7)
    case .heightEqualTo: try s.heightEqualTo_offset(4, 7)
    case .leftEqualToRight: try s.leftEqualToRight_offset(4, 7)
    case .topEqualToBottom: try s.topEqualToBottom_offset(4, 7)
    case .rightEqualToLeft: try s.rightEqualToLeft_offset(4, 7)
    case .bottomEqualToTop: try s.bottomEqualToTop_offset(4, 7)
    }
  }

  @Test("each Swift relation with an offset is the relation's adjustment (the Swift names' own check)")
  func swiftRelations() throws {
    let swift: [(Adjustment.Relation, Edit)] = [
      (.leftEqualTo, { try $0.animation(1).leftEqualTo(4, offset: 7) }),
      (.topEqualTo, { try $0.animation(1).topEqualTo(4, offset: 7) }),
      (.rightEqualTo, { try $0.animation(1).rightEqualTo(4, offset: 7) }),
      (.bottomEqualTo, { try $0.animation(1).bottomEqualTo(4, offset: 7) }),
      (.widthEqualTo, { try $0.animation(1).widthEqualTo(4, offset: 7) }),
      (.heightEqualTo, { try $0.animation(1).heightEqualTo(4, offset: 7) }),
      (.leftEqualToRight, { try $0.animation(1).leftEqualToRight(4, offset: 7) }),
      (.topEqualToBottom, { try $0.animation(1).topEqualToBottom(4, offset: 7) }),
      (.rightEqualToLeft, { try $0.animation(1).rightEqualToLeft(4, offset: 7) }),
      (.bottomEqualToTop, { try $0.animation(1).bottomEqualToTop(4, offset: 7) }),
    ]
    #expect(swift.map(\.0) == Self.relations)
    for (relation, edit) in swift {
      #expect(try AdjustFixture.fluent(edit) == AdjustFixture.text("animation(1).\(relation)_offset(4, 7)"), "\(relation)")
    }
  }

  @Test("a spelling throws the error its Swift name throws, and leaves the bones as they were")
  func sameErrors() throws {
    let editor = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: AdjustFixture.containerWidth)
    let cases: [(String, Edit, Edit)] = [
      ("animations past the end", { _ = try $0.animations(from: 5, count: 3) }, { _ = try $0.animations(5, 3) }),
      ("a missing index", { _ = try $0.animations(at: 1, 9) }, { _ = try $0.animationsWithIndexs(1, 9) }),
      ("a count of 0", { try $0.animation(2).rangeLineWidth(from: 0, count: 0, width: 4) },
       { try $0.animation(2).rangeLineWidth(0, 0, 4) }),
      ("a negative width", { try $0.animation(2).targetLineWidth(line: 0, width: -5) },
       { try $0.animation(2).targetLineWidth(0, -5) }),
      ("a missing bone", { try $0.animation(1).leftEqualTo(9, offset: 1) }, { try $0.animation(1).leftEqualTo_offset(9, 1) }),
    ]
    for (name, swift, tab) in cases {
      let want = #expect(throws: GhostframeError.self, "\(name)") { try swift(editor) }
      let got = #expect(throws: GhostframeError.self, "\(name)") { try tab(editor) }
      #expect(got == want, "\(name)")
      #expect(editor.bones == AdjustFixture.bones, "\(name)")
    }
  }

  @Test("create(named:) appends a bone with that id, once")
  func createNamed() throws {
    let bones = try AdjustFixture.fluent { _ = try $0.create(named: "badge").width(10).height(10) }
    #expect(try bones == AdjustFixture.text("createNamed(badge).width(10).height(10)"))
    #expect(bones.count == AdjustFixture.bones.count + 1 && bones.last?.id == "badge")
  }
}
