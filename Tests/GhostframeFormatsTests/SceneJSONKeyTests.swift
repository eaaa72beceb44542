import Testing
@testable import GhostframeFormats
@testable import _GhostframeJSON
import GhostframeCore

/// The scene reader finds members by ordinal; these check that the ordinals and the key sets
/// say what the format's key lists say, and that the fast paths read what the slow ones read.
@Suite("Scene JSON: keys by ordinal")
struct SceneJSONKeyTests {
  /// Each key enumeration's names are its cases' names, in order.
  @Test func keyNamesAreTheCaseNames() {
    #expect(SceneJSONReader.AnimationKey.allCases.map { String(describing: $0) } == SceneJSONReader.AnimationKey.names)
    #expect(SceneJSONReader.TimingKey.allCases.map { String(describing: $0) } == SceneJSONReader.TimingKey.names)
    #expect(SceneJSONReader.LayerKey.allCases.map { String(describing: $0) } == SceneJSONReader.LayerKey.names)
    #expect(SceneJSONReader.LayerKey.propertyBase == SceneJSONReader.LayerKey.allCases.count)
  }

  /// The key sets allow exactly the keys of the format's lists, each at its enumeration's ordinal.
  @Test func keySetsAllowTheFormatsKeys() {
    typealias Reader = SceneJSONReader
    for (index, kind) in Reader.Kind.allCases.enumerated() {
      let child = Reader.commonAnimationKeys.union(Reader.kindKeys(kind))
      #expect(Reader.childAnimationKeys[index].names == child, "\(kind)")
      #expect(Reader.topLevelAnimationKeys[index].names == child.union(["layer", "key"]), "\(kind)")
      for key in child {
        let ordinal = Reader.AnimationKey.names.firstIndex(of: key)
        #expect(ordinal != nil, "\(key) has an AnimationKey")
        var bytes = key
        #expect(bytes.withUTF8 { Reader.childAnimationKeys[index].ordinal(of: $0) } == ordinal, "\(key)")
      }
    }
    #expect(Reader.timingKeySet.names == Reader.timingKeys)
    for key in Reader.timingKeys {
      var bytes = key
      #expect(bytes.withUTF8 { Reader.timingKeySet.ordinal(of: $0) } == Reader.TimingKey.names.firstIndex(of: key))
    }
    #expect(Reader.layerKeySet.names == Reader.layerKeys)
    for (position, property) in LayerProperty.all.enumerated() {
      var key = property.key
      #expect(key.withUTF8 { Reader.layerKeySet.ordinal(of: $0) } == Reader.LayerKey.propertyBase + position)
      #expect(LayerProperty.Name(rawValue: position)?.access == property.access)
    }
  }

  /// Keys written with escapes, enumeration names spelled only canonically alike, key paths and
  /// easings repeated and interleaved, and layers named again after another: each read as the
  /// plain document reads it.
  @Test func fastPathsReadWhatTheSlowPathsRead() throws {
    let layers = #"[{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "opacity": 0.5}]"#
    let escaped = sceneDocument(
      layers: layers,
      animations: #"""
        [{"l\u0061yer": "a", "type": "b\u0061sic", "keyP\u0061th": "opacity", "to": 0.25,
          "timing": {"dur\u0061tion": 2, "d\u0065lay": 0.5, "direction": "altern\u0061te", "easing": "ease-in"}},
         {"layer": "b", "type": "keyframes", "keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.5, 1],
          "calculationMode": "line\u0061r", "timing": {"duration": 1, "easing": "ease-in", "fill": "both"}},
         {"layer": "a", "type": "basic", "keyPath": "position.x", "from": 1, "to": 2,
          "timing": {"duration": 3, "easing": "ease-out"}},
         {"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "key": "second",
          "timing": {"duration": 1, "easing": "ease-out", "iterations": "infinity"}}]
        """#)
    let plain = sceneDocument(
      layers: layers,
      animations: #"""
        [{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 0.25,
          "timing": {"duration": 2, "delay": 0.5, "direction": "alternate", "easing": "ease-in"}},
         {"layer": "b", "type": "keyframes", "keyPath": "opacity", "values": [0, 1, 0.5], "keyTimes": [0, 0.5, 1],
          "calculationMode": "linear", "timing": {"duration": 1, "easing": "ease-in", "fill": "both"}},
         {"layer": "a", "type": "basic", "keyPath": "position.x", "from": 1, "to": 2,
          "timing": {"duration": 3, "easing": "ease-out"}},
         {"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "key": "second",
          "timing": {"duration": 1, "easing": "ease-out", "iterations": "infinity"}}]
        """#)
    let fromEscaped = try Scene(json: escaped)
    let fromPlain = try Scene(json: plain)
    #expect(try fromEscaped.json() == fromPlain.json())
    for time in [0.0, 0.3, 1.1, 2.7] {
      #expect(fromEscaped.sample(at: time) == fromPlain.sample(at: time), "t = \(time)")
    }
    // A layer named after another one, then a missing one: the error names the second.
    let missing = sceneJSONError(
      sceneDocument(
        layers: layers,
        animations: #"""
          [{"layer": "a", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}},
           {"layer": "a", "type": "basic", "keyPath": "position.x", "to": 1, "timing": {"duration": 1}},
           {"layer": "c", "type": "basic", "keyPath": "opacity", "to": 1, "timing": {"duration": 1}}]
          """#))
    #expect(missing?.code == .notFound)
    #expect(missing?.message.hasPrefix("animations[2].layer: no layer 'c'") == true, "\(String(describing: missing))")
  }
}
