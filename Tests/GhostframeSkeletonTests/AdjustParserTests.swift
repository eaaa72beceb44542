import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

/// The text syntax: what parses to what, every error with its exact line and column, limits,
/// and round trips through the text form.
@Suite("Adjust: text syntax")
struct AdjustParserTests {
  func chains(_ lines: String...) throws -> [AdjustmentChain] {
    try AdjustmentList(lines: lines).chains
  }

  func parseError(_ line: String) -> GhostframeError? {
    do {
      _ = try AdjustmentList(lines: [line])
      return nil
    } catch {
      return error
    }
  }

  // MARK: What parses

  @Test func chainStructure() throws {
    #expect(
      try chains("animation(1).reducedWidth(20).down(2)")
        == [AdjustmentChain(selector: .animation(1), adjustments: [.reducedWidth(20), .down(2)])])
    #expect(
      try chains("animations(4, 3).radius(3)")
        == [AdjustmentChain(selector: .animations(from: 4, count: 3), adjustments: [.radius(3)])])
    #expect(try chains("named(bio).lines(3)") == [AdjustmentChain(selector: .named("bio"), adjustments: [.lines(3)])])
    #expect(try chains("animation(0)") == [AdjustmentChain(selector: .animation(0), adjustments: [])])
    #expect(
      try chains("animation(1).leftEqualTo(2).topEqualToBottom_offset(0, -4)")
        == [
          AdjustmentChain(
            selector: .animation(1),
            adjustments: [.relation(.leftEqualTo, bone: 2, offset: 0), .relation(.topEqualToBottom, bone: 0, offset: -4)])
        ])
  }

  @Test func whitespaceCommentsAndSeparators() throws {
    let one = [AdjustmentChain(selector: .animation(1), adjustments: [.down(2)])]
    #expect(try chains(" \tanimation ( 1 ) . down ( 2 ) \r") == one)
    #expect(try chains("animation(1)\n.down(2)") == one)
    #expect(try chains("animation(1).down(2);") == one)
    #expect(try chains("animation(1).down(2); // moved") == one)
    #expect(try chains("animation(1).down(2)// moved") == one)
    #expect(try chains("", "   ", "// a comment", "animation(1).down(2)", ";;") == one)
    #expect(
      try chains("animation(1).down(2); animation(2).up(1)")
        == one + [AdjustmentChain(selector: .animation(2), adjustments: [.up(1)])])
    // A line index names the line each chain came from.
    #expect(try chains("", "animation(1).down(2)").first?.source?.line == 1)
    // `#` does not start a comment (it starts colours).
    #expect(
      parseError("# note")
        == GhostframeError(.parse, "adjust[0], column 1: expected a selector such as animation(i) or named(id), found '#'"))
  }

  @Test func numbers() throws {
    for (text, value) in [("2", 2.0), ("+2", 2), ("-2", -2), ("2.", 2), (".5", 0.5), ("-0.5e1", -5), ("1E2", 100),
                          ("1e-2", 0.01), ("0", 0), ("-0", 0), ("007", 7)] {
      #expect(try chains("animation(0).down(\(text))") == [AdjustmentChain(selector: .animation(0), adjustments: [.down(value)])])
    }
    // Integral forms of indices.
    #expect(try chains("animation(1.0)").first?.selector == .animation(1))
    #expect(try chains("animation(1e1)").first?.selector == .animation(10))
  }

  @Test func colours() throws {
    func color(_ text: String) throws -> Adjustment? { try chains("animation(0).color(\(text))").first?.adjustments.first }
    #expect(try color("#EEEEEE") == .color(Color(rgb: 0xEEEEEE)))
    #expect(try color("#eeeeee") == .color(Color(rgb: 0xEEEEEE)))
    #expect(try color("0xEEEEEE") == .color(Color(rgb: 0xEEEEEE)))
    #expect(try color("#000000FF") == .color(Color(rgb: 0)))
    #expect(try color("0x00000000") == .color(Color(rgb: 0, alpha: 0)))
    // The library's one colour parser (Color(css:)): #RGB and CSS names too (issue 30).
    #expect(try color("#E0A") == .color(Color(rgb: 0xEE00AA)))
    #expect(try color("white") == .color(Color(rgb: 0xFFFFFF)))
    #expect(try color("RebeccaPurple") == .color(Color(rgb: 0x663399)))
    #expect(try color("transparent") == .color(Color(rgb: 0, alpha: 0)))
    for bad in ["12", "#12345", "#1234567", "#GG0000", "EEEEEE", "0x", "#", "0xEEEEEEEEE", "#+12345", "whit"] {
      #expect(
        parseError("animation(0).color(\(bad))")
          == GhostframeError(
            .parse,
            "adjust[0], column 20: color: expected a colour (#RGB, #RRGGBB, #RRGGBBAA, 0xRRGGBB or a CSS colour name), found '\(bad)'"),
        "\(bad)")
    }
  }

  // MARK: Errors, with line and column

  @Test func unknownNames() {
    #expect(
      parseError("animation(1).reducedWidht(20)")
        == GhostframeError(.parse, "adjust[0], column 14: unknown modifier 'reducedWidht' (did you mean 'reducedWidth'?)"))
    #expect(
      parseError("animaton(1)")
        == GhostframeError(.parse, "adjust[0], column 1: unknown selector 'animaton' (did you mean 'animation'?)"))
    #expect(
      parseError("animation(1).frobnicate()")
        == GhostframeError(.parse, "adjust[0], column 14: unknown modifier 'frobnicate'"))
    #expect(
      parseError("animation(1).verticalCenterOffset(2)")
        == GhostframeError(.parse, "adjust[0], column 14: unknown modifier 'verticalCenterOffset' (a no-op in TABAnimated)"))
    #expect(
      parseError("animation(1).horizontalCenterOffset(2)")
        == GhostframeError(.parse, "adjust[0], column 14: unknown modifier 'horizontalCenterOffset' (a no-op in TABAnimated)"))
    #expect(
      parseError("down(2)")
        == GhostframeError(
          .parse, "adjust[0], column 1: 'down' is a modifier; a chain starts with a selector such as animation(i) or named(id)"))
    #expect(
      parseError("animation(1).down(2).animation(2)")
        == GhostframeError(
          .parse, "adjust[0], column 22: 'animation' is a selector, not a modifier; start another chain with ';' or a new line"))
    // Names are case-sensitive, as in TABAnimated.
    #expect(
      parseError("animation(1).Down(2)")
        == GhostframeError(.parse, "adjust[0], column 14: unknown modifier 'Down' (did you mean 'down'?)"))
  }

  @Test func unsupportedNames() {
    #expect(
      parseError("animation(1).placeholder(\"\")")
        == GhostframeError(
          .invalidArgument,
          "adjust[0], column 26: placeholder: the image name must be non-empty, without NUL, at most 4096 bytes"))
    #expect(parseError("animation(1).placeholder(img)") == nil)
    #expect(parseError("animation(1).placeholder(a.png)") == nil)
    // dropStayTime is supported now (AdjustDropStayTests); it parses.
    #expect(parseError("animation(1).dropStayTime(0.3)") == nil)
    // backgroundComponent is supported now (AdjustBackgroundTests), with or without parentheses.
    #expect(parseError("backgroundComponent().color(#FFFFFF)") == nil)
    #expect(parseError("backgroundComponent.radius(4)") == nil)
    #expect(
      parseError("backgroundComponent(1).radius(4)")
        == GhostframeError(.parse, "adjust[0], column 1: backgroundComponent takes no arguments, found 1"))
    // Horizontal lines are supported now (BoneLinesTests); they parse.
    #expect(parseError("animation(1).lineWithMode(2, horizontal)") == nil)
    #expect(
      parseError("animation(1).lineWithMode(2, diagonal)")
        == GhostframeError(.parse, "adjust[0], column 30: lineWithMode: expected vertical or horizontal, found 'diagonal'"))
  }

  @Test func parenthesesAndTrailingText() {
    let cases: [(String, String)] = [
      ("animation(1).down(2", "adjust[0], column 20: expected ')', found end of line"),
      ("animation(1", "adjust[0], column 12: expected ')', found end of line"),
      ("animation(", "adjust[0], column 11: expected an argument, found end of line"),
      ("animation(1).down(2))", "adjust[0], column 21: expected '.', ';' or the end of the line, found ')'"),
      ("animation(1).down(2) x", "adjust[0], column 22: expected '.', ';' or the end of the line, found 'x'"),
      ("animation(1).down(2).", "adjust[0], column 22: expected a modifier name after '.', found end of line"),
      ("animation(1)..down(2)", "adjust[0], column 14: expected a modifier name after '.', found '.'"),
      ("animation(1).down 2", "adjust[0], column 19: expected '(' after 'down', found '2'"),
      ("animation(1).remove", "adjust[0], column 20: expected '(' after 'remove', found end of line"),
      ("animation 1", "adjust[0], column 11: expected '(' after 'animation', found '1'"),
      ("animation(1).down((2))", "adjust[0], column 19: expected an argument, found '('"),
      ("animation(1).down(2 3)", "adjust[0], column 21: expected ',' or ')', found '3'"),
      ("animation(1).down(,)", "adjust[0], column 19: expected an argument, found ','"),
      ("animation(1).down(1,)", "adjust[0], column 21: expected an argument, found ')'"),
      ("animation(1).down(2;)", "adjust[0], column 20: expected ',' or ')', found ';'"),
      (#"named("bio).down(1)"#, "adjust[0], column 7: unterminated string"),
      (#"named("b\io")"#, "adjust[0], column 10: expected '\"' or '\\' after '\\', found 'i'"),
      ("named(a b)", "adjust[0], column 9: expected ',' or ')', found 'b'"),
      ("animation(1).down(2) /", "adjust[0], column 22: expected '.', ';' or the end of the line, found '/'"),
      ("animation(1)\u{7}", "adjust[0], column 13: expected '.', ';' or the end of the line, found '\\u{07}'"),
    ]
    for (line, message) in cases {
      #expect(parseError(line) == GhostframeError(.parse, message), "\(line)")
    }
  }

  @Test func argumentCountsAndKinds() {
    let parse: [(String, String)] = [
      ("animation(1).down()", "adjust[0], column 14: down takes 1 argument (a number), found 0"),
      ("animation(1).down(1, 2)", "adjust[0], column 14: down takes 1 argument (a number), found 2"),
      ("animation(1).remove(1)", "adjust[0], column 14: remove takes no arguments, found 1"),
      ("animation()", "adjust[0], column 1: animation takes 1 argument (a bone index), found 0"),
      ("animations(1)", "adjust[0], column 1: animations takes 2 arguments (a first bone index and a count), found 1"),
      ("animation(1).leftEqualTo_offset(2)",
       "adjust[0], column 14: leftEqualTo_offset takes 2 arguments (a bone index and an offset), found 1"),
      ("animation(1).rangeLineWidth(0, 2)",
       "adjust[0], column 14: rangeLineWidth takes 3 arguments (a first line index, a count and a number), found 2"),
      ("animation(1).gradient(#FF0000)", "adjust[0], column 14: gradient takes 2 to 4 colours, found 1"),
      ("animation(1).down(nan)", "adjust[0], column 19: down: expected a number, found 'nan'"),
      ("animation(1).down(inf)", "adjust[0], column 19: down: expected a number, found 'inf'"),
      ("animation(1).down(0x10)", "adjust[0], column 19: down: expected a number, found '0x10'"),
      ("animation(1).down(1e)", "adjust[0], column 19: down: expected a number, found '1e'"),
      ("animation(1).down(.)", "adjust[0], column 19: down: expected a number, found '.'"),
      ("animation(1).down(--1)", "adjust[0], column 19: down: expected a number, found '--1'"),
      (#"animation(1).down("2")"#, "adjust[0], column 19: down: expected a number, found a string"),
      ("animation(bio)", "adjust[0], column 11: animation: expected a number, found 'bio'"),
      ("named(#x)", "adjust[0], column 7: named: expected an id (a name or a quoted string), found '#x'"),
    ]
    for (line, message) in parse {
      #expect(parseError(line) == GhostframeError(.parse, message), "\(line)")
    }
  }

  @Test func badValues() {
    let invalid: [(String, String)] = [
      ("animation(1).down(1e999)", "adjust[0], column 19: down: '1e999' is not a finite number"),
      ("animation(1).down(-1e999)", "adjust[0], column 19: down: '-1e999' is not a finite number"),
      ("animation(1.5)", "adjust[0], column 11: animation: 1.5 is not an integer"),
      ("animation(-1)", "adjust[0], column 11: animation: index -1 is outside 0 to 2147483647"),
      ("animation(1e20)", "adjust[0], column 11: animation: 1e20 is outside 0 to 2147483647"),
      ("animation(9007199254740993)", "adjust[0], column 11: animation: 9007199254740993 is outside 0 to 2147483647"),
      ("animations(0, 2.5)", "adjust[0], column 15: animations: 2.5 is not an integer"),
      ("animation(1).width(0)", "adjust[0], column 20: width must be > 0, found 0"),
      ("animation(1).width(-3)", "adjust[0], column 20: width must be > 0, found -3"),
      ("animation(1).height(0)", "adjust[0], column 21: height must be > 0, found 0"),
      ("animation(1).radius(-1)", "adjust[0], column 21: radius must be >= 0, found -1"),
      ("animation(1).space(-1)", "adjust[0], column 20: space must be >= 0, found -1"),
      ("animation(1).lastScale(-0.5)", "adjust[0], column 24: lastLineScale must be >= 0, found -0.5"),
      ("animation(1).line(1001)", "adjust[0], column 19: line: the number of lines must be 0 to 1000, found 1001"),
      ("animation(1).lines(-1)", "adjust[0], column 20: line: the number of lines must be 0 to 1000, found -1"),
      ("animation(1).line(2.5)", "adjust[0], column 19: line: 2.5 is not an integer"),
      ("animation(1).targetLineWidth(1000, 5)", "adjust[0], column 30: targetLineWidth: line 1000 is outside 0 to 999"),
      ("animation(1).targetLineWidth(0, -5)", "adjust[0], column 33: targetLineWidth: the width must be >= 0, found -5"),
      ("animation(1).targetLineScale(0, -1)", "adjust[0], column 33: targetLineScale: the scale must be >= 0, found -1"),
      ("animation(1).rangeLineWidth(999, 2, 5)", "adjust[0], column 34: rangeLineWidth: 2 lines from line 999 go past line 999"),
      ("animation(1).rangeLineSpace(0, 0, 5)", "adjust[0], column 32: rangeLineSpace: the count must be >= 1, found 0"),
      ("animation(1).rangeLineHeight(-1, 2, 5)", "adjust[0], column 30: rangeLineHeight: line -1 is outside 0 to 999"),
      ("animation(1).leftEqualTo(-1)", "adjust[0], column 26: leftEqualTo: bone index -1 is outside 0 to 2147483647"),
      ("animation(1).leftEqualTo(1.5)", "adjust[0], column 26: leftEqualTo: 1.5 is not an integer"),
      ("animation(1).dropIndex(-1)", "adjust[0], column 24: dropIndex: step -1 is outside 0 to 2147483647"),
      ("create(-1)", "adjust[0], column 8: create: index -1 is outside 0 to 2147483647"),
      (#"createNamed("")"#, "adjust[0], column 13: createNamed: the id is empty"),
    ]
    for (line, message) in invalid {
      #expect(parseError(line) == GhostframeError(.invalidArgument, message), "\(line)")
    }
    // Four colours, as many stops as a layer's gradient holds; a fifth is refused when read.
    let colours = Array(repeating: "#000000", count: 5).joined(separator: ",")
    #expect(
      parseError("animation(1).gradient(\(colours))")
        == GhostframeError(.invalidArgument, "adjust[0], column 23: gradient: expected 2 to 4 colours, found 5"))
  }

  @Test func errorsNameTheLine() {
    do {
      _ = try AdjustmentList(lines: ["animation(1).down(2)", "", "// fine", "named(bio).lines(3).lastScal(0.4)"])
      Issue.record("expected an error")
    } catch {
      #expect(error == GhostframeError(.parse, "adjust[3], column 21: unknown modifier 'lastScal' (did you mean 'lastScale'?)"))
    }
    expectAdjustError(
      ["animation(1).down(2); animation(2).frobnicate(1)"], .parse,
      "adjust[0], column 36: unknown modifier 'frobnicate'")
  }

  @Test func applyErrorsNameTheModifier() {
    expectAdjustError(
      ["animation(1).down(2).reducedWidth(200)"], .invalidArgument,
      "adjust[0], column 22: reducedWidth(200) would make bone 1's width -80 (must be >= 0)")
    expectAdjustError(
      ["animation(1).reducedHeight_horizontal(16)"], .invalidArgument,
      "adjust[0], column 14: reducedHeight_horizontal(16) would make bone 1's height -1 (must be >= 0)")
    expectAdjustError(
      ["animation(1).widthEqualTo_offset(0, -49)"], .invalidArgument,
      "adjust[0], column 14: widthEqualTo_offset(0, -49) would make bone 1's width -1 (must be >= 0)")
    expectAdjustError(
      ["animation(0).reducedRadius(30)"], .invalidArgument,
      "adjust[0], column 14: reducedRadius(30) would make bone 0's corner radius -6 (must be >= 0)")
    expectAdjustError(
      ["animation(1).down(1e308).down(1e308)"], .invalidArgument,
      "adjust[0], column 26: down(1e+308) would make bone 1's y inf")
    expectAdjustError(
      ["animation(1).x(-1e308).left(1e308)"], .invalidArgument,
      "adjust[0], column 24: left(1e+308) would make bone 1's x -inf")
    // Earlier lines succeeded, yet the bones are unchanged.
    expectAdjustError(
      ["animations(0, 7).down(3)", "create(7).width(10)", "named(tag).remove()", "animation(9).down(1)"], .notFound,
      "adjust[3], column 1: no bone 9 (there are 8)")
  }

  // MARK: Limits

  @Test func limits() throws {
    let tooMany = Array(repeating: "", count: 10_001)
    #expect(throws: GhostframeError(.limit, "adjust has 10001 lines; the limit is 10000")) {
      try AdjustmentList(lines: tooMany)
    }
    #expect(try AdjustmentList(lines: Array(repeating: "animation(0).down(1)", count: 10_000)).chains.count == 10_000)
    let longest = "animation(0).down(1)" + String(repeating: " ", count: 10_000 - 20)
    #expect(try AdjustmentList(lines: [longest]).chains.count == 1)
    #expect(throws: GhostframeError(.limit, "adjust[1] is longer than 10000 characters")) {
      try AdjustmentList(lines: ["", longest + " "])
    }
    // Characters are Unicode scalars, not bytes.
    let wide = String(repeating: "名", count: 10_000)
    #expect(throws: GhostframeError(.parse, "adjust[0], column 1: expected a selector such as animation(i) or named(id), found '\\u{540D}'")) {
      try AdjustmentList(lines: [wide])
    }
  }

  // MARK: Round trips

  @Test func textForm() throws {
    let lines = [
      "animation(1).reducedWidth(20).down(2)",
      "animations(4, 3).radius(3)",
      "named(bio).line(3).lastLineScale(0.4)",
      #"named("two words").x_offset(-1.5)"#,
      "animationsWithIndexs(6, 0).color(#11223380).gradient(#FF0000, #00FF00)",
      "create(7).leftEqualTo(2).rightEqualTo_offset(2, 8).reducedWidth_vertical(4)",
      "createNamed(badge).targetLineScale(1, 0.25).rangeLineSpace(0, 2, 6)",
      "animation(2).lines(0).toLongAnimation().dropFromIndex(3).removeOnDrop()",
    ]
    let list = try AdjustmentList(lines: lines)
    #expect(list.lines[0] == lines[0])
    #expect(list.lines[1] == lines[1])
    #expect(list.lines[3] == lines[3])
    #expect(list.lines[4] == lines[4])
    #expect(list.lines[5] == lines[5])
    #expect(try AdjustmentList(lines: list.lines) == list)
    // description joins the lines with newlines; inside one line a newline is whitespace, so
    // the chains would need ';' between them.
    #expect(
      throws: GhostframeError(.parse, "adjust[0], column 39: expected '.', ';' or the end of the line, found 'a'")
    ) { try AdjustmentList(lines: [list.description]) }
    #expect(try AdjustmentList(lines: [list.lines.joined(separator: ";\n")]) == list)
    #expect(Adjustment.relation(.topEqualTo, bone: 2, offset: 0).description == "topEqualTo(2)")
    #expect(Adjustment.down(1e-7).description == "down(1e-07)")
    #expect(try AdjustmentList(lines: ["animation(0).down(1e-07)"]).chains[0].adjustments == [.down(1e-7)])
  }

  /// Random chains of every modifier print text that parses back to the same chain, and the
  /// text and the values give the same bones (or the same error).
  @Test func randomChainsRoundTrip() throws {
    var rng = SplitMix64(seed: 0x5EED)
    func number() -> Double {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: Double(Int.random(in: -50...50, using: &rng))
      case 1: Double(Int.random(in: 0...400, using: &rng)) / 8
      case 2: Double.random(in: 0.01...300, using: &rng)
      default: Double(Int.random(in: 1...20, using: &rng)) * 1e-3
      }
    }
    func positive() -> Double { abs(number()) + 0.5 }
    func color() -> Color {
      Color(rgb: UInt32.random(in: 0...0xFFFFFF, using: &rng),
            alpha: Bool.random(using: &rng) ? 1 : Double(Int.random(in: 0...255, using: &rng)) / 255)
    }
    func bone() -> Int { Int.random(in: 0..<7, using: &rng) }
    func line() -> Int { Int.random(in: 0..<6, using: &rng) }
    func adjustment() -> Adjustment {
      let v = number()
      let all: [Adjustment] = [
        .left(v), .right(v), .up(v), .down(v), .x(v), .y(v), .xOffset(v), .yOffset(v), .width(positive()),
        .height(positive()), .reducedWidth(v), .reducedHeight(v), .reducedWidthVertical(v),
        .reducedHeightHorizontal(v), .radius(abs(v)), .reducedRadius(v), .lines(Int.random(in: 0...5, using: &rng)),
        .space(abs(v)), .lastLineScale(abs(v)), .targetLineScale(line: line(), scale: abs(v)),
        .targetLineWidth(line: line(), width: abs(v)), .targetLineHeight(line: line(), height: abs(v)),
        .targetLineSpace(line: line(), space: abs(v)), .rangeLineWidth(from: line(), count: line() + 1, width: abs(v)),
        .rangeLineHeight(from: line(), count: 1, height: abs(v)), .rangeLineSpace(from: 0, count: line() + 1, space: abs(v)),
        .remove, .removeContents, .cancelAlignCenter, .color(color()), .gradient([color(), color(), color()]),
        .withoutAnimation, .penetrate, .removeShadow, .placeholder(Bool.random(using: &rng) ? "img" : "a b.png"),
        .lineWithMode(Int.random(in: 0...5, using: &rng), Bool.random(using: &rng) ? .vertical : .horizontal),
        .relation(Adjustment.Relation.allCases.randomElement(using: &rng)!, bone: bone(), offset: Bool.random(using: &rng) ? 0 : v),
        .toLongAnimation, .toShortAnimation, .dropIndex(line()), .dropFromIndex(line()), .removeOnDrop,
      ]
      return all.randomElement(using: &rng)!
    }
    func selector() -> AdjustSelector {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: .animation(bone())
      case 1: .animations(from: Int.random(in: 0...3, using: &rng), count: Int.random(in: 1...4, using: &rng))
      case 2: .animationsWithIndexs([bone(), bone(), bone()])
      default: .named(["avatar", "name", "bio", "title", "tag", "more"].randomElement(using: &rng)!)
      }
    }
    var applied = 0
    for _ in 0..<500 {
      let chains = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        AdjustmentChain(selector: selector(), adjustments: (0..<Int.random(in: 0...5, using: &rng)).map { _ in adjustment() })
      }
      let built = AdjustmentList(chains: chains)
      let parsed = try AdjustmentList(lines: built.lines)
      #expect(parsed == built, "\(built.lines)")
      let byText = Result { () throws(GhostframeError) in try AdjustFixture.text(lines: built.lines) }
      let byValue: Result<[Bone], GhostframeError>
      do {
        byValue = .success(
          try AdjustFixture.fluent { editor in
            for chain in chains {
              let selection = try editor.select(chain.selector)
              for adjustment in chain.adjustments { try selection.apply(adjustment) }
            }
          })
      } catch let error as GhostframeError {
        byValue = .failure(error)
      }
      switch (byText, byValue) {
      case (.success(let a), .success(let b)):
        #expect(a == b)
        applied += 1
      case (.failure(let a), .failure(let b)):
        // Same failure; the text one names where.
        #expect(a.code == b.code && a.message.hasSuffix(b.message), "\(a) / \(b)")
      default:
        Issue.record("text and values disagree: \(byText) / \(byValue)")
      }
    }
    #expect(applied > 100)
  }

  /// Mutated programs never trap: they parse and apply, or throw a GhostframeError; those that
  /// parse print text that parses back to the same program.
  @Test func mutationsNeverTrap() throws {
    let seed = Array(
      "animation(1).reducedWidth(20).down(2); animations(4, 3).radius(3).color(#11223380); named(\"tag\").leftEqualTo_offset(0, 4).lines(0).targetLineScale(1, 0.5)"
        .unicodeScalars)
    let alphabet = Array("()., ;\"#0123456789-+eE_xanimtodwlrgh名\u{0}\n".unicodeScalars)
    var rng = SplitMix64(seed: 0xAD1057)
    var parsed = 0
    for _ in 0..<3_000 {
      var text = seed
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        let at = Int.random(in: 0...text.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: text.insert(alphabet.randomElement(using: &rng)!, at: at)
        case 1: if at < text.count { text.remove(at: at) }
        default: if at < text.count { text[at] = alphabet.randomElement(using: &rng)! }
        }
      }
      let line = String(String.UnicodeScalarView(text))
      var bones = AdjustFixture.bones
      do {
        let list = try AdjustmentList(lines: [line])
        parsed += 1
        #expect(try AdjustmentList(lines: list.lines) == list, "\(line)")
        try list.apply(to: &bones, containerWidth: AdjustFixture.containerWidth)
      } catch {
        #expect(bones == AdjustFixture.bones)
        #expect(error.message.hasPrefix("adjust[0]"), "\(error)")
      }
    }
    #expect(parsed > 100)
  }
}
