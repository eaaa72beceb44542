import GhostframeCore
import GhostframeTestSupport
import GhostframeTimeline
import Testing
@testable import GhostframeFormats

/// Reading and writing the timeline format: shapes, errors that name the JSON path (with
/// suggestions), limits, shadowing, and the writer's canonical form.
@Suite("Timeline JSON")
struct TimelineJSONTests {
  /// A document with one "fade" definition around `items` (a JSON array body) in a sequence.
  func document(_ items: String, root: String = "sequence") -> String {
    #"{"definitions": {"fade": {"curve": "linear", "changes": {"opacity": -1}}}, "timeline": {""#
      + root + #"": ["# + items + "]}}"
  }

  func read(_ text: String) throws -> Timeline { try Timeline(json: text, registry: TimelineRegistry()) }

  /// Expects reading `text` to fail with `code` and a message containing `fragment`.
  func expectRead(
    _ code: GhostframeError.Code, _ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = expectError(code, sourceLocation: sourceLocation) { _ = try read(text) }
    #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
  }

  // MARK: - Reading

  @Test("every item form reads to the Swift items it names")
  func itemForms() throws {
    let timeline = try read(document(#"""
      {"label": "start"}, {"anim": "fade", "layers": ["a", "b"], "duration": 0.5},
      {"delay": -0.25}, {"stagger": 0.1}, {"stagger": {"each": 0.2, "from": "center", "ease": "ease-in"}},
      {"stagger": {"amount": 1, "from": -3}}, {"sequence": [], "position": "start+=1"},
      {"parallel": [{"delay": 2}], "position": 1.5}, {"label": "l2", "position": "<"}
      """#))
    let expected: [TimelineItem] = [
      .label("start"), .anim("fade", layers: ["a", "b"], duration: 0.5), .delay(-0.25), .stagger(0.1),
      .stagger(.each(0.2, from: .center, ease: .easeIn)), .stagger(.amount(1, from: .index(-3))),
      .sequence([], position: .label("start", 1)), .parallel([.delay(2)], position: .absolute(1.5)),
      .label("l2", position: .previousStart(0)),
    ]
    #expect(timeline.root == .sequence(expected))
    #expect(timeline.definitions.map(\.name) == ["fade"])
    #expect(timeline.definitions.first?.changes == ["opacity": [-1]])
  }

  @Test("repeat, yoyo, repeatDelay and timeScale on the timeline and on sequences and parallels: read, written, read back")
  func nodeTimings() throws {
    let timeline = try read(#"""
      {"definitions": {"fade": {"changes": {"opacity": -1}}},
       "timeline": {"sequence": [
         {"parallel": [{"anim": "fade", "layers": ["a"], "duration": 1}], "repeat": -1, "timeScale": 0.5},
         {"sequence": [{"anim": "fade", "layers": ["b"], "duration": 1}], "yoyo": true, "repeat": 2, "position": 1}],
        "repeat": 3, "yoyo": true, "repeatDelay": 0.25}}
      """#)
    let expected = TimelineItem.sequence([
      .parallel([.anim("fade", layer: "a", duration: 1)], timing: TimelineNodeTiming(repeat: -1, timeScale: 0.5)),
      .sequence([.anim("fade", layer: "b", duration: 1)], position: .absolute(1), timing: TimelineNodeTiming(repeat: 2, yoyo: true)),
    ], timing: TimelineNodeTiming(repeat: 3, yoyo: true, repeatDelay: 0.25))
    #expect(timeline.root == expected)
    let text = try timeline.json(pretty: false)
    #expect(text.contains(#""repeat":3,"yoyo":true,"repeatDelay":0.25}}"#), "\(text)")
    #expect(text.contains(#"{"parallel":[{"anim":"fade","layers":["a"],"duration":1}],"repeat":-1,"timeScale":0.5}"#), "\(text)")
    #expect(text.contains(#""repeat":2,"yoyo":true,"position":1}"#), "\(text)")
    let again = try read(text)
    #expect(again.root == timeline.root)
    #expect(try again.json(pretty: false) == text)
    expectRead(.invalidArgument, document(#"{"sequence": [], "repeat": -2}"#),
               "timeline.sequence[0].repeat: expected an integer in -1...2147483647, found -2")
    expectRead(.invalidArgument, document(#"{"sequence": [], "repeat": 1.5}"#), "timeline.sequence[0].repeat: expected an integer")
    expectRead(.invalidArgument, document(#"{"parallel": [], "yoyo": 1}"#), "timeline.sequence[0].yoyo: expected a boolean")
    expectRead(.invalidArgument, document(#"{"sequence": [], "timeScale": 0}"#), "timeline.sequence[0].timeScale: timeScale must be > 0")
    expectRead(.invalidArgument, document(#"{"sequence": [], "repeatDelay": -1}"#),
               "timeline.sequence[0].repeatDelay: repeatDelay must be >= 0")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "repeat": 1}"#),
               "timeline.sequence[0]: unknown key 'repeat'")
    expectRead(.invalidArgument, #"{"timeline": {"sequence": [], "repaet": 1}}"#, "(did you mean 'repeat'?)")
    _ = expectError(.invalidArgument) {
      _ = try Timeline(sequence: [TimelineItem(.delay(1), timing: TimelineNodeTiming(yoyo: true))]).json()
    }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [], timing: TimelineNodeTiming(timeScale: -1)).json() }
  }

  @Test("call points: read with their position, written back; in a parallel at its start; errors name them")
  func calls() throws {
    let timeline = try read(document(#"{"call": "go", "position": 1.5}, {"parallel": [{"call": "both"}]}"#))
    #expect(timeline.root == .sequence([.call("go", position: .absolute(1.5)), .parallel([.call("both")])]))
    let text = try timeline.json(pretty: false)
    #expect(text.contains(#"{"call":"go","position":1.5}"#) && text.contains(#"{"parallel":[{"call":"both"}]}"#), "\(text)")
    #expect(try read(text).root == timeline.root)
    let schedule = try timeline.schedule()
    #expect(schedule.calls.map(\.name) == ["go", "both"] && schedule.calls.map(\.time) == [1.5, 1.5])
    expectRead(.invalidArgument, document(#"{"call": ""}"#), "timeline.sequence[0].call: a call needs a name")
    expectRead(.invalidArgument, document(#"{"call": 3}"#), "timeline.sequence[0].call: expected a string")
    expectRead(.invalidArgument, document(#"{"call": "x", "delay": 1}"#), "not both")
  }

  @Test("GSAP's to, from and fromTo in place of changes: read, written as given, read back; errors name the definition")
  func absoluteValues() throws {
    let timeline = try read(#"""
      {"definitions": {
         "t": {"curve": "ease-out", "to": {"opacity": 0, "x": 100}},
         "f": {"from": {"position": [1, 2]}},
         "ft": {"fromTo": {"from": {"alpha": 0}, "to": {"alpha": 1}}}},
       "timeline": {"sequence": [{"anim": "t", "layers": ["a"], "duration": 1}]}}
      """#)
    let byName = Dictionary(uniqueKeysWithValues: timeline.definitions.map { ($0.name, $0) })
    #expect(byName["t"]?.values == .to(["opacity": [0], "x": [100]]))
    #expect(byName["t"]?.curve == .easeOut)
    #expect(byName["f"]?.values == .from(["position": [1, 2]]))
    #expect(byName["ft"]?.values == .fromTo(from: ["alpha": [0]], to: ["alpha": [1]]))
    #expect(byName["ft"]?.isAbsolute == true && byName["ft"]?.changes == [:])
    let text = try timeline.json(pretty: false)
    #expect(text.contains(#""t":{"curve":"ease-out","to":{"opacity":0,"x":100}}"#), "\(text)")
    #expect(text.contains(#""f":{"curve":"linear","from":{"position":[1,2]}}"#), "\(text)")
    #expect(text.contains(#""ft":{"curve":"linear","fromTo":{"from":{"alpha":0},"to":{"alpha":1}}}"#), "\(text)")
    let again = try read(text)
    #expect(again.definitions == timeline.definitions)
    #expect(try again.json(pretty: false) == text)

    func definitions(_ body: String) -> String { #"{"definitions": {"d": "# + body + #"}, "timeline": {"sequence": []}}"# }
    expectRead(.invalidArgument, definitions(#"{"to": {"opacity": 0}, "changes": {}}"#),
               #"definitions.d: a definition gives one of 'changes', 'to', 'from', 'fromTo', not 'changes' and 'to'"#)
    expectRead(.invalidArgument, definitions(#"{"curve": "linear"}"#), "definitions.d: a definition needs one of")
    expectRead(.notFound, definitions(#"{"to": {"opacty": 0}}"#), "definitions.d.to.opacty: unknown key path 'opacty' (did you mean 'opacity'?)")
    expectRead(.invalidArgument, definitions(#"{"fromTo": {"from": {"x": 0}}}"#), "definitions.d.fromTo: missing required key 'to'")
    expectRead(.invalidArgument, definitions(#"{"fromTo": {"from": {"x": 0}, "to": {"y": 1}}}"#),
               "definitions.d: definition 'd': fromTo gives 'x' a from value but no to value")
    expectRead(.invalidArgument, definitions(#"{"fromTo": {"from": {}, "to": {}, "by": {}}}"#), "definitions.d.fromTo: unknown key 'by'")
    expectRead(.invalidArgument, definitions(#"{"to": {"x": 1, "left": 2}}"#), "sets a value of 'frame' that another key")
  }

  @Test("GSAP's stagger grid, axis and [x, y] origin read, write in canonical form and read back; errors name them")
  func gridStaggers() throws {
    let timeline = try read(document(#"""
      {"stagger": {"each": 0.1, "from": "center", "grid": [3, 4], "axis": "y"}},
      {"stagger": {"amount": 1, "from": [0.25, 1], "grid": "auto"}}, {"stagger": {"each": 0.5, "from": 2, "grid": [2, 2]}}
      """#))
    let expected: [TimelineItem] = [
      .stagger(.each(0.1, from: .center, grid: .size(rows: 3, columns: 4), axis: .y)),
      .stagger(.amount(1, from: .point(x: 0.25, y: 1), grid: .auto)),
      .stagger(.each(0.5, from: .index(2), grid: .size(rows: 2, columns: 2))),
    ]
    #expect(timeline.root == .sequence(expected))
    let text = try timeline.json(pretty: false)
    #expect(text.contains(#"{"stagger":{"each":0.1,"from":"center","grid":[3,4],"axis":"y"}}"#), "\(text)")
    #expect(text.contains(#"{"stagger":{"amount":1,"from":[0.25,1],"grid":"auto"}}"#), "\(text)")
    let again = try read(text)
    #expect(again.root == timeline.root)
    #expect(try again.json(pretty: false) == text)
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "grid": [0, 3]}}"#),
               "timeline.sequence[0].stagger.grid[0]: expected an integer in 1...")
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "grid": [3]}}"#),
               #"timeline.sequence[0].stagger.grid: expected "auto" or [rows, columns]"#)
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "grid": "square"}}"#), "stagger.grid")
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "axis": "z"}}"#),
               #"timeline.sequence[0].stagger.axis: unknown stagger axis 'z' (expected "x" or "y")"#)
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "from": [1]}}"#),
               "timeline.sequence[0].stagger.from: expected 2 numbers, found 1")
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "gird": [1, 2]}}"#), "(did you mean 'grid'?)")
    _ = expectError(.invalidArgument) {
      _ = try Timeline(sequence: [.stagger(.each(1, grid: .size(rows: 0, columns: 2)))]).json()
    }
    _ = expectError(.invalidArgument) {
      _ = try Timeline(sequence: [.stagger(.each(1, from: .point(x: .infinity, y: 0)))]).json()
    }
  }

  @Test("a vector key path takes an array, a scalar one a number or a one-number array; curve defaults to linear")
  func changes() throws {
    let timeline = try read(#"""
      {"definitions": {"m": {"changes": {"position": [3, -4], "opacity": [0.5], "cornerRadius": 2}}},
       "timeline": {"parallel": [{"anim": "m", "layers": ["a"], "duration": 1}]}}
      """#)
    let definition = try #require(timeline.definitions.first)
    #expect(definition.curve == .linear)
    #expect(definition.changes == ["position": [3, -4], "opacity": [0.5], "cornerRadius": [2]])
    #expect(timeline.root == .parallel([.anim("m", layers: ["a"], duration: 1)]))
  }

  @Test("errors name the JSON path and suggest the key meant")
  func unknownKeys() {
    expectRead(.invalidArgument, #"{"timelin": {"sequence": []}}"#, "$: unknown key 'timelin' (did you mean 'timeline'?)")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duraton": 1}"#),
               "timeline.sequence[0]: unknown key 'duraton' (did you mean 'duration'?)")
    expectRead(.invalidArgument, document(#"{"delya": 1}"#), "timeline.sequence[0]: unknown key 'delya' (did you mean 'delay'?)")
    expectRead(.invalidArgument, document(#"{"stagger": {"eech": 1}}"#),
               "timeline.sequence[0].stagger: unknown key 'eech' (did you mean 'each'?)")
    expectRead(.invalidArgument, #"{"definitions": {"f": {"curv": "linear", "changes": {}}}, "timeline": {"sequence": []}}"#,
               "definitions.f: unknown key 'curv' (did you mean 'curve'?)")
    expectRead(.notFound, #"{"definitions": {"f": {"changes": {"positon.y": 1}}}, "timeline": {"sequence": []}}"#,
               #"definitions.f.changes["positon.y"]: unknown key path"#
               + " 'positon.y' (did you mean 'position.y'?)")
    expectRead(.invalidArgument, #"{"timeline": {"sequense": []}}"#, "timeline: unknown key 'sequense' (did you mean 'sequence'?)")
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "from": "centre"}}"#),
               "timeline.sequence[0].stagger.from: unknown stagger origin 'centre' (did you mean 'center'?)")
    expectRead(.invalidArgument, document(#"{"delay": 1, "layers": ["a"]}"#), "timeline.sequence[0]: unknown key 'layers'")
  }

  @Test("wrong shapes and values are refused with their path")
  func badValues() {
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duration": -1}"#),
               "timeline.sequence[0].duration: a duration must be >= 0 (got -1)")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": [], "duration": 1}"#),
               "timeline.sequence[0].layers: an instance needs at least one layer")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": [""], "duration": 1}"#),
               "timeline.sequence[0].layers[0]: a layer id must not be empty")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a\u0000b"], "duration": 1}"#),
               "timeline.sequence[0].layers[0]: layer id contains NUL")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": "a", "duration": 1}"#),
               "timeline.sequence[0].layers: expected an array, found a string")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duration": "1"}"#),
               "timeline.sequence[0].duration: expected a number, found a string")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"]}"#),
               "timeline.sequence[0]: missing required key 'duration'")
    expectRead(.invalidArgument, document(#"{"delay": 1, "label": "x"}"#), "an item is one of 'delay' or 'label', not both")
    expectRead(.invalidArgument, document("{}"), "timeline.sequence[0]: an item needs one of 'anim'")
    expectRead(.invalidArgument, document("3"), "timeline.sequence[0]: expected an object, found a number")
    expectRead(.invalidArgument, #"{"timeline": {"sequence": [], "parallel": []}}"#, "not both")
    expectRead(.invalidArgument, #"{"timeline": {}}"#, #"timeline: missing "sequence" or "parallel""#)
    expectRead(.invalidArgument, #"{"definitions": {}}"#, "$: missing required key 'timeline'")
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "amount": 2}}"#), "not both")
    expectRead(.invalidArgument, document(#"{"stagger": {"from": "end"}}"#), #"missing "each" or "amount""#)
    expectRead(.invalidArgument, document(#"{"stagger": {"each": 1, "from": 1.5}}"#),
               "timeline.sequence[0].stagger.from: expected an integer, found 1.5")
    expectRead(.invalidArgument, document(#"{"stagger": "0.2"}"#), "expected a number or an object, found a string")
    expectRead(.parse, document(#"{"stagger": {"each": 1, "ease": "ease-sideways"}}"#), "timeline.sequence[0].stagger.ease")
    expectRead(.parse, #"{"definitions": {"f": {"curve": "cubic-bezier(0, 0", "changes": {}}}, "timeline": {"sequence": []}}"#,
               "definitions.f.curve")
    expectRead(.invalidArgument, #"{"definitions": {"f": {"changes": {"position": 1}}}, "timeline": {"sequence": []}}"#,
               "definitions.f.changes.position: 'position' takes 2 value(s), got 1")
    expectRead(.invalidArgument, #"{"definitions": {"": {"changes": {}}}, "timeline": {"sequence": []}}"#, "non-empty name")
    expectRead(.parse, #"{"timeline": {"sequence": [}"#, "line 1")
  }

  @Test("positions: where they are refused, malformed text, and labels that must come first in the same sequence")
  func positions() {
    expectRead(.invalidArgument, document(#"{"delay": 1, "position": 0}"#),
               "timeline.sequence[0].position: a delay takes no position")
    expectRead(.invalidArgument, document(#"{"stagger": 1, "position": 0}"#), "a stagger takes no position")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": 0}"#, root: "parallel"),
               "timeline.parallel[0].position: positions place items within a sequence")
    expectRead(.parse, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": "<<"}"#),
               "timeline.sequence[0].position: malformed position")
    expectRead(.parse, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": "+=x"}"#), "malformed position")
    expectRead(.invalidArgument, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": true}"#),
               "expected a number or a string, found a boolean")
    expectRead(.notFound, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": "intro"}"#),
               "timeline.sequence[0].position: no label 'intro' in this sequence")
    expectRead(.notFound, document(#"{"anim": "fade", "layers": ["a"], "duration": 1, "position": "intro+=1"}, {"label": "intro"}"#),
               "no label 'intro'")
    // A label of the enclosing sequence is not one of the nested sequence's.
    expectRead(.notFound, document(#"{"label": "intro"}, {"sequence": [{"anim": "fade", "layers": ["a"], "duration": 1, "position": "intro"}]}"#),
               "timeline.sequence[1].sequence[0].position: no label 'intro'")
    expectRead(.notFound, document(#"{"label": "intro"}, {"anim": "fade", "layers": ["a"], "duration": 1, "position": "intor"}"#),
               "(did you mean 'intro'?)")
    expectRead(.invalidArgument, document(#"{"label": "1.5"}"#), "label '1.5' reads as a position")
    expectRead(.invalidArgument, document(#"{"label": "a+=1"}"#), "reads as a position")
    expectRead(.invalidArgument, document(#"{"label": ""}"#), "a label needs a name")
    expectRead(.invalidArgument, document(#"{"label": "x"}"#, root: "parallel"),
               "timeline.parallel[0].label: labels belong to sequences, not parallels")
  }

  @Test("a cycle of references cannot be written; deep nesting is a limit error, never a crash")
  func deepNesting() {
    for depth in [62, 63, 100, 100_000] {
      let text = #"{"timeline": {"sequence": ["# + String(repeating: #"{"sequence": ["#, count: depth)
        + String(repeating: "]}", count: depth) + "]}}"
      if depth <= 62 {
        #expect(throws: Never.self) { _ = try read(text) }
      } else {
        let error = expectError(.limit, "depth \(depth)") { _ = try read(text) }
        #expect(error?.message.contains("128") == true, "\(error?.message ?? "")")
      }
    }
  }

  @Test("schedule-time errors: an unknown definition, a start before 0")
  func scheduleErrors() throws {
    let unknown = try read(document(#"{"anim": "nope", "layers": ["a"], "duration": 1}"#))
    _ = expectError(.notFound) { _ = try unknown.schedule() }
    let early = try read(document(#"{"delay": -1}, {"anim": "fade", "layers": ["a"], "duration": 1}"#))
    let error = expectError(.invalidArgument) { _ = try early.schedule() }
    #expect(error?.message.contains("before 0") == true)
  }

  @Test("the document's definitions shadow the registry's; other names come from the registry")
  func shadowing() throws {
    let registry = TimelineRegistry()
    registry.register(try TimelineDefinition(name: "fade", scalarChanges: ["opacity": 7]))
    registry.register(try TimelineDefinition(name: "grow", scalarChanges: ["cornerRadius": 3]))
    let timeline = try Timeline(json: document(#"{"anim": "fade", "layers": ["a"], "duration": 1}, {"anim": "grow", "layers": ["a"], "duration": 1}"#),
                                registry: registry)
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", cornerRadius: 0, opacity: 1))
    try timeline.apply(to: &scene)
    let state = scene.sample(at: 5)[0]
    // The document's fade (-1), not the registry's (+7); the registry's grow (+3).
    #expect(abs(Double(state.opacity) - 0) < 1e-6)
    #expect(abs(Double(state.cornerRadius) - 3) < 1e-6)
  }

  @Test("resolved() copies the registry definitions in use, so later registry changes do not reach it")
  func resolved() throws {
    let registry = TimelineRegistry()
    registry.register(try TimelineDefinition(name: "grow", scalarChanges: ["cornerRadius": 3]))
    registry.register(try TimelineDefinition(name: "unused", scalarChanges: ["cornerRadius": 3]))
    let timeline = try Timeline(json: document(#"{"anim": "grow", "layers": ["a"], "duration": 1}, {"anim": "fade", "layers": ["a"], "duration": 1}"#),
                                registry: registry).resolved()
    registry.removeDefinition(named: "grow")
    #expect(timeline.definitions.map(\.name) == ["fade", "grow"])
    #expect(try timeline.schedule().entries.map(\.name) == ["grow", "fade"])
    let text = try timeline.json()
    #expect(try Timeline(json: text, registry: TimelineRegistry()).schedule() == timeline.schedule())
  }

  @Test("TimelineDefinition(changesJSON:) reads a definition's changes object")
  func changesJSON() throws {
    let definition = try TimelineDefinition(name: "m", curve: .easeIn, changesJSON: #"{"position": [1, 2], "opacity": -0.5}"#)
    #expect(definition.changes == ["position": [1, 2], "opacity": [-0.5]])
    _ = expectError(.notFound) { _ = try TimelineDefinition(name: "m", changesJSON: #"{"opactiy": 1}"#) }
    _ = expectError(.parse) { _ = try TimelineDefinition(name: "m", changesJSON: "{") }
    _ = expectError(.invalidArgument) { _ = try TimelineDefinition(name: "m", changesJSON: "[]") }
  }

  // MARK: - Writing

  @Test("the writer: a root that is not a node becomes a sequence's only item; positions as GSAP text; defaults left out")
  func writer() throws {
    let definition = try TimelineDefinition(name: "fade", curve: .easeIn, scalarChanges: ["opacity": -1])
    let timeline = Timeline(root: .anim("fade", layer: "a", duration: 1, position: 2), definitions: [definition])
    #expect(try timeline.json(pretty: false) == #"{"definitions":{"fade":{"curve":"ease-in","changes":{"opacity":-1}}},"timeline":{"sequence":[{"anim":"fade","layers":["a"],"duration":1,"position":2}]}}"#)
    let positions: [TimelinePosition] = [
      .previousStart(0), .previousStart(0.25), .previousEnd(-0.5), .afterEnd(1), .afterEnd(-0.5), .label("x", 0),
      .label("x", 2), .label("x", -0.125), "x+=3", ">",
    ]
    let texts = ["<", "<0.25", ">-0.5", "+=1", "-=0.5", "x", "x+=2", "x-=0.125", "x+=3", ">"]
    for (position, text) in zip(positions, texts) {
      let item = Timeline(sequence: [.anim("fade", layer: "a", duration: 1), .label("x"),
                                     .anim("fade", layer: "a", duration: 1, position: position)],
                          definitions: [definition])
      let json = try item.json(pretty: false)
      #expect(json.contains(#""position":"\#(text)""#), "\(json)")
      let again = try Timeline(json: json, registry: TimelineRegistry())
      #expect(try again.schedule() == item.schedule())
    }
    let stagger = Timeline(sequence: [.stagger(.each(0.1)), .stagger(.amount(1, from: .index(2), ease: .easeOut))])
    #expect(try stagger.json(pretty: false)
            == #"{"timeline":{"sequence":[{"stagger":{"each":0.1}},{"stagger":{"amount":1,"from":2,"ease":"ease-out"}}]}}"#)
  }

  @Test("the writer refuses what the reader would refuse, and nesting past the reader's depth")
  func writerRefuses() {
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.delay(.nan)]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.anim("f", layer: "a", duration: -1)]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.anim("f", layers: [], duration: 1)]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(parallel: [.anim("f", layer: "a", duration: 1, position: 1)]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.label("1.5")]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.stagger(.infinity)]).json() }
    _ = expectError(.invalidArgument) { _ = try Timeline(sequence: [.stagger(.each(1, from: .index(.min)))]).json() }
    // A label position whose name holds "+=" would read back as another label.
    _ = expectError(.invalidArgument) {
      _ = try Timeline(sequence: [.anim("f", layer: "a", duration: 1, position: .label("a+=1", 0))]).json()
    }
    var deep = TimelineItem.sequence([])
    for _ in 0..<200 { deep = .sequence([deep]) }
    let error = expectError(.limit) { _ = try Timeline(root: deep).json() }
    #expect(error?.message.contains("128") == true)
  }
}

/// The reader's limits beyond JSON's: entries counted as instances are read.
@Suite("Timeline JSON limits")
struct TimelineJSONLimitTests {
  @Test("past maximumEntries the reader stops at the instance that passes it, naming its layers")
  func entries() {
    let layers = "[" + Array(repeating: #""a""#, count: 600_000).joined(separator: ",") + "]"
    let text = #"{"timeline": {"sequence": [{"anim": "f", "layers": "# + layers + #", "duration": 1}, "#
      + #"{"parallel": [{"anim": "f", "layers": "# + layers + #", "duration": 1}]}]}}"#
    let error = expectError(.limit) { _ = try Timeline(json: text, registry: TimelineRegistry()) }
    #expect(error?.message.hasPrefix("timeline.sequence[1].parallel[0].layers: ") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("1000000 entries") == true)
  }

  @Test("the limits the reader parses with are the documented ones")
  func jsonLimits() {
    #expect(Timeline.jsonLimits.maxElements == Timeline.maximumJSONValues)
    #expect(Timeline.jsonLimits.effectiveMaxDepth == Timeline.maximumJSONDepth)
    #expect(Timeline.jsonLimits.maxBytes == 64 << 20)
  }
}
