import Testing
@testable import GhostframeCore
import GhostframeTestSupport

@Suite struct CurveParsingTests {
  // MARK: - Every form

  @Test func namedCurves() throws {
    let cases: [(String, Curve)] = [
      ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
      ("ease-in-out", .easeInOut), ("step-start", .stepStart), ("step-end", .stepEnd),
      // Core Animation names are the same curves.
      ("default", .ease), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInOut),
      // And so are their explicit forms.
      ("cubic-bezier(0.25, 0.1, 0.25, 1)", .ease), ("cubic-bezier(0,0,1,1)", .linear),
      ("cubic-bezier(0.42, 0, 0.58, 1)", .easeInOut), ("steps(1, start)", .stepStart),
      ("steps(1, jump-start)", .stepStart), ("steps(1)", .stepEnd), ("steps(1, end)", .stepEnd),
    ]
    for (spec, curve) in cases {
      #expect(try Curve(parsing: spec) == curve, "\(spec)")
    }
  }

  @Test func controlPointsOfNamedCurves() {
    // animation.md §1.4.
    let cases: [(Curve, (Double, Double, Double, Double))] = [
      (.ease, (0.25, 0.1, 0.25, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
      (.easeInOut, (0.42, 0, 0.58, 1)), (.linear, (0, 0, 1, 1)),
    ]
    for (curve, p) in cases {
      guard case .bezier(let b) = curve.kind else {
        Issue.record("\(curve) is not a bezier")
        continue
      }
      #expect(b.x1 == p.0 && b.y1 == p.1 && b.x2 == p.2 && b.y2 == p.3, "\(curve)")
    }
  }

  @Test func functions() throws {
    #expect(try Curve(parsing: "cubic-bezier(0.1, 0.7, 1.0, 0.1)") == Curve.cubicBezier(0.1, 0.7, 1, 0.1))
    #expect(try Curve(parsing: "cubic-bezier(0, -2, 1, 3)") == Curve.cubicBezier(0, -2, 1, 3))
    #expect(try Curve(parsing: "steps(4)") == Curve.steps(4, .jumpEnd))
    for position in StepPosition.allCases {
      #expect(try Curve(parsing: "steps(3, \(position.rawValue))") == Curve.steps(3, position))
    }
    #expect(try Curve(parsing: "steps(5, start)") == Curve.steps(5, .jumpStart))
    #expect(try Curve(parsing: "steps(5, end)") == Curve.steps(5, .jumpEnd))
    #expect(try Curve(parsing: "steps(+5)") == Curve.steps(5))
    #expect(try Curve(parsing: "steps(5.0)") == Curve.steps(5))
    #expect(try Curve(parsing: "linear(0, 0.25 50%, 1)")
      == Curve.linear([.init(output: 0), .init(output: 0.25, input: 0.5), .init(output: 1)]))
    #expect(try Curve(parsing: "spring(1, 100, 10, 0)") == Curve.spring(Spring()))
  }

  @Test func springArgumentsMayBeOmitted() throws {
    #expect(try Curve(parsing: "spring()") == Curve.spring(Spring()))
    #expect(try Curve(parsing: "spring(2)") == Curve.spring(Spring(mass: 2)))
    #expect(try Curve(parsing: "spring(2, 200)") == Curve.spring(Spring(mass: 2, stiffness: 200)))
    #expect(try Curve(parsing: "spring(2, 200, 15)") == Curve.spring(Spring(mass: 2, stiffness: 200, damping: 15)))
    #expect(try Curve(parsing: "spring(2, 200, 15, -3)")
      == Curve.spring(Spring(mass: 2, stiffness: 200, damping: 15, initialVelocity: -3)))
    #expect(try Curve(parsing: "spring(1, 100, 26, 0, allows-overdamping)")
      == Curve.spring(Spring(damping: 26, allowsOverdamping: true)))
  }

  @Test(arguments: PennerEasing.allCases)
  func pennerNames(_ easing: PennerEasing) throws {
    #expect(try Curve(parsing: easing.rawValue) == Curve.penner(easing))
    #expect(try Curve(parsing: " \t\(easing.rawValue)\n ") == Curve.penner(easing))
  }

  @Test func whitespaceIsTolerated() throws {
    #expect(try Curve(parsing: "  cubic-bezier (  0.25 ,0.1,\t0.25 , 1 )  ") == .ease)
    #expect(try Curve(parsing: "\nsteps( 2 ,jump-both )\r\n") == Curve.steps(2, .jumpBoth))
    #expect(try Curve(parsing: "linear( 0 ,0.5   25%  75% , 1 )") == Curve(parsing: "linear(0, 0.5 25% 75%, 1)"))
    #expect(try Curve(parsing: "spring( )") == Curve.spring(Spring()))
  }

  @Test func namesAreCaseSensitive() {
    for spec in ["Ease", "EASE", "Linear", "easeinquad", "Steps(2)", "ease-In"] {
      expectError(.parse, "\(spec)") { _ = try Curve(parsing: spec) }
    }
  }

  // MARK: - Canonical description

  @Test func canonicalDescriptions() throws {
    let cases: [(String, String)] = [
      ("linear", "linear"), ("ease", "ease"), ("default", "ease"), ("easeIn", "ease-in"),
      ("easeOut", "ease-out"), ("easeInEaseOut", "ease-in-out"), ("cubic-bezier(0,0,1,1)", "linear"),
      ("cubic-bezier(0.1,0.7,1.0,0.1)", "cubic-bezier(0.1, 0.7, 1, 0.1)"),
      ("cubic-bezier(-0, 1e-5, 1, 1e20)", "cubic-bezier(0, 1e-05, 1, 1e+20)"),
      ("step-start", "steps(1, jump-start)"), ("step-end", "steps(1, jump-end)"),
      ("steps(4)", "steps(4, jump-end)"), ("steps(4, start)", "steps(4, jump-start)"),
      ("steps(3, jump-none)", "steps(3, jump-none)"), ("steps(3, jump-both)", "steps(3, jump-both)"),
      ("linear(0, 0.25, 1)", "linear(0 0%, 0.25 50%, 1 100%)"),
      ("linear(0, 0.5 25% 75%, 1)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%)"),
      ("easeOutBounce", "easeOutBounce"), ("spring()", "spring(1, 100, 10, 0)"),
      ("spring(0.5, 250.5, 12)", "spring(0.5, 250.5, 12, 0)"),
      ("spring(1,100,26,0,allows-overdamping)", "spring(1, 100, 26, 0, allows-overdamping)"),
    ]
    for (spec, expected) in cases {
      #expect(try Curve(parsing: spec).description == expected, "\(spec)")
    }
  }

  @Test func descriptionRoundTripsForEveryForm() throws {
    var rng = SplitMix64(seed: 99)
    var curves: [Curve] = [.linear, .ease, .easeIn, .easeOut, .easeInOut, .stepStart, .stepEnd]
    curves += PennerEasing.allCases.map(Curve.penner)
    for position in StepPosition.allCases {
      curves.append(try .steps(7, position))
      curves.append(try .steps(Int(Int32.max), position))
    }
    curves.append(try .spring(Spring()))
    curves.append(try .spring(Spring(mass: 0.1, stiffness: 333.3, damping: 26, initialVelocity: -0.1, allowsOverdamping: true)))
    for _ in 0..<200 {
      // Arbitrary Doubles (not round decimals) to exercise exact round-tripping.
      curves.append(try .cubicBezier(
        .random(in: 0...1, using: &rng), .random(in: -5...5, using: &rng),
        .random(in: 0...1, using: &rng), .random(in: -1e-9...1e-9, using: &rng)))
      let stops = (0..<Int.random(in: 2...6, using: &rng)).map { _ in
        LinearStop(output: .random(in: -2...2, using: &rng),
          input: Bool.random(using: &rng) ? .random(in: -0.5...1.5, using: &rng) : nil)
      }
      curves.append(try .linear(stops))
    }
    curves.append(try .linear([.init(output: 1e-300, input: 1e-300), .init(output: -1e300, input: 1e300)]))
    for curve in curves {
      let reparsed = try Curve(parsing: curve.description)
      #expect(reparsed == curve, "\(curve.description)")
      #expect(reparsed.description == curve.description)
      #expect(reparsed.hashValue == curve.hashValue)
    }
  }

  // MARK: - Errors

  @Test func unknownNames() {
    let error = expectError(.parse) { _ = try Curve(parsing: "eaze") }
    #expect(error?.message == "unknown curve 'eaze' at column 1")
    let indented = expectError(.parse) { _ = try Curve(parsing: "   bounce(1)") }
    #expect(indented?.message == "unknown curve 'bounce' at column 4")
    for spec in ["easeInOut", "easeInSines", "cubic_bezier(0,0,1,1)", "spring2()", "ease-in-out-back"] {
      let error = expectError(.parse, "\(spec)") { _ = try Curve(parsing: spec) }
      #expect(error?.message.contains("unknown curve") == true, "\(spec)")
    }
  }

  @Test func syntaxErrorsSayWhatWasExpectedAndWhere() {
    let cases: [(String, String)] = [
      ("", "expected a curve name at column 1, found end of input"),
      ("   ", "expected a curve name at column 4, found end of input"),
      ("(ease)", "expected a curve name at column 1, found '('"),
      ("0.5", "expected a curve name at column 1, found '0'"),
      ("ease x", "unexpected 'x' at column 6 after the end of the curve"),
      ("ease)", "unexpected ')' at column 5 after the end of the curve"),
      ("ease(", "'ease' takes no arguments: unexpected '(' at column 5"),
      ("steps", "expected '(' after 'steps' at column 6, found end of input"),
      ("cubic-bezier 0.1", "expected '(' after 'cubic-bezier' at column 14, found '0'"),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4", "expected ',' or ')' at column 32, found end of input (unbalanced parentheses)"),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4))", "unexpected ')' at column 33 after the end of the curve"),
      ("cubic-bezier(0.1, 0.2, 0.3)", "cubic-bezier: expected 4 numbers in the list at column 13, found 3"),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4, 0.5)", "cubic-bezier: expected 4 numbers in the list at column 13, found 5"),
      ("cubic-bezier(0.1, x, 0.3, 0.4)", "cubic-bezier: expected a number at column 19, found 'x'"),
      ("cubic-bezier(0.1 0.2, 0.3, 0.4)", "cubic-bezier: expected ',' or ')' at column 18, found '0.2'"),
      ("cubic-bezier(0.1,, 0.3, 0.4)", "expected a value at column 18, found ','"),
      ("cubic-bezier((0.1), 0, 1, 1)", "unexpected '(' at column 14"),
      ("cubic-bezier(10%, 0, 1, 1)", "cubic-bezier: expected a number at column 14, found percentage '10%'"),
      ("steps(2, middle)", "steps: expected jump-start, jump-end, jump-none, jump-both, start or end at column 10, found 'middle'"),
      ("steps()", "steps: expected a count and an optional position in the list at column 6, found 0 arguments"),
      ("linear(0, 1", "expected ',' or ')' at column 12, found end of input (unbalanced parentheses)"),
      ("spring(1, 2, 3, 4, 5)", "spring: expected 0 to 4 numbers in the list at column 7, found 5"),
      ("spring(1, 100, 10, 0, overdamping)", "spring: expected 0 to 4 numbers in the list at column 7, found 5"),
    ]
    for (spec, message) in cases {
      let error = expectError(.parse, "\(spec)") { _ = try Curve(parsing: spec) }
      #expect(error?.message == message, "\(spec)")
    }
  }

  @Test func outOfRangeValues() {
    let cases: [(String, String)] = [
      ("cubic-bezier(nan,0,1,1)", "not a finite number"),
      ("cubic-bezier(0,inf,1,1)", "not a finite number"),
      ("cubic-bezier(0,0,1,1e999)", "not a finite number"),
      ("cubic-bezier(0,-infinity,1,1)", "not a finite number"),
      ("cubic-bezier(1.5,0,1,1)", "x1"),
      ("cubic-bezier(0,0,-0.5,1)", "x2"),
      ("steps(0)", "count"), ("steps(-1)", "count"), ("steps(1e30)", "count"), ("steps(2.5)", "integer"),
      ("steps(nan)", "finite"), ("steps(2147483648)", "count"), ("steps(-1e308)", "count"),
      ("steps(1, jump-none)", "jump-none"),
      ("linear(1)", "2 stops"), ("linear()", "2 stops"), ("linear(0, nan)", "finite"),
      ("spring(0)", "mass"), ("spring(1, -5)", "stiffness"), ("spring(1, 100, -1)", "damping"),
      ("spring(1, 100, 10, inf)", "finite"), ("spring(1, 100, 0)", "never settles"),
    ]
    for (spec, fragment) in cases {
      let error = expectError(.invalidArgument, "\(spec)") { _ = try Curve(parsing: spec) }
      #expect(error?.message.contains(fragment) == true, "\(spec): \(String(describing: error))")
    }
  }

  @Test func limits() {
    let long = "linear" + String(repeating: " ", count: Curve.maximumSpecLength - 5)  // one byte too many
    expectError(.limit) { _ = try Curve(parsing: long) }
    #expect((try? Curve(parsing: String(long.dropLast()))) == .linear)  // at the limit: read
    let stops = "linear(" + String(repeating: "0.5, ", count: 10_000) + "1)"
    expectError(.limit) { _ = try Curve(parsing: stops) }
    // Just inside both limits.
    let atLimit = "linear(" + String(repeating: "0.5,", count: 9_999) + "1)"
    #expect((try? Curve(parsing: atLimit)) != nil)
  }

  @Test func hostileTextNeverTraps() {
    var rng = SplitMix64(seed: 1234)
    let alphabet = Array("cubic-bezier(steps,linear)spring%0123456789.eE+-naif jump-start, \t()é\u{0}")
    var specs = [
      "\u{0}", "é", "ease\u{0}", "steps(99999999999999999999999999)", "steps(0x10)", "steps(1e-400)",
      "linear(" + String(repeating: "(", count: 1000), String(repeating: ")", count: 1000),
      "cubic-bezier(" + String(repeating: "9", count: 5000) + ",0,1,1)", "spring(1e-320, 1e-320)",
      "spring(1e308, 1e-308, 1e308)", "spring(5e-324, 1.7976931348623157e308, 0.0000001)",
      "linear(1e308 -1e308%, -1e308 1e308%)", "steps(-0)", "cubic-bezier(-0, -0, -0, -0)",
    ]
    for _ in 0..<2000 {
      specs.append(String((0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? " " }))
    }
    for spec in specs {
      do {
        let curve = try Curve(parsing: spec)
        // Anything that parses round-trips and evaluates.
        #expect(try Curve(parsing: curve.description) == curve, "\(spec)")
        for x in hostileInputs { _ = curve(x, beforeFlag: true) }
      } catch {
        // .notFound: a well-formed host name (`a.b`) that no host curve is registered under.
        #expect(error.code == .parse || error.code == .invalidArgument || error.code == .limit
                  || (error.code == .notFound && spec.contains(".")), "\(spec)")
      }
    }
  }
}
